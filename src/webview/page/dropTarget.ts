// Drag and drop onto the composer. VS Code's workbench covers a webview while one of its own drags (an Explorer item,
// an editor tab) is under way, so the drop reaches the page only while the user holds Shift; the page cannot tell a
// drag it never sees, so the hint shows once the drag is here. What a workbench drag carries is URIs
// (`application/vnd.code.uri-list` with folders too, `text/uri-list`, `resourceurls`, `codeeditors`, `codefiles`):
// the page hands the host those strings only, and the host decides what is attached. A drag from the OS carries File
// objects without a path: images go the way of a pasted one, the rest is refused with a word.

/** What a DataTransfer offers, reduced to what is read here (testable without a DOM). */
export interface DragData {
  readonly types: readonly string[];
  getData(type: string): string;
}

/** The types a workbench drag of files, folders or editor tabs carries URIs in (Chromium gives them in lower case). */
const URI_TYPES = ['application/vnd.code.uri-list', 'text/uri-list', 'resourceurls', 'codeeditors', 'codefiles'];
const MAX_URIS = 100;
const MAX_URI_CHARS = 8192;

/** Whether the drag carries workbench URIs. */
export function carriesUris(types: readonly string[]): boolean {
  return types.some((t) => URI_TYPES.includes(t.toLowerCase()));
}

/** Whether the drag carries files from the OS (File objects) and no workbench URIs. */
export function carriesOsFiles(types: readonly string[]): boolean {
  return types.includes('Files') && !carriesUris(types);
}

/** The URIs a drop carries, each once, in the order given (the richest list first), bounded. */
export function droppedUris(data: DragData): string[] {
  const found: string[] = [];
  const read = (type: string): string => {
    try {
      return data.getData(type) ?? '';
    } catch {
      return '';
    }
  };
  const json = (type: string): unknown[] => {
    const raw = read(type);
    if (!raw) return [];
    try {
      const parsed: unknown = JSON.parse(raw);
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  };
  for (const type of ['application/vnd.code.uri-list', 'text/uri-list']) found.push(...uriList(read(type)));
  for (const v of json('resourceurls')) if (typeof v === 'string') found.push(v);
  for (const v of json('codeeditors')) {
    const resource = typeof v === 'object' && v !== null ? (v as { resource?: unknown }).resource : undefined;
    const uri = typeof resource === 'string' ? resource : uriOf(resource);
    if (uri) found.push(uri);
  }
  for (const v of json('codefiles')) if (typeof v === 'string' && v) found.push(fileUri(v));
  return [...new Set(found.filter((u) => u.length > 0 && u.length <= MAX_URI_CHARS && /^[a-z][a-z0-9+.-]*:/i.test(u)))].slice(0, MAX_URIS);
}

/** A `text/uri-list`: one URI a line, `#` lines are comments. */
function uriList(text: string): string[] {
  return text
    .split(/\r?\n/u)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
}

/** A serialized URI's parts (`{ scheme, authority, path }`, as VS Code marshals one) as its string. */
function uriOf(parts: unknown): string | undefined {
  if (typeof parts !== 'object' || parts === null) return undefined;
  const { scheme, authority, path } = parts as { scheme?: unknown; authority?: unknown; path?: unknown };
  if (typeof scheme !== 'string' || typeof path !== 'string') return undefined;
  return `${scheme}://${typeof authority === 'string' ? authority : ''}${encodePath(path)}`;
}

/** An absolute path as a `file:` URI (a Windows drive path as `/C:/…`). */
function fileUri(path: string): string {
  const slashed = path.replace(/\\/gu, '/');
  return `file://${encodePath(slashed.startsWith('/') ? slashed : `/${slashed}`)}`;
}

function encodePath(path: string): string {
  return path
    .split('/')
    .map((p) => encodeURIComponent(p).replace(/%3A/giu, ':'))
    .join('/');
}

export interface DropHandlers {
  /** Workbench URIs were dropped. */
  uris(uris: string[]): void;
  /** Files from the OS were dropped. */
  files(files: File[]): void;
}

/** Makes `node` a drop target: the `dragging` class (the hint) while a drop would be taken, the handlers on drop. */
export function makeDropTarget(node: HTMLElement, handlers: DropHandlers): void {
  let depth = 0;
  const accepts = (e: DragEvent): boolean => {
    const types = Array.from(e.dataTransfer?.types ?? []);
    return carriesUris(types) || carriesOsFiles(types);
  };
  const show = (on: boolean) => node.classList.toggle('dragging', on);
  node.addEventListener('dragenter', (e) => {
    if (!accepts(e)) return;
    // Taken here: VS Code's own handler then leaves the drag to the page (it skips a handled event).
    e.preventDefault();
    depth++;
    show(true);
  });
  node.addEventListener('dragover', (e) => {
    if (!accepts(e)) return;
    e.preventDefault();
    if (e.dataTransfer) e.dataTransfer.dropEffect = 'copy';
    show(true);
  });
  node.addEventListener('dragleave', () => {
    depth = Math.max(0, depth - 1);
    if (depth === 0) show(false);
  });
  node.addEventListener('drop', (e) => {
    depth = 0;
    show(false);
    const dt = e.dataTransfer;
    if (!dt || !accepts(e)) return;
    // Not the textarea's default (the paths typed in as text): the chips say what was added.
    e.preventDefault();
    const types = Array.from(dt.types);
    if (carriesUris(types)) {
      const uris = droppedUris({ types, getData: (t) => dt.getData(t) });
      if (uris.length) handlers.uris(uris);
      return;
    }
    handlers.files(Array.from(dt.files));
  });
}
