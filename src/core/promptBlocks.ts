// Composer message → ACP prompt content. Pure so the host and the tests share one mapping.
// Files travel as links (the agent reads them itself) unless the agent takes embedded context and the text is small;
// selections carry their text because the range is the point; images only reach here if the agent accepts them.
import type { ContentBlock } from '@agentclientprotocol/sdk';
import type { Attachment, ComposerCapabilities } from '../webview/protocol/protocol';
import { unreachable } from '../acpClient/unreachable';

/** Above this many characters a file is linked, not embedded, to keep the prompt small. */
export const MAX_EMBED_CHARS = 64 * 1024;

export interface PromptBuildContext {
  capabilities: Pick<ComposerCapabilities, 'image' | 'embeddedContext'>;
  /** Absolute path → `file://` URI. */
  toUri: (path: string) => string;
  /** Text of a file attachment when it is already loaded and small; undefined means "link it". */
  fileText?: (path: string) => string | undefined;
}

/** Builds the `ContentBlock[]` for one prompt: the typed text first, then attachments in order. */
export function buildPromptBlocks(text: string, attachments: readonly Attachment[], ctx: PromptBuildContext): ContentBlock[] {
  const blocks: ContentBlock[] = [];
  if (text.length > 0) blocks.push({ type: 'text', text });
  for (const a of attachments) {
    switch (a.type) {
      case 'file': {
        const uri = ctx.toUri(a.path);
        const body = ctx.capabilities.embeddedContext ? ctx.fileText?.(a.path) : undefined;
        if (body !== undefined && body.length <= MAX_EMBED_CHARS) {
          blocks.push({ type: 'resource', resource: { uri, text: body, mimeType: 'text/plain' } });
        } else {
          blocks.push({ type: 'resource_link', uri, name: a.name });
        }
        break;
      }
      case 'selection': {
        const range = `L${a.startLine}-L${a.endLine}`;
        if (ctx.capabilities.embeddedContext) {
          blocks.push({ type: 'resource', resource: { uri: `${ctx.toUri(a.path)}#${range}`, text: a.text, mimeType: 'text/plain' } });
        } else {
          blocks.push({ type: 'text', text: `${a.path}:${a.startLine}-${a.endLine}\n\`\`\`\n${a.text}\n\`\`\`` });
        }
        break;
      }
      case 'context':
        blocks.push({ type: 'text', text: `${a.name}:\n\`\`\`\n${a.text}\n\`\`\`` });
        break;
      case 'image':
        if (ctx.capabilities.image) blocks.push({ type: 'image', mimeType: a.mimeType, data: a.data });
        else blocks.push({ type: 'text', text: `[image ${a.name} omitted: the agent does not accept images]` });
        break;
      default:
        unreachable(a, 'attachment');
    }
  }
  return blocks;
}
