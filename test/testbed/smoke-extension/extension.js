// Throwaway extension for the test bed's own smoke tests. Deliberately plain JavaScript (no build step).
const vscode = require('vscode');
const fs = require('node:fs');

/** Where the webview's button click is recorded, so a browser test can see that the message reached the host. */
const OUT_FILE = process.env.ACP_SMOKE_OUT;

function activate(context) {
  let pickShown;
  let resolvePickShown;
  const resetPickShown = () => (pickShown = new Promise((r) => (resolvePickShown = r)));
  resetPickShown();

  context.subscriptions.push(
    vscode.commands.registerCommand('acpSmoke.hello', (name) => `hello ${name ?? 'world'}`),
    vscode.commands.registerCommand('acpSmoke.pick', () =>
      new Promise((resolve) => {
        const qp = vscode.window.createQuickPick();
        qp.title = 'Pick a letter';
        qp.items = [{ label: 'alpha' }, { label: 'beta' }, { label: 'gamma' }];
        qp.onDidAccept(() => {
          const choice = qp.selectedItems[0]?.label;
          qp.hide();
          resolve(choice);
        });
        qp.onDidHide(() => {
          resolve(undefined);
          qp.dispose();
          resetPickShown();
        });
        qp.show();
        resolvePickShown();
      }),
    ),
    vscode.window.registerWebviewViewProvider('acpSmoke.view', {
      resolveWebviewView(view) {
        view.webview.options = { enableScripts: true };
        view.webview.html = `<!DOCTYPE html><html><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline';">
</head><body>
<p id="status">ready</p>
<button id="ping">Ping host</button>
<script>
  const api = acquireVsCodeApi();
  document.getElementById('ping').addEventListener('click', () => api.postMessage({ type: 'ping', at: Date.now() }));
  window.addEventListener('message', (e) => { document.getElementById('status').textContent = e.data.text; });
</script></body></html>`;
        view.webview.onDidReceiveMessage((msg) => {
          if (msg?.type !== 'ping') return;
          if (OUT_FILE) fs.writeFileSync(OUT_FILE, JSON.stringify(msg));
          vscode.window.showInformationMessage('ACP smoke: pong');
          view.webview.postMessage({ text: 'pong' });
        });
      },
    }),
  );
  // Test hook: a test waits for the QuickPick to be on screen before driving it with VS Code's own commands.
  return { whenPickShown: () => pickShown };
}

module.exports = { activate, deactivate() {} };
