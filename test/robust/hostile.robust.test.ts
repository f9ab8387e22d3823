// Area 4, hostile content in real Chromium: every XSS payload is put into every field of the transcript that reaches
// the screen (through the host's own reducer and form parser, as the agent would send it), rendered by the built
// webview bundle under its real CSP. Counted: script executions (the `__pwned` canary), dangerous markup left in the
// DOM, links that would navigate or that the host would open as command:/file:, CSP violations (blocked, reported).
// Then agent-supplied elicitation patterns known to stall a backtracking engine are checked in a worker that is
// killed if it does not answer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import * as esbuild from 'esbuild';
import type { CreateElicitationRequest, SessionUpdate } from '@agentclientprotocol/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyClientEvent, type ClientEvent } from '../../src/acp/clientEvents';
import { applySessionUpdate } from '../../src/acp/sessionReducer';
import { emptyTranscript, toSnapshot, type TranscriptState } from '../../src/acp/transcriptState';
import { parseElicitationForm } from '../../src/approvals/elicitationForm';
import { parseExternalLink } from '../../src/webview/protocol/linkPolicy';
import { PROTOCOL_VERSION, type HostToWebview } from '../../src/webview/protocol/protocol';
import { repoRoot } from '../fixtures/clientHarness';
import { fail, record, tally, type Tally } from './figures';
import { openWebviewPage, type WebviewPage } from './webviewPage';
import { XSS_PAYLOADS } from './xssPayloads';

const tallies: Tally[] = [];
afterAll(() => tallies.forEach(record));

/** The fields a payload is placed in, each set through the path the agent's data takes. */
const FIELDS = [
  'user text', 'agent text', 'thought', 'tool title', 'command', 'tool text content', 'diff path', 'diff old text', 'diff new text',
  'location path', 'command output', 'plan entry', 'session title', 'slash command', 'notice', 'mode name', 'permission title',
  'permission option name', 'error message', 'connection error', 'elicitation message', 'elicitation title', 'elicitation field',
  'elicitation choice',
] as const;

function transcriptWith(p: string): { state: TranscriptState; elicitation: CreateElicitationRequest } {
  const updates: SessionUpdate[] = [
    { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: p } },
    { sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: p } },
    { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `${p}\n\n**bold** ${p} [link](${p})` } },
    {
      sessionUpdate: 'tool_call', toolCallId: 't1', title: p, kind: 'execute', status: 'completed', rawInput: { command: p, description: p },
      content: [{ type: 'content', content: { type: 'text', text: p } }, { type: 'diff', path: `/w/${p}`, oldText: p, newText: `${p}!` }],
      locations: [{ path: p, line: 1 }],
    },
    { sessionUpdate: 'tool_call_update', toolCallId: 't1', _meta: { terminal_output: { terminal_id: 't1', data: `${p}\r\n` }, terminal_exit: { exit_code: 1, signal: null } } },
    { sessionUpdate: 'tool_call', toolCallId: 't2', title: p, kind: 'edit', status: 'pending', content: [{ type: 'diff', path: p, oldText: null, newText: p }], locations: [{ path: `/w/${p}` }] },
    { sessionUpdate: 'plan', entries: [{ content: p, priority: 'high', status: 'in_progress' }] },
    { sessionUpdate: 'session_info_update', title: p },
    { sessionUpdate: 'available_commands_update', availableCommands: [{ name: p, description: p }] },
    { sessionUpdate: 'notice', severity: 'warning', title: p, description: p } as SessionUpdate,
    { sessionUpdate: 'current_mode_update', currentModeId: 'm1' },
  ];
  const events: ClientEvent[] = [
    { type: 'session-configured', modes: { currentModeId: 'm1', availableModes: [{ id: 'm1', name: p, description: p }] } },
    { type: 'permission-requested', permission: { key: 's:1', toolCallId: 't2', title: p, options: [{ optionId: 'a', name: p, kind: 'allow_once' }, { optionId: 'r', name: p, kind: 'reject_once' }], outcome: { status: 'pending' }, requestedAt: 1 } },
    { type: 'turn-failed', message: p },
  ];
  let state = emptyTranscript('s');
  let now = 1;
  for (const u of updates) state = applySessionUpdate(state, u, now++).state;
  for (const e of events) state = applyClientEvent(state, e, now++).state;
  const elicitation: CreateElicitationRequest = {
    mode: 'form', sessionId: 's', message: p,
    requestedSchema: { type: 'object', title: p, properties: { question_0: { type: 'string', title: p, description: p, oneOf: [{ const: p, title: p }] }, question_0_custom: { type: 'string', title: p } }, required: ['question_0'] },
  } as CreateElicitationRequest;
  return { state, elicitation };
}

describe('hostile content in Chromium', () => {
  let view: WebviewPage;
  beforeAll(async () => {
    view = await openWebviewPage(repoRoot);
  });
  afterAll(async () => view?.close());

  it('the instruments work: the canary records a call, the CSP blocks and reports an inline script', async () => {
    // The instruments work: the canary records a call, and the page's CSP blocks (and reports) an inline script.
    await view.page.evaluate(() => {
      (window as unknown as { __pwned: (n: number) => void }).__pwned(0);
      const s = document.createElement('script');
      s.textContent = '__pwned(-2)';
      document.body.append(s);
    });
    await expect.poll(() => view.violations.length).toBeGreaterThan(0);
    expect(view.pwned).toEqual([0]);
    view.pwned.length = 0;
    view.violations.length = 0;
  });

  it(`${XSS_PAYLOADS.length} payloads × ${FIELDS.length} fields: nothing runs, no dangerous markup, no command:/file: link`, async () => {
    const t = tally('hostile content: XSS payloads × fields (Chromium)');
    tallies.push(t);
    let blocked = 0;
    let linksClicked = 0;
    for (const [i, p] of XSS_PAYLOADS.entries()) {
      const { state, elicitation } = transcriptWith(p);
      const form = parseElicitationForm(elicitation);
      const msg: HostToWebview = {
        type: 'snapshot', v: PROTOCOL_VERSION, snapshot: toSnapshot(state), status: { state: 'error', message: p },
        capabilities: { image: true, embeddedContext: true, steering: false }, elicitations: [{ key: `e${i}`, message: p, form }],
      };
      const pwnedBefore = view.pwned.length;
      const violationsBefore = view.violations.length;
      await view.send(msg);
      // Open everything collapsed (thoughts, inputs, output) so each field is in the DOM, then let events fire.
      const page = view.page;
      await page.evaluate(() => {
        for (const d of document.querySelectorAll('details')) d.open = true;
        for (const b of document.querySelectorAll<HTMLElement>('[data-testid="show-all"]')) b.click();
      });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 30))));
      t.cases += FIELDS.length;
      // Shown, not swallowed: the user's own text and the error line show the payload verbatim, as text.
      const shown = await page.evaluate(() => [
        document.querySelector('[data-testid="user-message"] .user-text')?.textContent ?? '',
        document.querySelector('[data-testid="error"]')?.textContent ?? '',
      ]);
      for (const [k, where] of ['user text', 'error message'].entries()) if (!shown[k]!.includes(p.trim())) fail(t, 'dataLost', `payload ${i} missing from the ${where}: ${JSON.stringify(shown[k]!.slice(0, 80))}`);
      const dom = await page.evaluate(() => {
        const bad: string[] = [];
        const root = document.getElementById('root')!;
        for (const el of root.querySelectorAll('*')) {
          const tag = el.tagName.toLowerCase();
          if (['script', 'iframe', 'object', 'embed', 'base', 'meta', 'link', 'style', 'svg', 'math', 'video', 'audio', 'template'].includes(tag)) bad.push(`<${tag}>`);
          for (const a of el.attributes) {
            if (/^on/i.test(a.name)) bad.push(`${tag}[${a.name}]`);
            if (/^(href|src|xlink:href|action|formaction|srcdoc|data)$/i.test(a.name) && !/^(#|https?:|data:image\/)/i.test(a.value.trim())) bad.push(`${tag}[${a.name}=${a.value.slice(0, 40)}]`);
          }
        }
        return bad;
      });
      for (const b of dom) fail(t, 'failure', `payload ${i}: ${b}`);
      // Click every link the agent's text produced: nothing may navigate, and the host must refuse all but http(s).
      const url = page.url();
      const links = await page.$$('#root [data-href], #root a');
      for (const l of links) {
        await l.click({ force: true, timeout: 2000 }).catch(() => undefined);
        linksClicked++;
      }
      if (page.url() !== url) fail(t, 'failure', `payload ${i}: a click navigated to ${page.url()}`);
      for (const m of await view.posted()) {
        if (m.type !== 'openLink') continue;
        const opened = parseExternalLink(String(m.href));
        if (opened && opened.protocol !== 'http:' && opened.protocol !== 'https:') fail(t, 'failure', `payload ${i}: host would open ${String(m.href)}`);
        if (/^\s*(command|file|vscode|javascript|data):/i.test(String(m.href)) && opened) fail(t, 'failure', `payload ${i}: ${String(m.href)} accepted`);
      }
      await page.evaluate(() => ((window as unknown as { __posted: unknown[] }).__posted.length = 0));
      if (view.pwned.length > pwnedBefore) fail(t, 'failure', `payload ${i} ran script: ${JSON.stringify(p)}`);
      blocked += view.violations.length - violationsBefore;
    }
    t.note = `${XSS_PAYLOADS.length} payloads, ${view.pwned.length} script executions, ${blocked} CSP violations blocked, ${linksClicked} links clicked`;
    expect(view.pwned).toEqual([]);
    expect(t.samples).toEqual([]);
  });

  it('agent-supplied elicitation patterns cannot stall the host (each check answers within 10 s or counts as a hang)', async () => {
    const t = tally('hostile content: elicitation pattern (ReDoS)');
    tallies.push(t);
    const dir = mkdtempSync(join(tmpdir(), 'acp-robust-'));
    try {
      const outfile = join(dir, 'form.mjs');
      await esbuild.build({ entryPoints: [join(repoRoot, 'src/approvals/elicitationForm.ts')], outfile, bundle: true, platform: 'node', format: 'esm', logLevel: 'silent' });
      const cases: [string, string][] = [
        ['^(a+)+$', `${'a'.repeat(5000)}!`],
        ['^(a|a)*$', `${'a'.repeat(5000)}!`],
        ['^(a|aa)+$', `${'a'.repeat(5000)}!`],
        ['^(.*a){20}$', 'a'.repeat(5000)],
        ['^([a-zA-Z0-9]+\\s?)*$', `${'x'.repeat(5000)}!`],
        ['^(\\w+\\s?)*$', `${'w'.repeat(5000)}!`],
        ['(x+x+)+y', 'x'.repeat(5000)],
        ['^(([a-z])+.)+[A-Z]([a-z])+$', `${'a'.repeat(5000)}!`],
        ['^(\\d+)*$', `${'1'.repeat(5000)}x`],
        ['(?:a+){1000}$', 'a'.repeat(5000) + 'b'],
        ['(a)\\1', 'aa'], // a backreference RE2 lacks: the constraint is skipped, never a crash
      ];
      for (const [pattern, input] of cases) {
        t.cases++;
        const verdict = await checkInWorker(outfile, pattern, input, 10_000);
        if (verdict === 'hang') fail(t, 'hang', `pattern ${pattern} did not answer`);
        else if (verdict.startsWith('error')) fail(t, 'failure', `pattern ${pattern}: ${verdict}`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(t.samples).toEqual([]);
  });
});

/** Runs checkFieldAnswer on a text field with `pattern` in a worker; terminates it after `ms` ("hang"). */
function checkInWorker(module: string, pattern: string, input: string, ms: number): Promise<string> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    import(workerData.module).then((m) => {
      const field = { key: 'f', title: 'F', required: true, type: 'text', pattern: workerData.pattern };
      parentPort.postMessage(JSON.stringify(m.checkFieldAnswer(field, workerData.input)));
    }, (e) => parentPort.postMessage('error ' + e));`;
  return new Promise((resolve) => {
    const w = new Worker(code, { eval: true, workerData: { module: `file://${module}`, pattern, input } });
    const timer = setTimeout(() => {
      void w.terminate();
      resolve('hang');
    }, ms);
    w.on('message', (m: string) => {
      clearTimeout(timer);
      void w.terminate();
      resolve(m);
    });
    w.on('error', (e) => {
      clearTimeout(timer);
      resolve(`error ${e.message}`);
    });
  });
}
