// The page's highlight worker: colours one code block per message, off the main thread (see codeHighlight.ts). The
// build bundles it on its own and embeds its source in the page's script (scripts/build.mjs), which starts it from a
// blob: URL (the only kind of worker a VS Code webview can start).
import { highlightRuns } from './codeHighlight';
import type { HighlightReply, HighlightRequest } from './codeHighlighter';

// The worker's global scope, typed here without the WebWorker lib (it conflicts with the DOM lib the app is checked with).
const scope = self as unknown as { onmessage: ((e: MessageEvent<HighlightRequest>) => void) | null; postMessage(m: HighlightReply): void };

scope.onmessage = (e) => {
  const { id, code, lang } = e.data;
  scope.postMessage({ id, runs: highlightRuns(code, lang) ?? null });
};
