// Colours code blocks without holding the page's main thread: each block goes to the highlight worker
// (highlightWorker.ts) and its colours are put in when the answer comes back. Answers are cached, so a block rendered
// again (a card re-rendered, the end of a streaming message each frame) is coloured at once; one that grew since it
// was last coloured shows the coloured part and its new text plain until its answer comes, so a code block that is
// being streamed does not flicker. One request is with the worker at a time, and a block that left the page while
// it waited (an earlier frame's end of the message) is not sent at all.

export interface HighlightRequest {
  id: number;
  code: string;
  lang: string;
}

/** A run of code and the theme's class that colours it (null: plain). */
export type HighlightRun = [cls: string | null, text: string];

/** `runs` are the code's text in order with their colours, or null when it stays plain. */
export interface HighlightReply {
  id: number;
  runs: HighlightRun[] | null;
}

/** What the highlighter uses of a Worker. */
export interface HighlightWorker {
  postMessage(req: HighlightRequest): void;
  onmessage: ((e: MessageEvent<HighlightReply>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
  terminate(): void;
}

/** Colouring bigger blocks costs more than it helps. */
export const MAX_HIGHLIGHT_CHARS = 100_000;
/** About how many characters of code and markup the cache keeps (the least recently used go first). */
const CACHE_CHARS = 4_000_000;

export class CodeHighlighter {
  /** undefined: not started yet; null: could not start or failed, so code stays plain. */
  private worker: HighlightWorker | null | undefined;
  private nextId = 1;
  private inFlight: { id: number; key: string } | undefined;
  private pumpQueued = false;
  /** Blocks waiting for their colours, by key; in the order first asked. */
  private readonly waiting = new Map<string, Set<HTMLElement>>();
  private readonly cache = new Map<string, HighlightRun[] | null>();
  private cacheChars = 0;
  /** The last coloured block of each language, for a block that has grown since. */
  private readonly latest = new Map<string, { code: string; runs: HighlightRun[] }>();

  /** `startWorker` is called on first use (undefined: no worker here). */
  constructor(private readonly startWorker: () => HighlightWorker | undefined) {}

  /** Colours `el` (a `code` element showing exactly `code`) as `lang`, now if known, else when the worker answers. */
  colour(el: HTMLElement, code: string, lang: string): void {
    const name = lang.trim().toLowerCase();
    if (!name || code.length > MAX_HIGHLIGHT_CHARS || this.worker === null) return;
    const key = `${name}\n${code}`;
    const known = this.cache.get(key);
    if (known !== undefined) {
      this.cache.delete(key);
      this.cache.set(key, known);
      if (known !== null) this.show(el, known, '');
      return;
    }
    const near = this.latest.get(name);
    if (near && code.startsWith(near.code)) this.show(el, near.runs, code.slice(near.code.length));
    let els = this.waiting.get(key);
    if (!els) this.waiting.set(key, (els = new Set()));
    els.add(el);
    // After the current task: the block is put on the page by the code that rendered it, in the same task.
    if (!this.inFlight && !this.pumpQueued) {
      this.pumpQueued = true;
      queueMicrotask(() => {
        this.pumpQueued = false;
        this.pump();
      });
    }
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
    this.inFlight = undefined;
    this.waiting.clear();
  }

  private pump(): void {
    if (this.inFlight) return;
    for (const [key, els] of this.waiting) {
      for (const el of els) if (!el.isConnected) els.delete(el);
      if (els.size === 0) {
        this.waiting.delete(key);
        continue;
      }
      const worker = this.ensureWorker();
      if (!worker) return;
      const id = this.nextId++;
      this.inFlight = { id, key };
      const nl = key.indexOf('\n');
      worker.postMessage({ id, lang: key.slice(0, nl), code: key.slice(nl + 1) });
      return;
    }
  }

  private ensureWorker(): HighlightWorker | undefined {
    if (this.worker === undefined) {
      try {
        this.worker = this.startWorker() ?? null;
      } catch {
        this.worker = null;
      }
      if (this.worker) {
        this.worker.onmessage = (e) => this.onReply(e.data);
        // A worker that fails (its script refused, a crash) leaves code plain from then on.
        this.worker.onerror = () => this.dispose();
      }
    }
    if (!this.worker) this.waiting.clear();
    return this.worker ?? undefined;
  }

  private onReply(reply: HighlightReply): void {
    const asked = this.inFlight;
    if (!asked || asked.id !== reply.id) return;
    this.inFlight = undefined;
    const els = this.waiting.get(asked.key);
    this.waiting.delete(asked.key);
    const nl = asked.key.indexOf('\n');
    const runs = validRuns(reply.runs, asked.key.slice(nl + 1));
    this.remember(asked.key, runs);
    if (runs !== null) {
      this.latest.set(asked.key.slice(0, nl), { code: asked.key.slice(nl + 1), runs });
      for (const el of els ?? []) if (el.isConnected) this.show(el, runs, '');
    }
    this.pump();
  }

  private remember(key: string, runs: HighlightRun[] | null): void {
    this.cache.set(key, runs);
    // A run costs about its text (counted in the key) and a few words more.
    this.cacheChars += 2 * key.length + (runs?.length ?? 0) * 16;
    for (const [k, v] of this.cache) {
      if (this.cacheChars <= CACHE_CHARS) break;
      this.cache.delete(k);
      this.cacheChars -= 2 * k.length + (v?.length ?? 0) * 16;
    }
  }

  /** The runs as text nodes and class-only spans: nothing of the answer is read as markup. */
  private show(el: HTMLElement, runs: readonly HighlightRun[], plainRest: string): void {
    const frag = document.createDocumentFragment();
    for (const [cls, text] of runs) {
      if (cls === null) {
        frag.append(text);
      } else {
        const span = document.createElement('span');
        span.className = cls;
        span.textContent = text;
        frag.append(span);
      }
    }
    if (plainRest) frag.append(plainRest);
    el.replaceChildren(frag);
  }
}

/** The worker's runs if they are runs of exactly `code` with theme classes only; else null (the code stays plain). */
function validRuns(runs: unknown, code: string): HighlightRun[] | null {
  if (!Array.isArray(runs)) return null;
  let text = '';
  for (const r of runs) {
    if (!Array.isArray(r) || r.length !== 2 || typeof r[1] !== 'string' || (r[0] !== null && (typeof r[0] !== 'string' || !/^hljs-[a-z_]+$/u.test(r[0]))))
      return null;
    text += r[1];
  }
  return text === code ? (runs as HighlightRun[]) : null;
}
