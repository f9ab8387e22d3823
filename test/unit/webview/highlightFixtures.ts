// The page's highlight worker run in process (jsdom has no Worker): the worker's own function, answering in a later
// task as a real worker does. The real worker is exercised in Chromium by the e2e suite and the screen bench.
import { highlightRuns } from '../../../src/webview/page/codeHighlight';
import {
  CodeHighlighter,
  type HighlightReply,
  type HighlightRequest,
  type HighlightRun,
  type HighlightWorker,
} from '../../../src/webview/page/codeHighlighter';

export class InProcessWorker implements HighlightWorker {
  onmessage: ((e: MessageEvent<HighlightReply>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  readonly asked: HighlightRequest[] = [];
  terminated = false;
  /** What the worker answers; the real highlighting unless a test replaces it. */
  answer: (req: HighlightRequest) => HighlightRun[] | null = (req) => highlightRuns(req.code, req.lang) ?? null;

  postMessage(req: HighlightRequest): void {
    this.asked.push(req);
    setTimeout(() => this.onmessage?.(new MessageEvent('message', { data: { id: req.id, runs: this.answer(req) } })));
  }

  terminate(): void {
    this.terminated = true;
  }
}

export function inProcessHighlighter(worker = new InProcessWorker()): { highlighter: CodeHighlighter; worker: InProcessWorker } {
  return { highlighter: new CodeHighlighter(() => worker), worker };
}

/** Lets the in-process worker answer (and the highlighter send its next request): one macrotask per request. */
export async function settleHighlights(requests = 1): Promise<void> {
  for (let i = 0; i < requests + 1; i++) await new Promise((r) => setTimeout(r));
}
