// Binds one chat's webviews to the rest of the extension: `ChatSource` reads the chat and the permission broker (data
// flows agent → session state → view), `ChatActions` turns what the user does in the chat into calls on them. The
// webview controller stays ignorant of both.
import type { InitializeResponse } from '@agentclientprotocol/sdk';
import * as vscode from 'vscode';
import type { Chat } from '../chat/chat';
import type { ChatRegistry } from '../chat/chatRegistry';
import { Emitter } from '../acpClient/events';
import { DIFF_UNAVAILABLE } from '../workbench/diffWording';
import { agentSteers } from '../acpClient/steering';
import type { Logger } from '../acpClient/logger';
import type { TranscriptChange } from '../acpClient/transcript';
import type { EditorActions } from '../workbench/editorActions';
import { elicitationMessage } from '../permissionUI/elicitationForm';
import type { ElicitationPrompt, PermissionPrompt } from '../permissionUI/permissionBroker';
import type { PermissionController } from '../permissionUI/permissionController';
import type { ChatActions, ChatPagePart, ChatSource } from '../webview/host/chatPage';
import { buildPromptBlocks } from './promptBlocks';
import { agentPickerActions, agentPickerSource } from './agentPicker';
import type { AgentChoice } from '../agents/agentChoice';
import { onDidChangeApprovalSignal, readApprovalSignal } from '../permissionUI/approvalSignal';
import type { ComposerCapabilities, ElicitationView } from '../webview/protocol/protocol';
import { ACTIONS, type UserErrorPresenter } from '../feedback/userErrorPresenter';

export function composerCapabilities(init: InitializeResponse | undefined): ComposerCapabilities {
  const caps = init?.agentCapabilities;
  return {
    image: caps?.promptCapabilities?.image === true,
    embeddedContext: caps?.promptCapabilities?.embeddedContext === true,
    steering: agentSteers(init),
  };
}

/** One chat's state as its webview reads it; follows the chat's current session. The capabilities are the agent's. */
function createChatSource(
  chat: Chat,
  permissions: PermissionController,
): Pick<
  ChatSource,
  | 'getSnapshot'
  | 'getMeta'
  | 'getStatus'
  | 'getCapabilities'
  | 'getElicitations'
  | 'onDidChangeTranscript'
  | 'onDidChangeSession'
  | 'onDidChangeStatus'
  | 'onDidChangeElicitations'
  | 'getNotice'
  | 'onDidChangeNotice'
> &
  vscode.Disposable {
  const transcript = new Emitter<readonly TranscriptChange[]>();
  const sessionChanged = new Emitter<void>();
  const statusChanged = new Emitter<void>();
  const elicitationsChanged = new Emitter<void>();
  let sessionSub = chat.session?.onDidChange((c) => transcript.fire(c));
  const subs = [
    chat.onDidChangeSession((session) => {
      sessionSub?.dispose();
      sessionSub = session?.onDidChange((c) => transcript.fire(c));
      sessionChanged.fire();
    }),
    chat.onDidChangeStatus(() => statusChanged.fire()),
    permissions.broker.onDidAdd((p) => p.type === 'elicitation' && elicitationsChanged.fire()),
    permissions.broker.onDidSettle((e) => e.type === 'elicitation' && elicitationsChanged.fire()),
  ];
  return {
    getSnapshot: () => chat.session?.snapshot() ?? null,
    getMeta: () => chat.session?.meta,
    getStatus: () => chat.status,
    getCapabilities: () => composerCapabilities(liveInit(chat)),
    getElicitations: (): ElicitationView[] =>
      permissions.broker
        .pending()
        .flatMap((p) =>
          p.type === 'elicitation' && (!chat.session || p.sessionId === undefined || p.sessionId === chat.session.id) ? [elicitationView(p)] : [],
        ),
    onDidChangeTranscript: transcript.event,
    onDidChangeSession: sessionChanged.event,
    onDidChangeStatus: statusChanged.event,
    onDidChangeElicitations: elicitationsChanged.event,
    getNotice: () => chat.notices.current,
    onDidChangeNotice: chat.notices.onDidChange,
    dispose: () => {
      sessionSub?.dispose();
      for (const s of subs) s.dispose();
      for (const e of [transcript, sessionChanged, statusChanged, elicitationsChanged]) e.dispose();
    },
  };
}

function liveInit(chat: Chat): InitializeResponse | undefined {
  const agent = chat.host.agent;
  return agent && !agent.closed ? agent.initializeResponse : undefined;
}

export interface ChatActionDeps {
  chats: ChatRegistry;
  permissions: PermissionController;
  editor: EditorActions;
  logger: Logger;
  presenter: UserErrorPresenter;
}

/** The pending permission request of one of the chat's tool calls, if it waits on one. */
function pendingPermissionOf(permissions: PermissionController, chat: Chat, toolCallId: string): PermissionPrompt | undefined {
  const sessionId = chat.session?.id;
  return permissions.broker
    .pending()
    .find((p): p is PermissionPrompt => p.type === 'permission' && p.sessionId === sessionId && p.request.params.toolCall.toolCallId === toolCallId);
}

/** The form as the host parsed it; the chat renders and checks that, never the raw schema. */
function elicitationView(p: ElicitationPrompt): ElicitationView {
  return { key: p.key, message: elicitationMessage(p.request.params), form: p.form };
}

/** What the user does in one chat. Errors go to the presenter, in this chat; none escapes as an unhandled rejection. */
function createChatActions(
  chat: Chat,
  deps: ChatActionDeps,
): Omit<
  ChatActions,
  | 'addContext'
  | 'completeMentions'
  | 'attachMention'
  | 'dropUris'
  | 'reviewTurnChanges'
  | 'revertTurnChanges'
  | 'keepTurnChanges'
  | 'showReviewComments'
  | 'editPrompt'
  | 'goBack'
  | 'retryTurn'
  | 'undoGrant'
  | 'openGrant'
  | 'setFollowAgent'
  | 'selectAgent'
  | 'worktreeAction'
> {
  const { chats, permissions, editor, logger, presenter } = deps;
  const report = (what: string) => (err: unknown) => presenter.report(err, { chat, what });
  const session = async () => chat.ensureSession();
  const done = () => undefined;
  return {
    // A failed start is reported by the presenter (through the chat's onDidFail).
    start: () => chat.ensureSession().then(done, (err: unknown) => logger.debug?.(`[chat] start failed: ${String(err)}`)),
    focused: async () => chats.focus(chat),
    blurred: async () => chats.blur(chat),
    sendPrompt: async (text, attachments) => {
      // A start that failed was reported; starting again here would spawn a second agent for the same prompt.
      const started = await session().then(
        () => true,
        (err: unknown) => (presenter.report(err, { chat }), false),
      );
      if (!started) return;
      const caps = composerCapabilities(liveInit(chat));
      const blocks = buildPromptBlocks(text, attachments, {
        capabilities: caps,
        toUri: (path) => vscode.Uri.file(path).toString(),
        fileText: (path) => vscode.workspace.textDocuments.find((d) => d.uri.fsPath === path)?.getText(),
      });
      if (blocks.length === 0) return;
      // While a turn runs the session queues it (shown in the chat). A turn's failure is already in the transcript
      // (turn-failed entry); the notice says why and what to do. A prompt refused for want of sign-in is kept, to be
      // sent again once signed in.
      try {
        await chat.submit(blocks);
      } catch (err) {
        presenter.report(err, { chat, what: vscode.l10n.t('Sending the prompt'), prompt: blocks });
      }
    },
    noticeAction: (noticeId, action, methodId, resend) => presenter.runAction(chat, noticeId, action, methodId, { resend }),
    queuedPrompt: async (id, action) => {
      const s = chat.session;
      if (!s) return;
      if (action === 'remove') s.removeQueued(id);
      else if (action === 'steer') await s.steerQueued(id).then(done, report(vscode.l10n.t('Steering the turn')));
      else await s.sendQueued(id).then(done, report(vscode.l10n.t('Sending the prompt')));
    },
    editQueuedPrompt: async (id, text) => {
      chat.session?.editQueued(id, text);
    },
    cancelTurn: () => chat.cancel().then(done, report(vscode.l10n.t('Stopping the turn'))),
    cancelSubagent: (sessionId) => chat.cancelSubagent(sessionId).then(done, report(vscode.l10n.t('Stopping the subagent'))),
    restartAgent: () => chats.restart(chat).then(done, report(vscode.l10n.t('Restarting the agent'))),
    openFolder: () => Promise.resolve(ACTIONS.openFolder.run()).then(done, report(vscode.l10n.t('Opening a folder'))),
    setMode: (modeId) =>
      session()
        .then((s) => s.setMode(modeId))
        .then(done, report(vscode.l10n.t('Changing the mode'))),
    setConfigOption: (configId, value) =>
      session()
        .then((s) => s.setConfigOption(configId, value))
        .then(done, report(vscode.l10n.t('Changing {0}', configId))),
    answerPermission: (key, optionId) => permissions.answer(key, optionId),
    answerElicitation: (key, action, content) => permissions.answerElicitation(key, action === 'accept' ? { action, content: content ?? {} } : { action }),
    openLocation: (path, line) => editor.openLocation(path, line),
    openDiff: async (toolCallId, contentIndex) => {
      const toolCall = chat.session?.getToolCall(toolCallId);
      const content = toolCall?.content[contentIndex];
      if (content?.type !== 'diff') {
        presenter.showMessage(DIFF_UNAVAILABLE.message, DIFF_UNAVAILABLE.severity, DIFF_UNAVAILABLE.actions, chat);
        return;
      }
      // A completed call's change is already on disk: show what it changed, not disk-vs-proposal (which is empty).
      const applied = toolCall?.status === 'completed';
      // A change still waiting for approval: the diff's title bar answers that request too (review/diffApprovals.ts).
      const pending = applied ? undefined : pendingPermissionOf(permissions, chat, toolCallId);
      await editor.showDiff(
        { path: content.path, oldText: content.oldText ?? null, newText: content.newText },
        { applied, forApproval: pending?.key, askedBy: pending?.presentation.askedBy },
      );
    },
  };
}

/**
 * The chat's own part of its page: the transcript, status, notices, approvals and questions, the agent picker and
 * how a new approval is signalled (one for every chat, from VS Code's setting).
 */
export function chatCorePart(chat: Chat, deps: ChatActionDeps & { agents: AgentChoice; folders: () => readonly string[] }): ChatPagePart & vscode.Disposable {
  const { dispose, ...transcript } = createChatSource(chat, deps.permissions);
  return {
    source: {
      ...transcript,
      ...agentPickerSource(deps.agents),
      getFolders: deps.folders,
      getApprovalSignal: readApprovalSignal,
      onDidChangeApprovalSignal: onDidChangeApprovalSignal,
    },
    actions: { ...createChatActions(chat, deps), ...agentPickerActions(deps.agents, () => deps.chats.switchAgent(chat)) },
    dispose,
  };
}
