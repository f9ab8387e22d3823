// Validates messages between host and webview. The webview renders agent output, so treat what it posts as
// untrusted: a wrong shape is dropped (and logged by the caller), never half-applied. The page imports this module too
// (for appends), so it uses zod's tree-shakable `zod/mini` API: the full API would more than double the page bundle.
import * as z from 'zod/mini';

const MAX_TEXT = 1_000_000;
const MAX_IMAGE_BASE64 = 20 * 1024 * 1024;
const str = (max = 4096) => z.string().check(z.maxLength(max));
const int = (min?: number) => (min === undefined ? z.int() : z.int().check(z.minimum(min)));

/**
 * The schemas, built on first use rather than when the module loads: the extension host loads this module at
 * activation, and building them is most of its cost there. The page builds only the appends' (below), on the first
 * streamed chunk.
 */
function buildWebviewSchemas() {
  const attachment = z.discriminatedUnion('type', [
    /** `folder`: the path is a folder (its chip says so; it still travels as a link). */
    z.object({ type: z.literal('file'), path: str(), name: str(), folder: z.optional(z.boolean()) }),
    z.object({
      type: z.literal('selection'),
      path: str(),
      name: str(),
      startLine: int(1),
      endLine: int(1),
      text: str(MAX_TEXT),
    }),
    /** Text Add Context gathered (the problems, a terminal's output, the git changes), sent as it is. */
    z.object({ type: z.literal('context'), kind: z.enum(['problems', 'terminal', 'changes']), name: str(256), text: str(MAX_TEXT) }),
    z.object({
      type: z.literal('image'),
      mimeType: z.string().check(z.regex(/^image\/[a-z0-9.+-]+$/i)),
      data: z.string().check(z.maxLength(MAX_IMAGE_BASE64)),
      name: str(),
    }),
  ]);

  /** What an `@` suggestion attaches, as the host offered it; the host checks a path again before attaching. */
  const mention = z.discriminatedUnion('kind', [
    z.object({ kind: z.enum(['file', 'folder']), path: str() }),
    z.object({ kind: z.literal('symbol'), path: str(), name: str(256), startLine: int(1), endLine: int(1) }),
    z.object({ kind: z.enum(['problems', 'terminal', 'changes']) }),
  ]);

  const elicitationValue = z.union([str(MAX_TEXT), z.number(), z.boolean(), z.array(str(MAX_TEXT)).check(z.maxLength(1000))]);

  const webviewMessage = z.discriminatedUnion('type', [
    z.object({ type: z.literal('ready'), v: z.number() }),
    /** The page could not apply an append (unknown entry, or not the state it builds on): it asks for a snapshot. */
    z.object({ type: z.literal('resync'), reason: str(256) }),
    // The user is in this chat now: commands act on it.
    z.object({ type: z.literal('focused') }),
    // The user left this chat's page (its keys no longer apply).
    z.object({ type: z.literal('blurred') }),
    z.object({ type: z.literal('sendPrompt'), text: str(MAX_TEXT), attachments: z.array(attachment).check(z.maxLength(100)) }),
    z.object({ type: z.literal('cancelTurn') }),
    /** Stop one subagent (its child session id); the turn and the other subagents go on. */
    z.object({ type: z.literal('cancelSubagent'), sessionId: z.string().check(z.minLength(1), z.maxLength(256)) }),
    z.object({ type: z.literal('queuedPrompt'), id: str(64), action: z.enum(['remove', 'steer', 'send']) }),
    z.object({ type: z.literal('editQueuedPrompt'), id: str(64), text: str(MAX_TEXT) }),
    z.object({ type: z.literal('restartAgent') }),
    // The welcome of a window with no folder.
    z.object({ type: z.literal('openFolder') }),
    z.object({ type: z.literal('setMode'), modeId: str(256) }),
    z.object({ type: z.literal('setConfigOption'), configId: str(256), value: z.union([str(1024), z.boolean()]) }),
    z.object({ type: z.literal('answerPermission'), key: str(512), optionId: str(256) }),
    z.object({
      type: z.literal('answerElicitation'),
      key: str(512),
      action: z.enum(['accept', 'decline', 'cancel']),
      // A field named __proto__ could not be kept as the page sent it (an object's prototype is not a field): refused.
      content: z.optional(
        z.pipe(
          z.custom<unknown>((v) => !(typeof v === 'object' && v !== null && Object.hasOwn(v, '__proto__'))),
          z.record(z.string(), elicitationValue),
        ),
      ),
    }),
    z.object({ type: z.literal('openLocation'), path: str(), line: z.optional(z.nullable(int(0))) }),
    z.object({ type: z.literal('openDiff'), toolCallId: str(512), contentIndex: int(0) }),
    z.object({ type: z.literal('openLink'), href: str(8192) }),
    /** `@` completion beyond files: folders, symbols (`@#name`: symbols only), the problems, terminal, git changes. */
    z.object({ type: z.literal('completeMentions'), requestId: int(), query: str(1024) }),
    z.object({ type: z.literal('attachMention'), mention }),
    /** Files and folders dropped on the composer (the Explorer's, an editor tab's): URIs only, checked by the host. */
    z.object({ type: z.literal('dropUris'), uris: z.array(str(8192)).check(z.maxLength(100)) }),
    /** The composer's Add Context button: the host asks what to attach. */
    z.object({ type: z.literal('addContext') }),
    z.object({ type: z.literal('reviewTurnChanges'), id: str(128) }),
    /** Without `path`: Revert All. */
    z.object({ type: z.literal('revertTurnChanges'), id: str(128), path: z.optional(str()) }),
    /** Without `path`: Keep All (what the editor still holds under review of the turn's files). */
    z.object({ type: z.literal('keepTurnChanges'), id: str(128), path: z.optional(str()) }),
    /** A sent review's entry: VS Code's Comments view, where its threads are. */
    z.object({ type: z.literal('showReviewComments') }),
    z.object({ type: z.literal('setFollowAgent'), enabled: z.boolean() }),
    /** Going back, each from a user message (by its entry id): send it changed, from just before it. */
    z.object({ type: z.literal('editPrompt'), entryId: str(256), text: str(MAX_TEXT) }),
    /** Rewind the code, the chat, or both, to just before that message (the host asks which). */
    z.object({ type: z.literal('goBack'), entryId: str(256) }),
    /** Send the prompt of a failed turn again (`entryId`: any entry of that turn). */
    z.object({ type: z.literal('retryTurn'), entryId: str(256) }),
    /** An "always" answer's rules: taken back (each removed from its file), or the file opened at them. */
    z.object({ type: z.literal('undoGrant'), key: str(512) }),
    z.object({ type: z.literal('openGrant'), key: str(512) }),
    z.object({ type: z.literal('selectAgent'), name: str(60) }),
    /** The chat's worktree: Review (all files, or one), Apply to Workspace, Open in New Window, Discard. */
    z.object({ type: z.literal('worktree'), action: z.enum(['start', 'review', 'apply', 'openWindow', 'discard']), path: z.optional(str()) }),
    z.object({ type: z.literal('noticeAction'), noticeId: int(), action: str(64), methodId: z.optional(str(256)), resend: z.optional(z.boolean()) }),
  ]);
  return { attachment, mention, webviewMessage };
}

function buildAppendSchemas() {
  /**
   * Text the host adds at the end of an entry's field (streamed message text, command output), so the bytes posted per
   * chunk do not grow with the message. `from` is the field's length the append builds on: a page holding another
   * length (it missed a message) asks for a snapshot instead of showing a wrong text. For command output, `length` and
   * `dropped` are the field's length and dropped-head count after the append (the host keeps only the tail).
   */
  const entryAppend = z.discriminatedUnion('field', [
    z.object({ id: str(256), field: z.literal('text'), from: int(0), text: z.string() }),
    z.object({
      id: str(256),
      field: z.literal('terminal'),
      from: int(0),
      text: z.string(),
      length: int(0),
      dropped: z.optional(int(0)),
    }),
  ]);
  return { entryAppend, entryAppends: z.array(entryAppend) };
}

type WebviewSchemas = ReturnType<typeof buildWebviewSchemas>;
type AppendSchemas = ReturnType<typeof buildAppendSchemas>;
let webviewBuilt: WebviewSchemas | undefined;
let appendBuilt: AppendSchemas | undefined;
const webviewSchemas = (): WebviewSchemas => (webviewBuilt ??= buildWebviewSchemas());
const appendSchemas = (): AppendSchemas => (appendBuilt ??= buildAppendSchemas());

export type Attachment = z.infer<WebviewSchemas['attachment']>;
export type EntryAppend = z.infer<AppendSchemas['entryAppend']>;
export type Mention = z.infer<WebviewSchemas['mention']>;

/** Checks the appends of a host `patch` before the page applies them; a wrong shape drops the lot (and resyncs). */
export function parseEntryAppends(raw: unknown): { ok: true; appends: EntryAppend[] } | { ok: false; error: string } {
  const r = appendSchemas().entryAppends.safeParse(raw);
  if (r.success) return { ok: true, appends: r.data };
  const issue = r.error.issues[0];
  return { ok: false, error: `invalid appends: ${issue ? `${issue.path.join('.')} ${issue.message}` : 'unknown'}` };
}

/** Every message the webview may post: the schema is the definition. */
export type WebviewToHost = z.infer<WebviewSchemas['webviewMessage']>;

export type ParseResult = { ok: true; message: WebviewToHost } | { ok: false; error: string };

/** Parses one message posted by the webview; unknown types and wrong shapes are rejected with a short reason. */
export function parseWebviewMessage(raw: unknown): ParseResult {
  const r = webviewSchemas().webviewMessage.safeParse(raw);
  if (r.success) return { ok: true, message: r.data };
  const type = typeof raw === 'object' && raw !== null && 'type' in raw ? String((raw as { type: unknown }).type).slice(0, 64) : typeof raw;
  const issue = r.error.issues[0];
  return { ok: false, error: `invalid webview message (type ${type}): ${issue ? `${issue.path.join('.')} ${issue.message}` : 'unknown'}` };
}
