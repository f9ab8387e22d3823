// Area 4, hostile content in real Chromium: every XSS payload is put into every field of the transcript the agent
// controls (through the host's own reducer and form parser, as the agent would send it) and rendered by the built
// webview bundle under its real CSP: one snapshot per payload, and the composer's slash-command menu opened on it.
// Each field the page shows as plain text is checked as displayed inert text (the payload's characters as text, so
// no markup was parsed), attributes as attributes; markdown fields (agent text, thought, tool text) are what the
// sanitizer turns into markup and are held to the rest: the canary for any script that runs, a scan for dangerous
// markup, CSP violations (blocked, reported), and every link clicked (each click must happen; none navigates; only
// an http(s) link reaches the host). Then agent-supplied elicitation patterns known to stall a backtracking engine are
// checked in a worker that is killed if it does not answer, each against the answer it must give.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import * as esbuild from 'esbuild';
import type { CreateElicitationRequest, SessionUpdate } from '@agentclientprotocol/sdk';
import type { ElementHandle } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyClientEvent, type ClientEvent } from '../../src/acpClient/clientEvents';
import { applySessionUpdate } from '../../src/acpClient/sessionReducer';
import { emptyTranscript, toSnapshot, type TranscriptState } from '../../src/acpClient/transcriptState';
import { parseElicitationForm } from '../../src/permissionUI/elicitationForm';
import { parseExternalLink } from '../../src/webview/protocol/linkPolicy';
import { PROTOCOL_VERSION, type HostToWebview } from '../../src/webview/protocol/protocol';
import { repoRoot } from '../fixtures/clientHarness';
import { check, fail, record, tally, type Tally } from './figures';
import { openWebviewPage, type WebviewPage } from './webviewPage';
import { XSS_PAYLOADS } from './xssPayloads';
import { BEL, codePointClass, DEL_C1, ESC } from '../../src/acpClient/controlChars';

const tallies: Tally[] = [];
afterAll(() => tallies.forEach(record));

/**
 * The fields a payload is placed in, and how each is checked: `text` as displayed text, `attribute` as an attribute
 * value, `markdown` by the scan, canary and clicks only, `not shown` when the page does not render it.
 */
const FIELDS = {
  'user text': 'text',
  'agent text': 'markdown',
  thought: 'markdown',
  'tool title': 'text',
  command: 'text',
  'tool text content': 'markdown',
  'diff path': 'text',
  'diff old text': 'text',
  'diff new text': 'text',
  'location path': 'text',
  'command output': 'text',
  'plan entry': 'text',
  'session title': 'not shown',
  'slash command': 'text',
  notice: 'text',
  'mode name': 'attribute',
  'permission title': 'attribute',
  'permission option name': 'text',
  'error message': 'text',
  'connection error': 'text',
  'elicitation message': 'text',
  'elicitation title': 'not shown',
  'elicitation field': 'text',
  'elicitation choice': 'text',
} as const;
type Field = keyof typeof FIELDS;
const COUNT = (how: string) => Object.values(FIELDS).filter((h) => h === how).length;
/** Fields the page does not render: the elicitation's title, and the session's (VS Code's title bar shows it, checked
 *  in the e2e bed). */
const NOT_SHOWN = Object.entries(FIELDS)
  .flatMap(([f, h]) => (h === 'not shown' ? [f] : []))
  .join(', ');

/** A mark at the end of the markdown fields, so the test waits for this payload's render and not the one before. */
const mark = (i: number) => `render-mark-${i}`;

function transcriptWith(p: string, i: number): { state: TranscriptState; elicitation: CreateElicitationRequest } {
  const updates: SessionUpdate[] = [
    { sessionUpdate: 'user_message_chunk', content: { type: 'text', text: p } },
    { sessionUpdate: 'agent_thought_chunk', content: { type: 'text', text: `${p}\n\n${mark(i)}` } },
    { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: `${p}\n\n**bold** ${p} [link](${p})\n\n${mark(i)}` } },
    {
      sessionUpdate: 'tool_call',
      toolCallId: 't1',
      title: p,
      kind: 'execute',
      status: 'completed',
      rawInput: { command: p, description: p },
      content: [
        { type: 'content', content: { type: 'text', text: p } },
        { type: 'diff', path: `/w/${p}`, oldText: p, newText: `${p}!` },
      ],
      locations: [{ path: p, line: 1 }],
    },
    {
      sessionUpdate: 'tool_call_update',
      toolCallId: 't1',
      _meta: { terminal_output: { terminal_id: 't1', data: `${p}\r\n` }, terminal_exit: { exit_code: 1, signal: null } },
    },
    {
      sessionUpdate: 'tool_call',
      toolCallId: 't2',
      title: p,
      kind: 'edit',
      status: 'pending',
      content: [{ type: 'diff', path: p, oldText: null, newText: p }],
      locations: [{ path: `/w/${p}` }],
    },
    { sessionUpdate: 'plan', entries: [{ content: p, priority: 'high', status: 'in_progress' }] },
    { sessionUpdate: 'session_info_update', title: p },
    { sessionUpdate: 'available_commands_update', availableCommands: [{ name: p, description: p }] },
    { sessionUpdate: 'notice', severity: 'warning', title: p, description: p } as SessionUpdate,
    { sessionUpdate: 'current_mode_update', currentModeId: 'm1' },
  ];
  const events: ClientEvent[] = [
    { type: 'session-configured', modes: { currentModeId: 'm1', availableModes: [{ id: 'm1', name: p, description: p }] } },
    {
      type: 'permission-requested',
      permission: {
        key: 's:1',
        toolCallId: 't2',
        title: p,
        options: [
          { optionId: 'a', name: p, kind: 'allow_once' },
          { optionId: 'r', name: p, kind: 'reject_once' },
        ],
        outcome: { status: 'pending' },
        requestedAt: 1,
      },
    },
    { type: 'turn-failed', message: p },
  ];
  let state = emptyTranscript('s');
  let now = 1;
  for (const u of updates) state = applySessionUpdate(state, u, now++).state;
  for (const e of events) state = applyClientEvent(state, e, now++).state;
  const elicitation: CreateElicitationRequest = {
    mode: 'form',
    sessionId: 's',
    message: p,
    requestedSchema: {
      type: 'object',
      title: p,
      properties: {
        question_0: { type: 'string', title: p, description: p, oneOf: [{ const: p, title: p }] },
        question_0_custom: { type: 'string', title: p },
      },
      required: ['question_0'],
    },
  } as CreateElicitationRequest;
  return { state, elicitation };
}

/** What a reader sees of a text: controls, bidi and zero-width marks and the page's visible escapes of them (`\u{1b}`) are not text. */
function visible(s: string): string {
  return s
    .replace(/\\u\{[0-9a-f]+\}/g, '')
    .replace(INVISIBLE, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * What a terminal shows of a text: colour escapes (CSI) are applied, not shown; a hyperlink escape (OSC 8) to a scheme
 * the page does not allow is dropped with its label (ansi_up with an empty url_allowlist).
 */
function terminalText(s: string): string {
  return s.replace(OSC8_LINK, '').replace(CSI_SEQUENCE, '');
}
const INVISIBLE = new RegExp(codePointClass([0x00, 0x08], [0x0b, 0x0c], [0x0e, 0x1f], DEL_C1, [0x200b, 0x200f], [0x202a, 0x202e], [0x2066, 0x2069]), 'gu');
const OSC8_LINK = new RegExp(`${ESC}\\]8;;[^${BEL}${ESC}]*(?:${BEL}|${ESC}\\\\)[\\s\\S]*?${ESC}\\]8;;(?:${BEL}|${ESC}\\\\)`, 'gu');
const CSI_SEQUENCE = new RegExp(`${ESC}\\[[0-9;?]*[ -/]*[@-~]`, 'gu');
const basename = (path: string) => path.split(/[\\/]/).pop() ?? path;

/** Each `text` and `attribute` field: what the page holds for it, and what it must contain. */
function expectations(p: string): Record<Exclude<Field, 'agent text' | 'thought' | 'tool text content' | 'elicitation title' | 'session title'>, string[]> {
  return {
    'user text': [p],
    'tool title': [p],
    // The tool's input is shown as JSON: the command with JSON's escapes.
    command: [JSON.stringify(p).slice(1, -1)],
    'diff path': [basename(`/w/${p}`), `/w/${p}`],
    'diff old text': [p],
    'diff new text': [`${p}!`],
    'location path': [`${basename(p)}:1`, p],
    'command output': [terminalText(p)],
    'plan entry': [p],
    'slash command': [`/${p}`, p],
    notice: [p, p],
    // The picker shows a mode's first word; its whole name and description are its tooltip.
    'mode name': [`${p}: ${p}`],
    'permission title': [`Permission: ${p}`],
    'permission option name': [p, p],
    'error message': [p],
    'connection error': [`Agent not running: ${p.split('\n')[0]}`],
    'elicitation message': [p],
    'elicitation field': [`${p} *`, p],
    'elicitation choice': [p, p],
  };
}

/** What the page holds for each checked field (text, or an attribute where the field is an attribute). */
async function readFields(view: WebviewPage): Promise<Record<string, string[]>> {
  return view.page.evaluate(() => {
    const one = (sel: string, root: ParentNode = document) => root.querySelector(sel);
    const text = (el: Element | null | undefined) => el?.textContent ?? '<missing>';
    const all = (sel: string, root: ParentNode = document) => Array.from(root.querySelectorAll(sel));
    const t1 = one('[data-testid="tool-card"][data-tool-call-id="t1"]');
    const rows = (classes: string[]) =>
      all('.diff-line', t1 ?? document)
        .filter((r) => classes.some((c) => r.classList.contains(c)))
        .map((r) => (r.textContent ?? '').slice(1))
        .join('\n');
    const location = one('.tool-locations [data-testid="location-link"]', t1 ?? document);
    const field = one('.elicitation fieldset[data-field="question_0"]');
    const choice = one('label.choice', field ?? document);
    return {
      'user text': [text(one('[data-testid="user-message"] .user-text'))],
      'tool title': [text(one('.tool-title', t1 ?? document))],
      command: [text(one('.tool-input-json', t1 ?? document))],
      'diff path': [text(one('.diff-path', t1 ?? document)), one('.diff-path', t1 ?? document)?.getAttribute('title') ?? '<missing>'],
      'diff old text': [rows(['diff-del', 'diff-ctx'])],
      'diff new text': [rows(['diff-add', 'diff-ctx'])],
      'location path': [text(location), location?.getAttribute('data-path') ?? '<missing>'],
      'command output': [text(one('.tool-terminal [data-testid="terminal-output"]', t1 ?? document))],
      'plan entry': [text(one('[data-testid="plan"] .plan-text'))],
      'slash command': [text(one('[data-testid="completion"] .completion-label')), text(one('[data-testid="completion"] .completion-detail'))],
      notice: [text(one('.notice-entry strong')), text(one('.notice-entry .notice-detail'))],
      'mode name': [one('[data-testid="mode-select"] option')?.getAttribute('title') ?? '<missing>'],
      'permission title': [one('[data-testid="permission"]')?.getAttribute('aria-label') ?? '<missing>'],
      'permission option name': all('[data-testid="permission-option"] .perm-label').map(text),
      'error message': [text(one('[data-testid="error"] .error-line'))],
      'connection error': [text(one('[data-testid="connection-status"] .status-text'))],
      'elicitation message': [text(one('.elicitation-message'))],
      'elicitation field': [text(one('legend', field ?? document)), text(one('.field-desc', field ?? document))],
      'elicitation choice': [text(choice), choice?.querySelector('input')?.getAttribute('value') ?? '<missing>'],
    };
  });
}

describe('hostile content in Chromium', () => {
  let view: WebviewPage;
  beforeAll(async () => {
    view = await openWebviewPage(repoRoot);
  });
  afterAll(async () => view?.close());

  it('the instruments work: the canary records a call, the CSP blocks and reports an inline script', async () => {
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

  it(`${XSS_PAYLOADS.length} payloads in ${Object.keys(FIELDS).length} fields: nothing runs, shown as text, no dangerous markup, links inert`, async () => {
    const t = tally('hostile content: XSS payloads × fields (Chromium)');
    tallies.push(t);
    const figures = { renders: 0, menus: 0, clicks: 0, blocked: 0 };
    for (const [i, p] of XSS_PAYLOADS.entries()) {
      t.generated += Object.keys(FIELDS).length;
      const pwnedBefore = view.pwned.length;
      const violationsBefore = view.violations.length;
      await render(view, p, i);
      figures.renders++;
      await openSlashMenu(view);
      figures.menus++;
      checkShown(t, await readFields(view), p, i);
      const bad = await dangerousMarkup(view);
      check(t, bad.length === 0, `payload ${i}: ${bad.join(' ')}`);
      await closeSlashMenu(view);
      figures.clicks += await clickEveryLink(t, view, i);
      check(t, view.pwned.length === pwnedBefore, `payload ${i} ran script: ${JSON.stringify(p)}`);
      figures.blocked += view.violations.length - violationsBefore;
    }
    t.note = `${figures.renders} renders + ${figures.menus} slash menus; per payload ${COUNT('text')} fields checked as shown text, ${COUNT('attribute')} as an attribute, ${COUNT('markdown')} markdown by scan, canary and clicks only, ${COUNT('not shown')} not shown (${NOT_SHOWN}); ${figures.clicks} link clicks, ${view.pwned.length} script executions, ${figures.blocked} CSP violations blocked`;
    expect(view.pwned).toEqual([]);
    expect(t.samples).toEqual([]);
  });

  it('agent-supplied elicitation patterns cannot stall the host (each check gives its answer within 10 s)', async () => {
    const t = tally('hostile content: elicitation pattern (ReDoS)');
    tallies.push(t);
    const dir = mkdtempSync(join(tmpdir(), 'acp-robust-'));
    try {
      const outfile = join(dir, 'form.mjs');
      await esbuild.build({
        entryPoints: [join(repoRoot, 'src/permissionUI/elicitationForm.ts')],
        outfile,
        bundle: true,
        platform: 'node',
        format: 'esm',
        logLevel: 'silent',
      });
      // Each input's right answer under the pattern's own (JavaScript) meaning: `match` is accepted, `no match` refused.
      const cases: [string, string, 'match' | 'no match'][] = [
        ['^(a+)+$', `${'a'.repeat(5000)}!`, 'no match'],
        ['^(a|a)*$', `${'a'.repeat(5000)}!`, 'no match'],
        ['^(a|aa)+$', `${'a'.repeat(5000)}!`, 'no match'],
        ['^(.*a){20}$', 'a'.repeat(5000), 'match'],
        ['^([a-zA-Z0-9]+\\s?)*$', `${'x'.repeat(5000)}!`, 'no match'],
        ['^(\\w+\\s?)*$', `${'w'.repeat(5000)}!`, 'no match'],
        ['(x+x+)+y', 'x'.repeat(5000), 'no match'],
        ['^(([a-z])+.)+[A-Z]([a-z])+$', `${'a'.repeat(5000)}!`, 'no match'],
        ['^(\\d+)*$', `${'1'.repeat(5000)}x`, 'no match'],
        ['(?:a+){1000}$', 'a'.repeat(5000) + 'b', 'no match'],
        ['(a)\\1', 'aa', 'match'],
      ];
      for (const [pattern, input, want] of cases) {
        t.generated++;
        const verdict = await checkInWorker(outfile, pattern, input, 10_000);
        if (verdict === 'hang') {
          fail(t, 'hang', `pattern ${pattern} did not answer`);
          continue;
        }
        t.reached++;
        const got = verdict.startsWith('error') ? verdict : (JSON.parse(verdict) as { ok: boolean }).ok ? 'match' : 'no match';
        check(t, got === want, `pattern ${pattern}: ${got === want ? '' : verdict.slice(0, 200)} (${got}, expected ${want})`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(t.samples).toEqual([]);
  });
});

/** Sends the payload's snapshot and waits until this render is on screen (its elicitation and both markdown marks). */
async function render(view: WebviewPage, p: string, i: number): Promise<void> {
  const { state, elicitation } = transcriptWith(p, i);
  const msg: HostToWebview = {
    type: 'snapshot',
    v: PROTOCOL_VERSION,
    snapshot: toSnapshot(state),
    status: { state: 'error', message: p },
    capabilities: { image: true, embeddedContext: true, steering: false },
    elicitations: [{ key: `e${i}`, message: p, form: parseElicitationForm(elicitation) }],
    folders: [],
  };
  await view.send(msg);
  await view.page.waitForFunction(
    ({ key, m }) =>
      !!document.querySelector(`[data-testid="elicitation"][data-key="${key}"]`) &&
      ['agent-message', 'thought'].every((id) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.includes(m)),
    { key: `e${i}`, m: mark(i) },
    { timeout: 10_000 },
  );
  // Everything collapsed opens (thoughts, inputs, long output), so each field is in the DOM when it is read.
  await view.page.evaluate(() => {
    for (const d of document.querySelectorAll('details')) d.open = true;
    for (const b of document.querySelectorAll<HTMLElement>('[data-testid="show-all"]')) b.click();
  });
}

/** The composer's slash-command menu, as typing "/" opens it: the only place the agent's commands are shown. */
async function openSlashMenu(view: WebviewPage): Promise<void> {
  await view.page.fill('[data-testid="composer-input"]', '/');
  await view.page.waitForSelector('[data-testid="completion"]', { timeout: 5000 });
}

async function closeSlashMenu(view: WebviewPage): Promise<void> {
  await view.page.fill('[data-testid="composer-input"]', '');
}

/** The fields shown inside more text (the tool's input as a JSON object): the payload is a part of it. */
const WITHIN: readonly string[] = ['command'];

/** Every `text` and `attribute` field holds exactly the payload as a reader sees it: its characters, as text. */
function checkShown(t: Tally, shown: Record<string, string[]>, p: string, i: number): void {
  for (const [field, wants] of Object.entries(expectations(p))) {
    const got = shown[field] ?? [];
    const same = (g: string, w: string) => (WITHIN.includes(field) ? visible(g).includes(visible(w)) : visible(g) === visible(w));
    const ok = got.length === wants.length && wants.every((w, k) => same(got[k] ?? '', w));
    if (
      check(
        t,
        ok,
        `payload ${i}: the ${field} shows ${JSON.stringify(got.map((g) => g.slice(0, 120)))}, expected ${JSON.stringify(wants.map((w) => visible(w).slice(0, 120)))}`,
        'dataLost',
      )
    )
      t.reached++;
  }
}

/** Elements and attributes that could run script or load something, anywhere in the page. */
function dangerousMarkup(view: WebviewPage): Promise<string[]> {
  return view.page.evaluate(() => {
    const bad: string[] = [];
    const root = document.getElementById('root')!;
    for (const el of root.querySelectorAll('*')) {
      const tag = el.tagName.toLowerCase();
      if (['script', 'iframe', 'object', 'embed', 'base', 'meta', 'link', 'style', 'svg', 'math', 'video', 'audio', 'template', 'img'].includes(tag))
        bad.push(`<${tag}>`);
      for (const a of el.attributes) {
        if (/^on/i.test(a.name)) bad.push(`${tag}[${a.name}]`);
        if (/^(href|src|xlink:href|action|formaction|srcdoc|data)$/i.test(a.name) && !/^(#|https?:|data:image\/)/i.test(a.value.trim()))
          bad.push(`${tag}[${a.name}=${a.value.slice(0, 40)}]`);
      }
    }
    return bad;
  });
}

/**
 * Clicks every link the render produced, one at a time: the click must happen, the page must not navigate, and
 * exactly the links the sanitizer kept (`data-href`, http(s) only) post one `openLink` with their own href.
 */
/**
 * A real click on the link's first line box (a link that wraps has its box's centre between its lines), once it is
 * scrolled into view; it throws when something else is on top there.
 */
async function clickAt(page: WebviewPage['page'], link: ElementHandle<Element>): Promise<void> {
  await link.scrollIntoViewIfNeeded({ timeout: 2000 });
  const at = await link.evaluate((e) => {
    const r = e.getClientRects()[0]!;
    const x = r.x + r.width / 2;
    const y = r.y + r.height / 2;
    return { x, y, onTop: e.contains(document.elementFromPoint(x, y)) };
  });
  if (!at.onTop) throw new Error(`another element is on top of the link at ${at.x},${at.y}`);
  await page.mouse.click(at.x, at.y);
}

async function clickEveryLink(t: Tally, view: WebviewPage, i: number): Promise<number> {
  const page = view.page;
  const url = page.url();
  let clicks = 0;
  const links = await page.$$('#root [data-href], #root a');
  for (const [k, l] of links.entries()) {
    const href = await l.getAttribute('data-href');
    const before = (await view.posted()).length;
    const clicked = await clickAt(page, l).then(
      () => true,
      (e: unknown) => (fail(t, 'failure', `payload ${i}: link ${k} could not be clicked: ${String(e).slice(0, 200)}`), false),
    );
    if (!clicked) continue;
    clicks++;
    check(t, page.url() === url, `payload ${i}: clicking link ${k} navigated to ${page.url()}`);
    const posted = (await view.posted())
      .slice(before)
      .filter((m) => m.type === 'openLink')
      .map((m) => String(m.href));
    const want = href !== null && parseExternalLink(href) ? [href] : [];
    check(
      t,
      JSON.stringify(posted) === JSON.stringify(want),
      `payload ${i}: link ${k} (${href}) posted ${JSON.stringify(posted)}, expected ${JSON.stringify(want)}`,
    );
  }
  await page.evaluate(() => ((window as unknown as { __posted: unknown[] }).__posted.length = 0));
  return clicks;
}

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
