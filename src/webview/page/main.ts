// Webview entry point: wires VS Code's messaging and the highlight worker to the App. Everything else is testable
// without VS Code.
import workerSource from 'highlight-worker-source';
import { config as zodConfig } from 'zod/mini';
import { App } from './app';
import { CodeHighlighter } from './codeHighlighter';
import { l10n, useBundle } from './l10n';
import { translateSharedWords } from '../protocol/protocol';
import { markdownRenderer, warmUpMarkdown } from './markdown';

declare function acquireVsCodeApi(): { postMessage(msg: unknown): void; getState(): unknown; setState(s: unknown): void };

/** A webview can start a worker only from a blob: (or data:) URL; the page's CSP allows blob: workers and no others. */
function startHighlightWorker(): Worker | undefined {
  if (typeof Worker === 'undefined') return undefined;
  // One worker for the page's life, so its blob stays.
  return new Worker(URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' })), { name: 'acp-chat-highlight' });
}

// The page's CSP refuses eval, so zod's compiled parsers cannot run here; without this, its first parse probes
// `new Function` anyway, and the webview reports that as a CSP violation.
zodConfig({ jitless: true });

const vscode = acquireVsCodeApi();
const root = document.getElementById('root');
if (root) {
  useBundle(root.dataset.l10n);
  translateSharedWords(l10n.t);
  const highlighter = new CodeHighlighter(startHighlightWorker);
  const app = new App({ post: (m) => vscode.postMessage(m), root, renderMarkdown: markdownRenderer(highlighter) });
  window.addEventListener('message', (e: MessageEvent) => app.handleMessage(e.data));
  app.start();
  // While the page waits for the first reply.
  requestIdleCallback(warmUpMarkdown, { timeout: 2000 });
}
