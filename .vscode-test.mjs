// @vscode/test-cli configuration, for machines that can download VS Code (`npx vscode-test`, after
// `node test/testbed/buildHostTests.mjs`). It runs the same compiled host tests with test-cli's own mocha runner in
// a downloaded VS Code desktop. This machine has no internet: the offline equivalent is
// `node test/testbed/runHostTests.mjs` (VS Code server from the code-server npm package in Chromium).
// For a direct @vscode/test-electron runTests() call, use extensionTestsPath = out/test/host/index.js (test/host/index.ts).
import { defineConfig } from '@vscode/test-cli';

export default defineConfig([
  {
    label: 'host',
    files: 'out/test/host/**/*.test.js',
    version: '1.90.0',
    extensionDevelopmentPath: '.',
    mocha: { ui: 'tdd', timeout: 20_000 },
    launchArgs: ['--disable-extensions', '--disable-workspace-trust'],
  },
  {
    label: 'testbed-smoke',
    files: 'out/test/testbed-smoke/**/*.test.js',
    version: '1.90.0',
    extensionDevelopmentPath: 'test/testbed/smoke-extension',
    mocha: { ui: 'tdd', timeout: 20_000 },
    launchArgs: ['--disable-extensions', '--disable-workspace-trust'],
    workspaceFolder: 'test/testbed/smoke-extension',
    env: { ACP_SMOKE_MARK: 'from-the-runner' },
  },
]);
