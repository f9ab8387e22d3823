#!/usr/bin/env node
// Builds the two bundles: the extension host (node/cjs, `vscode` external) and the webview app (browser/iife, its
// highlight worker inside), and copies the codicon font next to the webview bundle. `--watch` rebuilds on change.
// The libraries the extension host uses only after activation go into files of their own under dist/vendor/, which
// the host bundle requires on first use: Node parses a bundle whole when it loads it, and these were two thirds of
// the bytes that activation parsed. The webview bundle keeps its own copies (a page loads one script).
// It also records, from package-lock.json, the sha512 of each Claude Code platform package (dist/claude-code-pins.json),
// which the download checks against; a lockfile without them fails the build.
// The Claude ACP adapter, with its dependencies, is bundled into one ES module (dist/agent/claude-agent-acp.mjs) that
// the extension spawns: the VSIX ships no node_modules. The licences of everything the bundles carry are written to
// dist/third-party-notices.txt (scripts/thirdPartyNotices.mjs).
// First it checks the localisation (scripts/l10n.mjs) and the lint and layout (scripts/lint.mjs): a manifest string not taken from package.nls.json, a host's
// user-facing literal not taken from l10n.t, or l10n/bundle.l10n.json out of step with the l10n.t calls, fails the
// build (in --watch it is only printed).
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { claudeCodePins, PINS_FILE } from './claudeCodePins.mjs';
import { checkTree, printProblems } from './l10n.mjs';
import { lint } from './lint.mjs';
import { thirdPartyNotices } from './thirdPartyNotices.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const watch = process.argv.includes('--watch');
const production = !watch && process.env.NODE_ENV !== 'development';

const common = { bundle: true, sourcemap: production ? false : 'linked', minify: production, logLevel: 'info', legalComments: 'none' };

/** Import specifier → its file under dist/vendor/. Each is imported only by code that runs after activation. */
const lazyLibraries = {
  '@agentclientprotocol/sdk': 'acp-sdk',
  'markdown-it': 'markdown-it',
  re2js: 're2js',
  'tar/extract': 'tar-extract',
};

/** Our own modules that gather a library's parts for one vendor file (imported as `./<name>` by code after activation). */
const lazyModules = {
  'src/ideTools/mcpSdk.ts': 'mcp-sdk',
};

/** The lazy libraries whose value is their default export, which `export *` leaves out. */
const defaultExports = new Set(['markdown-it']);

/** Resolves the lazy libraries to their vendor files, required at run time from dist/extension.js. */
const vendorFiles = {
  name: 'vendor-files',
  setup(build) {
    const names = Object.keys(lazyLibraries).map((n) => n.replace(/[/.]/g, '\\$&'));
    build.onResolve({ filter: new RegExp(`^(${names.join('|')})$`) }, (args) => ({ path: `./vendor/${lazyLibraries[args.path]}.js`, external: true }));
    for (const [module, file] of Object.entries(lazyModules)) {
      const base = module.split('/').pop().replace(/\.ts$/, '');
      build.onResolve({ filter: new RegExp(`/${base}$`) }, (args) =>
        join(args.resolveDir, `${args.path}.ts`) === join(root, module) ? { path: `./vendor/${file}.js`, external: true } : undefined,
      );
    }
  },
};

/**
 * One module re-exports `vscode` for the whole bundle. Left external, each of our modules that does
 * `import * as vscode from 'vscode'` got its own copy of the API's properties when the bundle loaded (esbuild's
 * interop helper), dozens of copies at activation; through this module the copy is made once.
 */
const oneVscodeModule = {
  name: 'one-vscode-module',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'vscode-api' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-api' },
    );
    build.onLoad({ filter: /.*/, namespace: 'vscode-api' }, () => ({ contents: "export * from 'vscode';", loader: 'js' }));
  },
};

/**
 * `highlight-worker-source`: the page's highlight worker (src/webview/page/highlightWorker.ts), bundled on its own and
 * embedded in the page's script as a string, which the page starts from a blob: URL (a webview cannot start a worker
 * from its resource URLs). Its files are watched with the page's.
 */
/** The worker's own build, whose packages the notices list too. */
let workerMetafile;
const highlightWorkerSource = {
  name: 'highlight-worker-source',
  setup(build) {
    build.onResolve({ filter: /^highlight-worker-source$/ }, () => ({ path: 'highlight-worker-source', namespace: 'worker-source' }));
    build.onLoad({ filter: /.*/, namespace: 'worker-source' }, async () => {
      const worker = await esbuild.build({
        ...browser,
        bundle: true,
        minify: production,
        legalComments: 'none',
        entryPoints: [join(root, 'src/webview/page/highlightWorker.ts')],
        write: false,
        metafile: true,
      });
      workerMetafile = worker.metafile;
      return {
        contents: `export default ${JSON.stringify(worker.outputFiles[0].text)};`,
        loader: 'js',
        watchFiles: Object.keys(worker.metafile.inputs).map((f) => join(root, f)),
      };
    });
  },
};

const node = { platform: 'node', format: 'cjs', target: 'node22' };
/** The bundled adapter, relative to the extension's folder (src/agents/agentLauncher.ts spawns it). */
const ADAPTER_BUNDLE = 'dist/agent/claude-agent-acp.mjs';
const browser = { platform: 'browser', format: 'iife', target: 'chrome120' };

/** @type {esbuild.BuildOptions[]} */
const builds = [
  {
    ...common,
    ...node,
    entryPoints: [join(root, 'src/extension.ts')],
    outfile: join(root, 'dist/extension.js'),
    plugins: [oneVscodeModule, vendorFiles],
    // `import()` of a vendor file becomes `require()`: the file is CommonJS beside the bundle.
    supported: { 'dynamic-import': false },
  },
  ...Object.entries(lazyLibraries).map(([specifier, file]) => ({
    ...common,
    ...node,
    stdin: { contents: `export ${defaultExports.has(specifier) ? '{ default }' : '*'} from ${JSON.stringify(specifier)};`, resolveDir: root, loader: 'js' },
    outfile: join(root, `dist/vendor/${file}.js`),
  })),
  ...Object.entries(lazyModules).map(([module, file]) => ({
    ...common,
    ...node,
    entryPoints: [join(root, module)],
    outfile: join(root, `dist/vendor/${file}.js`),
  })),
  {
    ...common,
    entryPoints: { main: join(root, 'src/webview/page/main.ts'), styles: join(root, 'src/webview/page/styles.css') },
    outdir: join(root, 'dist/webview'),
    ...browser,
    plugins: [highlightWorkerSource],
  },
  {
    // The agent the extension spawns (with the extension host's Node, 22 or later). ESM, as the adapter is; CommonJS
    // dependencies inside it get a `require` of their own.
    ...common,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    entryPoints: [join(root, 'node_modules/@agentclientprotocol/claude-agent-acp/dist/index.js')],
    outfile: join(root, ADAPTER_BUNDLE),
    banner: { js: "import { createRequire as __acpRequire } from 'node:module'; const require = __acpRequire(import.meta.url);" },
  },
];

function copyCodicons() {
  const out = join(root, 'dist/webview');
  mkdirSync(out, { recursive: true });
  for (const f of ['codicon.css', 'codicon.ttf']) copyFileSync(join(root, 'node_modules/@vscode/codicons/dist', f), join(out, f));
}

function writeClaudeCodePins() {
  const readJson = (f) => JSON.parse(readFileSync(join(root, f), 'utf8'));
  const pins = claudeCodePins(readJson('package-lock.json'), readJson('node_modules/@anthropic-ai/claude-agent-sdk/package.json'));
  mkdirSync(join(root, 'dist'), { recursive: true });
  writeFileSync(join(root, PINS_FILE), `${JSON.stringify(pins, null, 2)}\n`);
}

if (!printProblems(checkTree()) && !watch) process.exit(1);
// The conventions ESLint and Prettier hold (scripts/lint.mjs); in --watch they are left to the editor.
if (!watch) {
  const problems = await lint();
  for (const p of problems) console.error(p);
  if (problems.length) {
    console.error(`lint: ${problems.length} problem(s): npm run lint -- --fix mends what the tools can`);
    process.exit(1);
  }
}
writeClaudeCodePins();
copyCodicons();
if (watch) {
  for (const b of builds) await (await esbuild.context(b)).watch();
} else {
  const results = await Promise.all(builds.map((b) => esbuild.build({ ...b, metafile: true })));
  writeFileSync(join(root, 'dist/third-party-notices.txt'), thirdPartyNotices(root, [...results.map((r) => r.metafile), workerMetafile], ['@vscode/codicons']));
}
