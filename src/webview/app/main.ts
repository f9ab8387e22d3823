// Webview entry point: wires VS Code's messaging to the App. Everything else is testable without VS Code.
import { App } from './app';

declare function acquireVsCodeApi(): { postMessage(msg: unknown): void; getState(): unknown; setState(s: unknown): void };

const vscode = acquireVsCodeApi();
const root = document.getElementById('root');
if (root) {
  const app = new App({ post: (m) => vscode.postMessage(m), root });
  window.addEventListener('message', (e: MessageEvent) => app.handleMessage(e.data));
  app.start();
}
