// @vitest-environment jsdom
import type { SessionConfigOption } from '@agentclientprotocol/sdk';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TranscriptEntry } from '../../../src/acpClient/transcript';
import type { HostToWebview, WebviewToHost } from '../../../src/webview/protocol/protocol';
import { App } from '../../../src/webview/page/app';
import { markdownRenderer } from '../../../src/webview/page/markdown';
import { inProcessHighlighter, settleHighlights } from './highlightFixtures';
import { T0, agent, bashTool, editTool, elicitationView, fullSnapshot, meta, permission, snapshotMsg, user } from './fixtures';

function setup() {
  const posted: WebviewToHost[] = [];
  const frames: (() => void)[] = [];
  const md = vi.fn(markdownRenderer(inProcessHighlighter().highlighter));
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  const app = new App({ post: (m) => posted.push(m), root, renderMarkdown: md, requestFrame: (cb) => frames.push(cb) });
  const send = (m: HostToWebview) => app.handleMessage(m);
  const frame = () => frames.splice(0).forEach((f) => f());
  const q = <T extends Element = HTMLElement>(sel: string) => root.querySelector<T & Element>(sel) as T | null;
  return { app, root, posted, md, send, frame, q, frames };
}

describe('rendering a snapshot', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
    t.send(snapshotMsg(fullSnapshot()));
    t.frame();
  });

  it('renders user, thought, agent markdown with highlighted code', async () => {
    await settleHighlights();
    expect(t.q('[data-entry-id="u1"]')!.textContent).toContain('Please edit existing.txt');
    const thought = t.q('[data-entry-id="t1"]')!;
    expect(thought.querySelector('details')!.open).toBe(false);
    expect(thought.querySelector('summary')!.textContent).toContain('Thought for 3s');
    expect(thought.querySelector('strong')!.textContent).toBe('read');
    const a1 = t.q('[data-entry-id="a1"]')!;
    expect(a1.querySelector('code')!.textContent).toBe('code');
    expect(a1.querySelector('pre code .hljs-keyword')!.textContent).toBe('const');
    const link = a1.querySelector<HTMLElement>('a.ext-link')!;
    expect(link.getAttribute('href')).toBeNull();
    expect(link.dataset.href).toBe('https://example.com/docs');
  });

  it('renders a Bash tool card: kind, status, title, input JSON, console output, location', () => {
    const card = t.q('[data-tool-call-id="toolu_bash"]')!;
    expect(card.dataset.status).toBe('completed');
    expect(card.querySelector('.tool-kind .codicon-terminal')).not.toBeNull();
    expect(card.querySelector('.tool-title')!.textContent).toBe('touch hi.txt && echo hi');
    expect(card.querySelector('.tool-status')!.textContent).toContain('Completed');
    expect(JSON.parse(card.querySelector('.tool-input-json')!.textContent!)).toEqual({
      command: 'touch hi.txt && echo hi',
      description: 'Create hi.txt and print hi',
    });
    // The raw input waits behind a button in the card's head until asked for.
    const input = card.querySelector<HTMLElement>('[data-testid="tool-input"]')!;
    const toggle = card.querySelector<HTMLButtonElement>('.tool-head [data-testid="tool-input-toggle"]')!;
    expect([input.hidden, toggle.getAttribute('aria-expanded'), toggle.getAttribute('aria-label')]).toEqual([true, 'false', 'Show input']);
    toggle.click();
    expect([input.hidden, toggle.getAttribute('aria-expanded'), toggle.getAttribute('aria-label')]).toEqual([false, 'true', 'Hide input']);
    expect(card.querySelector('[data-testid="terminal-output"]')!.textContent).toBe('hi');
    const loc = card.querySelector<HTMLButtonElement>('[data-testid="location-link"]')!;
    // A file reference reads as a link: the file's icon and, the title naming the file already, what it does (the whole
    // path in the tooltip).
    expect([loc.querySelector('.codicon-file') !== null, loc.querySelector('.location-label')!.textContent, loc.title]).toEqual([
      true,
      'Open file',
      'Open /home/dev/workspace/hi.txt',
    ]);
    loc.click();
    expect(t.posted).toContainEqual({ type: 'openLocation', path: '/home/dev/workspace/hi.txt', line: null });
  });

  it('renders an Edit diff inline with Open diff posting openDiff', () => {
    const card = t.q('[data-tool-call-id="toolu_edit"]')!;
    expect(card.querySelector('.diff-del')!.textContent).toContain('alpha');
    expect(card.querySelector('.diff-add')!.textContent).toContain('ALPHA-EDITED');
    // A true minus sign, as in the changed-files list.
    expect(card.querySelector('.diff-stat')!.textContent).toBe('+1 −1');
    card.querySelector<HTMLButtonElement>('[data-testid="open-diff"]')!.click();
    expect(t.posted).toContainEqual({ type: 'openDiff', toolCallId: 'toolu_edit', contentIndex: 0 });
    const loc = card.querySelector<HTMLButtonElement>('[data-testid="location-link"]')!;
    // The card's title names the file ("Edit existing.txt"): the diff's header and the link do not again; the link's
    // name holds the path and line, the tooltip says the line in words.
    expect(card.querySelector('.diff-path')).toBeNull();
    expect([loc.textContent, loc.getAttribute('aria-label'), loc.title]).toEqual([
      'Open at line 1',
      'Open at line 1: /home/dev/workspace/existing.txt',
      'Open /home/dev/workspace/existing.txt at line 1',
    ]);
    loc.click();
    expect(t.posted).toContainEqual({ type: 'openLocation', path: '/home/dev/workspace/existing.txt', line: 1 });
  });

  it('renders the permission inside its tool card: allow once first and primary, deny next, then the broader grant; posts the choice', () => {
    const card = t.q('[data-tool-call-id="toolu_edit"]')!;
    const perm = card.querySelector('[data-testid="permission"]')!;
    expect(perm).not.toBeNull();
    // It asks the question for an edit; the card's title ("Edit existing.txt") names the file, shown whole meanwhile.
    expect(perm.querySelector('[data-testid="permission-question"]')!.textContent).toBe('Edit this file?');
    expect(perm.querySelector('[data-testid="permission-subject"]')).toBeNull();
    expect(perm.hasAttribute('data-named-by-title')).toBe(true);
    const buttons = Array.from(perm.querySelectorAll<HTMLButtonElement>('[data-option-id]'));
    expect(buttons.map((b) => b.dataset.optionId)).toEqual(['allow-once', 'reject', 'allow-with-updates']);
    // Each label is the option's name, whole.
    expect(buttons.map((b) => b.querySelector('.perm-label')!.textContent)).toEqual(['Yes', 'No', 'Yes, allow all edits during this session']);
    expect(buttons.map((b) => b.classList.contains('primary'))).toEqual([true, false, false]);
    expect(buttons.map((b) => [b.querySelector('.perm-key')!.textContent, b.getAttribute('aria-keyshortcuts')])).toEqual([
      ['1', '1'],
      ['2', '2'],
      ['3', '3'],
    ]);
    expect(buttons[1]!.querySelector('.codicon-close')).not.toBeNull();
    buttons[2]!.click();
    buttons[0]!.click(); // a second click must not answer twice
    expect(t.posted.filter((m) => m.type === 'answerPermission')).toEqual([{ type: 'answerPermission', key: 'sess-1:p1', optionId: 'allow-with-updates' }]);
  });

  it('asks "Run this command?" on a command\'s card, the whole command as code below it', () => {
    const command = 'npm test -- --watch=false --reporter=verbose some/very/long/path/to/a/spec/file.test.ts';
    const bash = bashTool('toolu_long', { status: 'pending', title: command, rawInput: { command, description: 'Run the tests' }, content: [] });
    const perm = { ...permission('p9', 'toolu_long'), id: 'p9' } as Extract<TranscriptEntry, { kind: 'permission' }>;
    perm.permission = {
      ...perm.permission,
      title: command,
      options: [
        { optionId: 'allow-once', name: 'Yes', kind: 'allow_once' },
        { optionId: 'allow-with-updates', name: "Yes, and don't ask again for npm test commands", kind: 'allow_always' },
        { optionId: 'reject', name: 'No', kind: 'reject_once' },
      ],
    };
    t.send({ type: 'patch', entries: [bash, perm] });
    const card = t.q('[data-entry-id="p9"]')!;
    expect(card.closest('[data-tool-call-id="toolu_long"]')).not.toBeNull();
    expect(card.querySelector('[data-testid="permission-question"]')!.textContent).toBe('Run this command?');
    const subject = card.querySelector('[data-testid="permission-subject"]')!;
    expect([subject.tagName, subject.getAttribute('data-form'), subject.textContent]).toEqual(['CODE', 'command', command]);
    // It may wrap after each slash before it wraps mid-name.
    expect(subject.querySelectorAll('wbr')).toHaveLength(command.split('/').length - 1);
    expect(Array.from(card.querySelectorAll('.perm-label')).map((l) => l.textContent)).toEqual(['Yes', 'No', "Yes, and don't ask again for npm test commands"]);
    // Number keys still answer.
    card.dispatchEvent(new KeyboardEvent('keydown', { key: '3', bubbles: true }));
    expect(t.posted.filter((m) => m.type === 'answerPermission')).toEqual([{ type: 'answerPermission', key: 'sess-1:p9', optionId: 'allow-with-updates' }]);
  });

  it('answers with a digit key pressed in the card: the option with that number', () => {
    const perm = t.q('[data-tool-call-id="toolu_edit"] [data-testid="permission"]')!;
    perm.dispatchEvent(new KeyboardEvent('keydown', { key: '2', bubbles: true }));
    perm.dispatchEvent(new KeyboardEvent('keydown', { key: '1', bubbles: true }));
    expect(t.posted.filter((m) => m.type === 'answerPermission')).toEqual([{ type: 'answerPermission', key: 'sess-1:p1', optionId: 'reject' }]);
  });

  it('renders a permission without a matching tool card standalone, with its outcome', () => {
    const p2 = t.q('[data-entry-id="p2"]')!;
    expect(p2.parentElement!.classList.contains('turn-body')).toBe(true);
    // No tool call to ask from: the general question, about the request's title.
    expect(p2.querySelector('[data-testid="permission-question"]')!.textContent).toBe('Allow this tool call?');
    expect(p2.querySelector('[data-testid="permission-subject"]')!.textContent).toBe('Edit existing.txt');
    expect(p2.querySelector('[data-testid="permission-outcome"]')!.textContent).toBe('Allowed once by you');
    expect(p2.querySelector('button')).toBeNull();
  });

  it('renders notice, error, turn end, plan, usage, title and controls', () => {
    expect(t.q('[data-entry-id="n1"]')!.textContent).toContain('Rate limited');
    expect(t.q('[data-entry-id="n1"]')!.dataset.severity).toBe('warning');
    // A failed turn is one line in the transcript, its whole message in the tooltip; the card above the composer is
    // the one alert.
    const err = t.q('[data-entry-id="err1"]')!;
    expect(err.getAttribute('role')).toBeNull();
    expect(err.title).toBe('Internal error: boom');
    expect(err.querySelector('.error-line')!.textContent).toBe('Internal error: boom');
    expect(t.q('[data-entry-id="te1"]')!.textContent).toContain('Cancelled');
    const plan = Array.from(t.root.querySelectorAll<HTMLElement>('.plan-item'));
    expect(plan.map((p) => [p.dataset.status, p.dataset.priority])).toEqual([
      ['completed', 'high'],
      ['in_progress', 'medium'],
      ['pending', 'low'],
    ]);
    expect(t.q('[data-testid="plan"]')!.textContent).toContain('Plan (1/3)');
    // The context meter in words, its numbers and the cost in the tooltip.
    expect(t.q('[data-testid="usage"]')!.textContent).toBe('1% context');
    expect(t.q('[data-testid="usage"]')!.title).toMatch(/^Context: 12.345 of 1.000.000 tokens \(1%\) · \$0\.12$/u);
    // The title is VS Code's (the view's or tab's title bar); the page's header does not repeat it, nor New or History.
    expect(t.q('[data-testid="session-title"]')).toBeNull();
    expect(t.root.querySelector('.header-row')!.textContent).not.toContain('Fake session title');
    // Only the page's heading names it, for screen readers (hidden from view).
    const heading = t.root.querySelector('h1')!;
    expect([heading.textContent, heading.className]).toEqual(['Fake session title', 'sr-only']);
    expect(t.q('[data-testid="new-session"]')).toBeNull();
    expect(t.q('[data-testid="open-history"]')).toBeNull();
    const mode = t.q<HTMLSelectElement>('[data-testid="mode-select"]')!;
    expect(mode.value).toBe('default');
    mode.value = 'acceptEdits';
    mode.dispatchEvent(new Event('change'));
    expect(t.posted).toContainEqual({ type: 'setMode', modeId: 'acceptEdits' });
  });

  it('link clicks post openLink and never navigate', () => {
    const link = t.q('a.ext-link')!;
    const ev = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(ev);
    expect(ev.defaultPrevented).toBe(true);
    expect(t.posted).toContainEqual({ type: 'openLink', href: 'https://example.com/docs' });
  });
});

describe("the code blocks' one copy button", () => {
  it('joins the block hovered or focused, after its code, and copies that block', async () => {
    const copied: string[] = [];
    const root = document.createElement('div');
    document.body.replaceChildren(root);
    const frames: (() => void)[] = [];
    const app = new App({ post: () => undefined, root, requestFrame: (cb) => frames.push(cb), copyText: async (text) => void copied.push(text) });
    app.handleMessage(snapshotMsg({ meta: meta(), entries: [agent('a1', '```\nfirst\n```\n\ntext\n\n```\nsecond\n```\n')] }));
    frames.splice(0).forEach((f) => f());
    const blocks = [...root.querySelectorAll<HTMLElement>('.code-block')];
    expect(blocks).toHaveLength(2);
    expect(root.querySelectorAll('[data-testid="copy-code"]')).toHaveLength(0); // none until a block is reached
    blocks[1]!.querySelector('pre')!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    const copy = root.querySelector<HTMLButtonElement>('[data-testid="copy-code"]')!;
    expect(copy.parentElement).toBe(blocks[1]);
    expect(copy.previousElementSibling!.tagName).toBe('PRE'); // Tab goes from the code to it
    copy.click();
    await Promise.resolve();
    expect(copied).toEqual(['second\n']);
    expect(copy.classList.contains('copied')).toBe(true);
    // The keyboard: focusing the first block's code brings the button there, fresh.
    const pre = blocks[0]!.querySelector('pre')!;
    expect(pre.tabIndex).toBe(0);
    pre.focus();
    expect(root.querySelectorAll('[data-testid="copy-code"]')).toHaveLength(1);
    expect(copy.parentElement).toBe(blocks[0]);
    expect(copy.classList.contains('copied')).toBe(false);
    expect(copy.getAttribute('aria-label')).toBe('Copy code');
  });
});

describe('an MCP tool card', () => {
  it('names the tool and its server apart, and says both to a screen reader', () => {
    const t = setup();
    const call = bashTool('toolu_mcp', {
      name: 'mcp__acp-chat__get_diagnostics',
      title: 'mcp__acp-chat__get_diagnostics',
      kind: 'other',
      rawInput: { path: 'src/a.ts' },
      locations: [],
    });
    t.send(snapshotMsg({ meta: meta(), entries: [call, bashTool()] }));
    t.frame();
    const card = t.q('[data-tool-call-id="toolu_mcp"]')!;
    expect(card.querySelector('.tool-title')!.textContent).toBe('get_diagnostics');
    const server = card.querySelector<HTMLElement>('[data-testid="tool-server"]')!;
    expect([server.textContent, server.hidden]).toEqual(['acp-chat', false]);
    expect(card.getAttribute('aria-label')).toBe('other: get_diagnostics (MCP server acp-chat), Completed');
    // Any other tool has no server.
    expect(t.q('[data-tool-call-id="toolu_bash"] [data-testid="tool-server"]')!.hidden).toBe(true);
  });
});

describe('incremental patching', () => {
  it('a chunk appended to a message touches only that node and renders its markdown once', () => {
    const t = setup();
    t.send(snapshotMsg({ meta: meta({ turn: 'running' }), entries: [user('u1', 'hi'), agent('a1', 'Hello'), bashTool(), agent('a2', 'Second')] }));
    t.frame();
    const before = new Map(['u1', 'a1', 'e-toolu_bash', 'a2'].map((id) => [id, t.app.transcript.nodeOf(id)!]));
    const a1Body = before.get('a1')!.querySelector('.markdown-body')!.firstChild;
    t.md.mockClear();
    t.send({ type: 'patch', entries: [agent('a2', 'Second chunk')] });
    t.send({ type: 'patch', entries: [agent('a2', 'Second chunk and more')] });
    expect(t.md).not.toHaveBeenCalled(); // deferred to the frame
    t.frame();
    expect(t.md).toHaveBeenCalledTimes(1);
    expect(t.md).toHaveBeenCalledWith('Second chunk and more');
    for (const [id, node] of before) expect(t.app.transcript.nodeOf(id)).toBe(node);
    expect(before.get('a1')!.querySelector('.markdown-body')!.firstChild).toBe(a1Body);
    expect(before.get('a2')!.textContent).toContain('Second chunk and more');
  });

  it("an approval's path is relative to the chat's folders, and whole and marked outside them, when the title does not name it", () => {
    const t = setup();
    const untitled = editTool('toolu_a') as Extract<TranscriptEntry, { kind: 'tool' }>;
    untitled.toolCall.title = 'Edit';
    const outside = editTool('toolu_b') as Extract<TranscriptEntry, { kind: 'tool' }>;
    outside.toolCall.title = 'Edit /etc/hosts';
    outside.toolCall.rawInput = { file_path: '/etc/hosts', old_string: 'a', new_string: 'b' };
    outside.toolCall.content = [{ type: 'diff', path: '/etc/hosts', oldText: 'a', newText: 'b' }];
    outside.toolCall.locations = [{ path: '/etc/hosts', line: 1 }];
    t.send(snapshotMsg({ meta: meta(), entries: [untitled, permission('p1', 'toolu_a'), outside, permission('p2', 'toolu_b')] }));
    t.frame();
    const subject = (id: string) => t.q(`[data-tool-call-id="${id}"] [data-testid="permission-subject"]`)!;
    expect([subject('toolu_a').textContent, subject('toolu_a').classList.contains('subject-outside')]).toEqual(['existing.txt', false]);
    expect([subject('toolu_b').textContent, subject('toolu_b').classList.contains('subject-outside')]).toEqual(['/etc/hosts (outside workspace)', true]);
    // The diff's header names the file where the title does not, and a link whose file the title names says what it does.
    expect(t.q('[data-tool-call-id="toolu_a"] .diff-path')!.textContent).toBe('existing.txt');
    expect(t.q('[data-tool-call-id="toolu_b"] .location-label')!.textContent).toBe('hosts:1');
  });

  it('an unchanged entry in a patch is skipped; a tool update keeps the card and its permission', () => {
    const t = setup();
    t.send(snapshotMsg({ meta: meta(), entries: [editTool(), permission('p1', 'toolu_edit')] }));
    t.frame();
    const card = t.app.transcript.nodeOf('e-toolu_edit')!;
    const diff = card.querySelector('[data-testid="diff"]');
    t.md.mockClear();
    const updated = editTool() as Extract<TranscriptEntry, { kind: 'tool' }>;
    updated.toolCall.status = 'completed';
    t.send({
      type: 'patch',
      entries: [updated, permission('p1', 'toolu_edit', { status: 'selected', optionId: 'allow-once', optionName: 'Yes', optionKind: 'allow_once' })],
    });
    expect(t.app.transcript.nodeOf('e-toolu_edit')).toBe(card);
    expect(card.dataset.status).toBe('completed');
    expect(card.querySelector('[data-testid="diff"]')).toBe(diff); // content unchanged → not rebuilt
    expect(card.querySelector('[data-testid="permission-outcome"]')!.textContent).toBe('Allowed once by you');
  });

  it('new entries are appended in order; permission outcomes render as text', () => {
    const t = setup();
    t.send(snapshotMsg({ meta: meta(), entries: [user('u1', 'x')] }));
    t.send({
      type: 'patch',
      entries: [
        bashTool('toolu_b', {
          status: 'failed',
          content: [],
          rawOutput: 'User refused permission to run tool',
          deniedByUser: true,
          terminalOutput: 'User refused permission to run tool',
          terminalExit: { exitCode: null, signal: null },
        }),
        bashTool('toolu_c', { status: 'failed', content: [], rawOutput: 'command not found' }),
        permission('px', 'toolu_b', { status: 'selected', optionId: 'reject', optionName: 'No', optionKind: 'reject_once' }),
        permission('py', 'nope', { status: 'cancelled', reason: 'turn-cancelled' }),
        permission('pz', 'nope2', { status: 'expired', reason: 'agent-exited' }),
      ],
    });
    t.frame();
    const ids = Array.from(t.root.querySelectorAll<HTMLElement>('.transcript-list > .turn > .turn-body > [data-entry-id]')).map((n) => n.dataset.entryId);
    expect(ids).toEqual(['u1', 'e-toolu_b', 'e-toolu_c', 'py', 'pz']);
    // A call the user denied says so in neutral words, without the agent's refusal text or an exit status.
    const card = t.q('[data-tool-call-id="toolu_b"]')!;
    expect(card.dataset.status).toBe('denied');
    expect(card.querySelector('.tool-status')!.textContent).toBe('Denied by you');
    expect(card.querySelector('.tool-status .codicon-circle-slash')).not.toBeNull();
    expect(card.textContent).not.toContain('User refused permission');
    expect(card.querySelector('.terminal-exit')).toBeNull();
    expect(card.querySelector('[data-testid="terminal-output"]')).toBeNull();
    expect(card.querySelector('[data-testid="permission-outcome"]')!.textContent).toBe('Denied by you');
    // A call that failed on its own is still a failure.
    const failed = t.q('[data-tool-call-id="toolu_c"]')!;
    expect(failed.dataset.status).toBe('failed');
    expect(failed.querySelector('.tool-status .codicon-error')).not.toBeNull();
    expect(failed.textContent).toContain('command not found');
    expect(t.q('[data-entry-id="py"] [data-testid="permission-outcome"]')!.textContent).toBe('Cancelled (turn cancelled)');
    expect(t.q('[data-entry-id="pz"] [data-testid="permission-outcome"]')!.textContent).toBe('Expired (agent exited)');
    // The icon tells a rejection and an unanswered end apart from an allow at a glance; inside its tool card the
    // answered request is one line of the card, no heading of its own.
    expect(card.querySelector('.permission-answered .codicon-circle-slash')).not.toBeNull();
    expect(card.querySelector('.permission-head')).toBeNull();
    expect(t.q('[data-entry-id="py"] .permission-head .codicon-debug-stop')).not.toBeNull();
  });

  it('streams terminal output with ANSI colours and shows the exit code', () => {
    const t = setup();
    const tool = bashTool('toolu_t', { status: 'pending', content: [{ type: 'terminal', terminalId: 'toolu_t' }], terminalOutput: '\x1b[31mred\x1b[0m plain' });
    t.send(snapshotMsg({ meta: meta(), entries: [tool] }));
    const out = t.q('[data-tool-call-id="toolu_t"] .tool-terminal [data-testid="terminal-output"]')!;
    expect(out.querySelector('.ansi-red-fg')!.textContent).toBe('red');
    expect(out.textContent).toBe('red plain');
    t.send({
      type: 'patch',
      entries: [
        bashTool('toolu_t', {
          status: 'completed',
          content: [{ type: 'terminal', terminalId: 'toolu_t' }],
          terminalOutput: '\x1b[31mred\x1b[0m plain\nmore',
          terminalExit: { exitCode: 2, signal: null },
        }),
      ],
    });
    expect(t.q('[data-tool-call-id="toolu_t"] .terminal-exit')!.textContent).toBe('Exit code 2');
    expect(t.q('[data-tool-call-id="toolu_t"] .tool-terminal')!.textContent).toContain('more');
  });

  it('says when the host dropped the start of a long command output', () => {
    const t = setup();
    t.send(
      snapshotMsg({
        meta: meta(),
        entries: [bashTool('toolu_t', { content: [{ type: 'terminal', terminalId: 'toolu_t' }], terminalOutput: 'tail', terminalOutputDropped: 52_000_000 })],
      }),
    );
    expect(t.q('[data-tool-call-id="toolu_t"] [data-testid="output-truncated"]')!.textContent).toBe(
      'Output truncated: the first 52,000,000 characters are not kept.',
    );
    t.send({ type: 'patch', entries: [bashTool('toolu_t', { content: [{ type: 'terminal', terminalId: 'toolu_t' }], terminalOutput: 'short' })] });
    expect(t.q('[data-tool-call-id="toolu_t"] [data-testid="output-truncated"]')).toBeNull();
  });

  it('truncates large output with Show all', () => {
    const t = setup();
    const lines = Array.from({ length: 500 }, (_, i) => `line ${i}`).join('\n');
    t.send(
      snapshotMsg({
        meta: meta(),
        entries: [bashTool('toolu_big', { content: [{ type: 'content', content: { type: 'text', text: '```console\n' + lines + '\n```' } }] })],
      }),
    );
    const card = t.q('[data-tool-call-id="toolu_big"]')!;
    expect(card.querySelector('[data-testid="terminal-output"]')!.textContent).not.toContain('line 0\n');
    expect(card.querySelector('[data-testid="terminal-output"]')!.textContent).toContain('line 499');
    card.querySelector<HTMLButtonElement>('[data-testid="show-all"]')!.click();
    expect(card.querySelector('[data-testid="terminal-output"]')!.textContent).toContain('line 0\n');
    expect(card.querySelector('[data-testid="show-all"]')).toBeNull();
  });

  it('puts the mode, named for what it does, and the model in the composer toolbar, the rest behind one More menu', () => {
    const t = setup();
    t.send(snapshotMsg({ meta: meta({ modes: null }), entries: [] }));
    const configOptions: SessionConfigOption[] = [
      {
        id: 'mode',
        name: 'Mode',
        category: 'mode',
        type: 'select' as const,
        currentValue: 'default',
        options: [
          { value: 'default', name: 'Manual' },
          { value: 'acceptEdits', name: 'Accept edits' },
          { value: 'custom', name: 'Custom' },
        ],
      },
      {
        id: 'model',
        name: 'Model',
        category: 'model',
        type: 'select' as const,
        currentValue: 'default',
        options: [
          { value: 'default', name: 'Default (recommended)', description: 'Opus' },
          { value: 'opus', name: 'Opus 5.5', description: 'Opus 5.5 · Best for everyday, complex tasks' },
        ],
      },
      { id: 'effort', name: 'Effort', category: 'thought_level', type: 'select' as const, currentValue: 'high', options: [{ value: 'high', name: 'High' }] },
      { id: 'fast', name: 'Fast mode', category: 'model_config', type: 'boolean' as const, currentValue: false },
    ];
    t.send({ type: 'patch', entries: [], meta: { configOptions } });
    const toolbar = t.q('.composer-box .composer-toolbar')!;
    const bar = toolbar.querySelector('[data-testid="config-bar"]')!;
    // In the bar itself: the two selects, then the menu's button; Send is in the same toolbar.
    expect(
      Array.from(bar.children).map((c) => (c.matches('select') ? c : c.querySelector(':scope > select'))?.getAttribute('aria-label') ?? c.tagName),
    ).toEqual(['Mode', 'Model', 'DETAILS']);
    expect(toolbar.querySelector('[data-testid="send"]')).not.toBeNull();
    const mode = t.q<HTMLSelectElement>('[data-testid="mode-select"]')!;
    // The picker shows each mode by its one name, the glossary's (the adapter's own names renamed; a name it does not
    // give stays the agent's).
    expect(Array.from(mode.options).map((o) => o.textContent)).toEqual(['Ask before edits', 'Edit automatically', 'Custom']);
    expect(Array.from(mode.options).map((o) => o.title)).toEqual(['Ask before edits', 'Edit automatically', 'Custom']);
    expect(mode.title).toBe('Mode: Ask before edits');
    const model = t.q<HTMLSelectElement>('select[data-config-id="model"]')!;
    expect(model.title).toBe('Model: Default (recommended)');
    // The bar shows the model the default stands for (the adapter's description names it); its list, each whole.
    expect(t.q('[data-testid="model-name"]')!.textContent).toBe('Opus');
    expect(Array.from(model.options).map((o) => o.textContent)).toEqual(['Default (recommended)', 'Opus 5.5']);
    model.value = 'opus';
    model.dispatchEvent(new Event('change'));
    expect(t.q('[data-testid="model-name"]')!.textContent).toBe('Opus 5.5');
    // Effort and Fast mode in the menu, each with its visible label.
    const menu = t.q<HTMLDetailsElement>('details.config-more')!;
    expect(Array.from(menu.querySelectorAll('.config-more-panel label')).map((l) => l.textContent)).toEqual(['EffortHigh', 'Fast mode']);
    expect(menu.open).toBe(false);
    menu.open = true;
    // A patch that rebuilds the bar keeps the menu open; Escape closes it, and so does a click outside.
    t.send({
      type: 'patch',
      entries: [],
      meta: { configOptions: [{ ...configOptions[0]!, currentValue: 'acceptEdits' } as SessionConfigOption, ...configOptions.slice(1)] },
    });
    const again = t.q<HTMLDetailsElement>('details.config-more')!;
    expect(again.open).toBe(true);
    again.querySelector('select')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(again.open).toBe(false);
    again.open = true;
    t.q<HTMLElement>('[data-testid="composer-input"]')!.click();
    expect(again.open).toBe(false);
  });

  it('applies meta patches: config options kept in step, cleared fields removed, status shown', () => {
    const t = setup();
    t.send(snapshotMsg({ meta: meta({ modes: null }), entries: [] }));
    expect(t.q('[data-testid="empty-state"]')!.hidden).toBe(false);
    const configOptions: SessionConfigOption[] = [
      {
        id: 'mode',
        name: 'Mode',
        category: 'mode',
        type: 'select' as const,
        currentValue: 'auto',
        options: [
          { value: 'default', name: 'Manual' },
          { value: 'auto', name: 'Auto' },
        ],
      },
      {
        id: 'model',
        name: 'Model',
        category: 'model',
        type: 'select' as const,
        currentValue: 'default',
        options: [
          { value: 'default', name: 'Default' },
          { value: 'opus', name: 'Opus 5.5' },
        ],
      },
      { id: 'fast', name: 'Fast mode', category: 'model_config', type: 'boolean' as const, currentValue: false },
    ];
    t.send({ type: 'patch', entries: [], meta: { configOptions, usage: { used: 10, size: 100 } } });
    const model = t.q<HTMLSelectElement>('select[data-config-id="model"]')!;
    expect(model.value).toBe('default');
    expect(t.q<HTMLSelectElement>('[data-testid="mode-select"]')!.dataset.configId).toBe('mode');
    model.value = 'opus';
    model.dispatchEvent(new Event('change'));
    expect(t.posted).toContainEqual({ type: 'setConfigOption', configId: 'model', value: 'opus' });
    const fast = t.q<HTMLInputElement>('input[data-config-id="fast"]')!;
    fast.checked = true;
    fast.dispatchEvent(new Event('change'));
    expect(t.posted).toContainEqual({ type: 'setConfigOption', configId: 'fast', value: true });
    t.send({
      type: 'patch',
      entries: [],
      meta: { configOptions: [{ ...configOptions[0]!, currentValue: 'default' } as SessionConfigOption, configOptions[1]!, configOptions[2]!] },
    });
    expect(t.q<HTMLSelectElement>('[data-testid="mode-select"]')!.value).toBe('default');
    expect(t.q('[data-testid="usage"]')!.hidden).toBe(false);
    t.send({ type: 'patch', entries: [], meta: { usage: null as never, connection: 'disconnected', disconnectReason: 'exit code 1' } });
    expect(t.q('[data-testid="usage"]')!.hidden).toBe(true);
    expect(t.q('[data-testid="connection-status"]')!.textContent).toContain('exit code 1');
    // Why, and a way back: Restart reloads the conversation.
    t.q<HTMLButtonElement>('[data-testid="restart-agent"]')!.click();
    expect(t.posted).toContainEqual({ type: 'restartAgent' });
    // One line: the agent's last output is on the card behind Show details, and in the line's tooltip.
    t.send({ type: 'patch', entries: [], meta: { disconnectReason: 'The agent exited with code 1. Last output:\nFATAL a\nFATAL b' } });
    const line = t.q('[data-testid="connection-status"] .status-text')!;
    expect([line.textContent, line.title]).toEqual([
      'The agent exited with code 1. Last output:',
      'The agent exited with code 1. Last output:\nFATAL a\nFATAL b',
    ]);
    t.send({ type: 'status', status: { state: 'error', message: 'The agent exited with code 3.' } });
    expect(t.q('[data-testid="connection-status"]')!.textContent).toContain('exited with code 3');
    t.send({ type: 'status', status: { state: 'starting' } });
    expect(t.q('[data-testid="restart-agent"]')).toBeNull();
    t.send(snapshotMsg(null));
    t.send({ type: 'status', status: { state: 'starting' } });
    expect(t.q('[data-testid="connection-status"]')!.textContent).toContain('Starting');
    t.send({ type: 'status', status: { state: 'error', message: 'spawn ENOENT' } });
    expect(t.q('[data-testid="connection-status"]')!.textContent).toContain('spawn ENOENT');
  });

  it('ignores malformed host messages and warns on a protocol mismatch', () => {
    const t = setup();
    expect(() => {
      t.app.handleMessage(null);
      t.app.handleMessage({ type: 42 });
      t.app.handleMessage({ type: 'bogus' });
    }).not.toThrow();
    t.app.handleMessage({ ...snapshotMsg(null), v: 999 });
    expect(t.q('[data-testid="banner"]')!.hidden).toBe(false);
  });

  it('announces streamed text politely in sentences', () => {
    const t = setup();
    t.send(snapshotMsg({ meta: meta({ turn: 'running' }), entries: [agent('a1', 'Hello there. Partial')] }));
    t.frame();
    const live = t.q('[data-testid="live-region"]')!;
    expect(live.getAttribute('aria-live')).toBe('polite');
    expect(live.textContent).toBe('Hello there.');
    t.send({ type: 'patch', entries: [agent('a1', 'Hello there. Partial done')], meta: { turn: 'idle' } });
    t.frame();
    expect(live.textContent).toBe('Hello there.Partial done');
  });
});

describe('elicitations', () => {
  it('renders radios/checkboxes/text/number/boolean and posts accept/decline/cancel', () => {
    const t = setup();
    t.send(snapshotMsg({ meta: meta(), entries: [] }));
    t.send({
      type: 'elicitations',
      elicitations: [
        elicitationView('k1', 'Which color do you prefer?', {
          type: 'object',
          required: ['question_0'],
          properties: {
            question_0: {
              type: 'string',
              title: 'Color',
              oneOf: [
                { const: 'Red', title: 'Red', description: 'Warm color' },
                { const: 'Blue', title: 'Blue' },
              ],
            },
            question_0_custom: { type: 'string', title: 'Other' },
            tags: { type: 'array', title: 'Tags', items: { enum: ['a', 'b'] } },
            count: { type: 'integer', title: 'Count' },
            ok: { type: 'boolean', title: 'OK?' },
          },
        }),
      ],
    });
    const form = t.q<HTMLFormElement>('[data-testid="elicitation"]')!;
    expect(form.textContent).toContain('Which color do you prefer?');
    form.requestSubmit();
    expect(form.querySelector('.elicitation-error')!.textContent).toBe('Color: Color is required.');
    expect(t.posted.filter((m) => m.type === 'answerElicitation')).toEqual([]);
    form.querySelector<HTMLInputElement>('input[type=radio][value="Red"]')!.checked = true;
    form.querySelector<HTMLInputElement>('[data-field="question_0_custom"] input')!.value = 'Red';
    form.querySelector<HTMLInputElement>('input[type=checkbox][value="b"]')!.checked = true;
    form.querySelector<HTMLInputElement>('[data-field="count"] input')!.value = '3';
    form.querySelector<HTMLInputElement>('[data-field="ok"] input')!.checked = true;
    form.requestSubmit();
    expect(t.posted).toContainEqual({
      type: 'answerElicitation',
      key: 'k1',
      action: 'accept',
      content: { question_0: 'Red', question_0_custom: 'Red', tags: ['b'], count: 3, ok: true },
    });
    form.querySelector<HTMLButtonElement>('[data-testid="elicitation-decline"]')!.click();
    form.querySelector<HTMLButtonElement>('[data-testid="elicitation-cancel"]')!.click();
    expect(t.posted).toContainEqual({ type: 'answerElicitation', key: 'k1', action: 'decline' });
    expect(t.posted).toContainEqual({ type: 'answerElicitation', key: 'k1', action: 'cancel' });
    t.send({ type: 'elicitations', elicitations: [] });
    expect(t.q('[data-testid="elicitation"]')).toBeNull();
  });
});

void T0;

describe('agent picker (chat header)', () => {
  it('hidden with one agent; with several it shows them, the picked one selected, and a pick is posted', () => {
    const t = setup();
    const picker = t.q<HTMLSelectElement>('[data-testid="agent-picker"]')!;
    t.send({ type: 'agents', agents: [{ name: 'Claude' }], selected: 'Claude' });
    expect(picker.hidden).toBe(true);
    t.send({ type: 'agents', agents: [{ name: 'Claude' }, { name: 'Gemini' }], selected: 'Gemini' });
    expect(picker.hidden).toBe(false);
    expect(Array.from(picker.options).map((o) => o.text)).toEqual(['Claude', 'Gemini']);
    expect(picker.value).toBe('Gemini');
    picker.value = 'Claude';
    picker.dispatchEvent(new Event('change'));
    expect(t.posted).toContainEqual({ type: 'selectAgent', name: 'Claude' });
  });
});

describe("an approval's styles", () => {
  it('cut nothing of an approval: no ellipsis, no unwrapped line in its rules (the e2e bed measures it in a 290 px side bar)', () => {
    const css = readFileSync(join(__dirname, '../../../src/webview/page/styles.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const rules = [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)].filter(([, selector]) => /\.perm|permission-(?!slot)/.test(selector!));
    expect(rules.length).toBeGreaterThan(5);
    expect(rules.filter(([, , body]) => /text-overflow:\s*ellipsis|white-space:\s*nowrap/.test(body!)).map(([, selector]) => selector!.trim())).toEqual([]);
  });
});
