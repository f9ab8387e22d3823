// The chat's context as the composer asks for it: Add Context's question, `@` suggestions and what a picked one
// attaches, and files and folders dropped on the composer. One object for the chats' views, over the sources they
// share (contextSources.ts).
import * as vscode from 'vscode';
import type { Logger } from '../acpClient/logger';
import { dropNotAttached, type DropRefusal } from './contextWording';
import type { Attachment, Mention, MentionCompletion } from '../webview/protocol/protocol';
import { ContextPicker } from './contextPicker';
import { ContextSources, type ContextSourceDeps } from './contextSources';
import { droppedName, droppedPath } from './droppedUris';
import { MentionSource } from './mentionSource';
import { checkWorkspacePath } from './workspaceResources';

/** What a chat's composer asks of the host about context. */
export class ChatContext {
  private readonly sources: ContextSources;
  private readonly picker: ContextPicker;
  private readonly mentions: MentionSource;

  constructor(private readonly deps: ContextSourceDeps & { logger: Logger }) {
    this.sources = new ContextSources(deps);
    this.picker = new ContextPicker(this.sources);
    this.mentions = new MentionSource(this.sources);
  }

  pick(): Promise<Attachment[]> {
    return this.picker.pick();
  }

  complete(query: string): Promise<MentionCompletion[]> {
    return this.mentions.complete(query);
  }

  attachMention(mention: Mention): Promise<Attachment[]> {
    return this.mentions.attach(mention);
  }

  async attachDropped(uris: readonly string[]): Promise<Attachment[]> {
    // In a remote window (code-server, SSH) the workbench names the extension host's files vscode-remote://….
    const remote = vscode.env.remoteName !== undefined;
    const attached: Attachment[] = [];
    const refused: { name: string; why: DropRefusal }[] = [];
    for (const uri of new Set(uris)) {
      const dropped = droppedPath(uri, remote);
      const checked = dropped.ok ? await checkWorkspacePath(dropped.path) : ({ ok: false, why: 'not-a-file' } as const);
      if (checked.ok) attached.push(this.sources.resource(checked.uri, checked.folder));
      else refused.push({ name: droppedName(uri), why: checked.why });
    }
    this.deps.logger.debug?.(
      `[dropContext] ${attached.length} attached, ${refused.length} refused (${[...new Set(uris)].map((u) => u.split(':')[0]).join(', ')})`,
    );
    if (refused.length) this.sources.say(dropNotAttached(refused), 'warning');
    return attached;
  }
}
