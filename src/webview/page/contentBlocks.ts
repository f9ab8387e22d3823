// Renders ACP content blocks (agent/user messages, tool output) to DOM. Text goes through markdown + sanitizer;
// images only as data: URIs of raster types (the CSP allows nothing else); file references become location buttons.
import type { ContentBlock } from '@agentclientprotocol/sdk';
import type { ViewContext } from './viewContext';
import { button, h, icon } from './dom';
import { l10n } from './l10n';

const RASTER = /^image\/(png|jpeg|gif|webp)$/;

/** Concatenated text of the text blocks (messages stream as many text chunks). */
export function blocksText(blocks: readonly ContentBlock[]): string {
  let s = '';
  for (const b of blocks) if (b.type === 'text') s += b.text;
  return s;
}

/** Non-text blocks as chips/images; text is rendered by the caller (once, as one markdown document). */
export function renderNonTextBlocks(blocks: readonly ContentBlock[], ctx: ViewContext): HTMLElement | null {
  const items: HTMLElement[] = [];
  for (const b of blocks) {
    switch (b.type) {
      case 'text':
        break;
      case 'image':
        if (RASTER.test(b.mimeType) && /^[A-Za-z0-9+/=\s]*$/.test(b.data)) {
          items.push(h('img', { class: 'content-image', alt: l10n.t('Image'), src: `data:${b.mimeType};base64,${b.data}` }));
        } else items.push(chip('file-media', l10n.t('Image ({0})', b.mimeType)));
        break;
      case 'audio':
        items.push(chip('unmute', l10n.t('Audio ({0})', b.mimeType)));
        break;
      case 'resource_link':
        items.push(fileRef(b.uri, b.title ?? b.name, ctx));
        break;
      case 'resource':
        items.push(fileRef(b.resource.uri, undefined, ctx));
        break;
    }
  }
  return items.length ? h('div', { class: 'content-refs' }, ...items) : null;
}

function chip(iconName: string, label: string): HTMLElement {
  return h('span', { class: 'chip' }, icon(iconName), label);
}

/** A file reference: a button that asks the host to open it (file: URIs only; never navigation). */
function fileRef(uri: string, label: string | undefined, ctx: ViewContext): HTMLElement {
  const loc = parseFileUri(uri);
  if (!loc) return chip('link', label ?? uri);
  const name = label ?? `${loc.path.split('/').pop()}${loc.line ? `:${loc.line}` : ''}`;
  return locationButton(loc.path, loc.line, name, ctx);
}

/**
 * A file reference, shown as a link with the file's icon (a long name ends in an ellipsis; the whole path is its
 * tooltip). A button posting `openLocation`: the host checks the path before anything opens.
 */
export function locationButton(
  path: string,
  line: number | null | undefined,
  label: string,
  ctx: ViewContext,
  /** The label says what the link does ("Open at line 12"), the card naming the file already. */
  labelIsAction = false,
): HTMLButtonElement {
  // The name holds what the link shows ("existing.txt:12", "Open at line 12"), so speech input finds it by its text
  // (WCAG 2.5.3).
  const b = button(
    labelIsAction ? l10n.t('{0}: {1}', label, path) : line ? l10n.t('Open {0}:{1}', path, line) : l10n.t('Open {0}', path),
    {
      class: 'location-link',
      'data-testid': 'location-link',
      'data-path': path,
      'data-line': line ?? undefined,
      title: line ? l10n.t('Open {0} at line {1}', path, line) : l10n.t('Open {0}', path),
    },
    icon('file'),
    h('span', { class: 'location-label' }, label),
  );
  b.addEventListener('click', () => ctx.post({ type: 'openLocation', path, line: line ?? null }));
  return b;
}

/** `file:///a/b.ts#L10-L20` → { path: '/a/b.ts', line: 10 }. */
export function parseFileUri(uri: string): { path: string; line?: number } | undefined {
  let u: URL;
  try {
    u = new URL(uri);
  } catch {
    return undefined;
  }
  if (u.protocol !== 'file:') return undefined;
  const m = /^#L(\d+)/.exec(u.hash);
  let path = decodeURIComponent(u.pathname);
  if (/^\/[A-Za-z]:\//.test(path)) path = path.slice(1); // Windows drive letter
  return { path, line: m ? Number(m[1]) : undefined };
}
