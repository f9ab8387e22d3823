import type { PermissionOption, RequestPermissionRequest } from '@agentclientprotocol/sdk';
import fc from 'fast-check';
import { posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ToolCallState } from '../../../src/acpClient/transcript';
import {
  APPROVAL,
  buildApprovalQuestion,
  buildModalDetail,
  buildPermissionPresentation,
  buildPromptDetail,
  askedQuestion,
  buildPromptHeading,
  OPTION_KIND_ICON,
  TITLE_MAX,
  TOOL_KIND_ICON,
} from '../../../src/permissionUI/permissionPresentation';
import { escapeCodicons } from '../../../src/acpClient/displayText';
import { inApprovalOrder } from '../../../src/permissionUI/approvalOrder';
import { pendingStatusText } from '../../../src/permissionUI/pendingStatusText';
import { C0, codePointClass } from '../../../src/acpClient/controlChars';

const options: PermissionOption[] = [
  { optionId: 'allow-once', name: 'Yes', kind: 'allow_once' },
  { optionId: 'reject', name: 'No', kind: 'reject_once' },
];

// Real plain-client Bash request (transcripts/each-option.jsonl, id 0).
const bashRequest: RequestPermissionRequest = {
  sessionId: 's1',
  toolCall: {
    toolCallId: 'toolu_32f4',
    name: 'Bash',
    status: 'pending',
    rawInput: { command: 'python3 -c "print(1)"', description: 'Print a number with python' },
    title: 'python3 -c "print(1)"',
    kind: 'execute',
    content: [{ type: 'content', content: { type: 'text', text: 'Print a number with python' } }],
  },
  options: [
    { optionId: 'allow-once', name: 'Yes', kind: 'allow_once' },
    { optionId: 'allow-with-updates', name: 'Yes, and don\'t ask again for python3 -c "print(1)" commands', kind: 'allow_always' },
    { optionId: 'reject', name: 'No', kind: 'reject_once' },
  ],
};

// Real AIR-client request: hint under _meta.jetbrains.air.permission, slim toolCall (transcripts/air-client.jsonl).
const airRequest: RequestPermissionRequest = {
  sessionId: 's1',
  toolCall: {
    toolCallId: 'toolu_52a6',
    title: 'touch hi.txt && echo hi',
    rawInput: { command: 'touch hi.txt && echo hi', description: 'Create hi.txt and print hi' },
    locations: [{ path: '/ws/hi.txt' }],
  },
  _meta: { jetbrains: { air: { version: 1, permission: { version: 1, title: 'touch hi.txt && echo hi' } } } },
  options,
};

const editState: ToolCallState = {
  toolCallId: 'toolu_edit',
  title: 'Edit existing.txt',
  name: 'Edit',
  kind: 'edit',
  status: 'pending',
  content: [{ type: 'diff', path: '/ws/existing.txt', oldText: 'alpha', newText: 'ALPHA-EDITED' }],
  locations: [{ path: '/ws/existing.txt' }],
  rawInput: { file_path: '/ws/existing.txt', old_string: 'alpha', new_string: 'ALPHA-EDITED', replace_all: false },
};

describe('title and description hints', () => {
  it('prefers _meta.permission (version 1) over everything else', () => {
    const p = buildPermissionPresentation({
      params: {
        ...airRequest,
        toolCall: { toolCallId: 't', title: 'Tool title' },
        _meta: {
          permission: { version: 1, title: 'Meta title', description: 'Reason: policy' },
          jetbrains: { air: { version: 1, permission: { version: 1, title: 'AIR title' } } },
        },
        ...({ title: 'V2 title' } as object),
      },
    });
    expect(p.title).toBe('Meta title');
    expect(p.description).toBe('Reason: policy');
  });

  it('uses _meta.jetbrains.air.permission where the shipped adapter puts it', () => {
    const p = buildPermissionPresentation({
      params: {
        ...airRequest,
        toolCall: { toolCallId: 't', title: 'Tool title' },
        _meta: { jetbrains: { air: { version: 1, permission: { version: 1, title: 'AIR title', description: 'Reason: x' } } } },
      },
    });
    expect(p.title).toBe('AIR title');
    expect(p.description).toBe('Reason: x');
  });

  it('uses the ACP v2 top-level title/description next', () => {
    const params = {
      ...bashRequest,
      toolCall: { toolCallId: 't', title: 'Tool title' },
      title: 'V2 title',
      description: 'V2 description',
    } as RequestPermissionRequest;
    const p = buildPermissionPresentation({ params });
    expect(p.title).toBe('V2 title');
    expect(p.description).toBe('V2 description');
  });

  it('ignores unknown versions and unknown _meta, falling back to the tool call title', () => {
    const p = buildPermissionPresentation({
      params: {
        ...bashRequest,
        toolCall: { toolCallId: 't', title: 'Read notes.md', kind: 'read' },
        _meta: { permission: { version: 2, title: 'Future' }, somethingElse: { title: 'x' } },
      },
    });
    expect(p.title).toBe('Read notes.md');
    expect(p.description).toBeUndefined();
  });

  it('falls back to the earlier tool_call state when the request carries only the id', () => {
    const p = buildPermissionPresentation({ params: { sessionId: 's1', toolCall: { toolCallId: 'toolu_edit' }, options }, toolCall: editState });
    expect(p.title).toBe('Edit existing.txt');
    expect(p.kind).toBe('edit');
    expect(p.kindIcon).toBe('edit');
    expect(p.diffs).toEqual([{ path: '/ws/existing.txt', oldText: 'alpha', newText: 'ALPHA-EDITED' }]);
    expect(p.locations.map((l) => l.path)).toEqual(['/ws/existing.txt']);
  });

  it('has a title even with nothing to go on', () => {
    const p = buildPermissionPresentation({ params: { sessionId: 's1', toolCall: { toolCallId: 'x' }, options } });
    expect(p.title).toBe('Permission requested');
  });

  it('survives malformed agent data without throwing', () => {
    const params = {
      sessionId: 's',
      toolCall: null,
      options: [null, { optionId: 1 }, { optionId: 'ok', name: 'OK', kind: 'allow_once' }],
      _meta: 'x',
    } as unknown as RequestPermissionRequest;
    const p = buildPermissionPresentation({ params });
    expect(p.options.map((o) => o.optionId)).toEqual(['ok']);
  });
});

describe('sanitizing', () => {
  it('removes control and bidi characters from prose and bounds the length', () => {
    const title = `Edit\u0007 a\u001b[31m\u202e.ts   now ` + 'x'.repeat(2_000);
    const p = buildPermissionPresentation({
      params: {
        sessionId: 's',
        toolCall: { toolCallId: 't', title, kind: 'edit' },
        options,
        _meta: { permission: { version: 1, title, description: 'line1\n\u0000line2' } },
      },
    });
    expect(p.title).not.toMatch(new RegExp(codePointClass(C0, [0x202e, 0x202e]), 'u'));
    expect(p.title.startsWith('Edit a[31m.ts now x')).toBe(true);
    expect(Array.from(p.title)).toHaveLength(TITLE_MAX);
    expect(p.title.endsWith('…')).toBe(true);
    expect(p.description).toBe('line1\nline2');
  });

  it('keeps shell commands verbatim: quotes, inner whitespace, newlines, no length cut', () => {
    const command = `grep -n  "a   b"\t'x  y' file.txt\necho "done"  ` + ' '.repeat(3) + 'z'.repeat(5_000);
    const p = buildPermissionPresentation({
      params: { sessionId: 's', toolCall: { toolCallId: 't', name: 'Bash', kind: 'execute', title: command, rawInput: { command } }, options },
    });
    expect(p.title).toBe(command);
    expect(p.titleIsCommand).toBe(true);
    expect(p.command).toBe(command);
  });

  it('keeps the AIR shell title verbatim too', () => {
    const p = buildPermissionPresentation({ params: airRequest, toolCall: { ...editState, name: 'Bash', kind: 'execute', content: [], locations: [] } });
    expect(p.title).toBe('touch hi.txt && echo hi');
    expect(p.command).toBe('touch hi.txt && echo hi');
  });

  it('makes invisible characters in a command visible instead of dropping them', () => {
    const command = 'echo ok\u001b[2K; rm -rf x \u202e';
    const p = buildPermissionPresentation({
      params: { sessionId: 's', toolCall: { toolCallId: 't', kind: 'execute', title: command, rawInput: { command } }, options },
    });
    expect(p.command).toBe('echo ok\\u{1b}[2K; rm -rf x \\u{202e}');
  });

  it('labels options with option.name verbatim', () => {
    const p = buildPermissionPresentation({ params: bashRequest });
    expect(p.options.map((o) => o.label)).toEqual(['Yes', 'No', 'Yes, and don\'t ask again for python3 -c "print(1)" commands']);
  });

  it('escapes codicon syntax so $(whoami) in a label is shown literally', () => {
    expect(escapeCodicons('echo $(whoami) and $(x~spin)')).toBe('echo \\$(whoami) and \\$(x~spin)');
    expect(escapeCodicons('a $ (b) $(c d)')).toBe('a $ (b) $(c d)');
  });
});

describe('options', () => {
  const kinds: PermissionOption['kind'][] = ['allow_once', 'allow_always', 'reject_once', 'reject_always'];
  const arbOptions = fc.array(fc.record({ optionId: fc.uuid(), name: fc.string(), kind: fc.constantFrom(...kinds) }), { maxLength: 12 });

  it('orders allow_once → reject_once → allow_always → reject_always, stable within a kind (property)', () => {
    fc.assert(
      fc.property(arbOptions, (opts) => {
        const grouped = inApprovalOrder(opts);
        const rank = (k: string) => ['allow_once', 'reject_once', 'allow_always', 'reject_always'].indexOf(k);
        expect(grouped).toHaveLength(opts.length);
        expect(new Set(grouped)).toEqual(new Set(opts));
        for (let i = 1; i < grouped.length; i++) {
          const a = grouped[i - 1]!;
          const b = grouped[i]!;
          expect(rank(a.kind)).toBeLessThanOrEqual(rank(b.kind));
          if (rank(a.kind) === rank(b.kind)) expect(opts.indexOf(a)).toBeLessThan(opts.indexOf(b));
        }
      }),
    );
  });

  it('Enter picks the agent’s first one-time answer, even when the order moves it, never a broader one (property)', () => {
    fc.assert(
      fc.property(
        arbOptions.filter((o) => o.length > 0 && new Set(o.map((x) => x.optionId)).size === o.length),
        (opts) => {
          const p = buildPermissionPresentation({ params: { sessionId: 's', toolCall: { toolCallId: 't' }, options: opts } });
          const oneTime = opts.find((o) => o.kind === 'allow_once' || o.kind === 'reject_once');
          expect(p.defaultOptionId).toBe((oneTime ?? opts[0]!).optionId);
        },
      ),
    );
  });

  it('puts allow once, then deny, then the broader grant when the agent leads with reject', () => {
    const agentOrder: PermissionOption[] = [
      { optionId: 'reject', name: 'No', kind: 'reject_once' },
      { optionId: 'allow-with-updates', name: 'Always', kind: 'allow_always' },
      { optionId: 'allow-once', name: 'Yes', kind: 'allow_once' },
    ];
    const p = buildPermissionPresentation({ params: { sessionId: 's', toolCall: { toolCallId: 't' }, options: agentOrder } });
    expect(p.options.map((o) => o.optionId)).toEqual(['allow-once', 'reject', 'allow-with-updates']);
    expect(p.defaultOptionId).toBe('reject');
  });

  it('defaultToNo focuses the one-time deny, not a lasting refusal the agent listed first', () => {
    const p = buildPermissionPresentation({
      params: {
        sessionId: 's',
        toolCall: { toolCallId: 't' },
        options: [
          { optionId: 'allow-once', name: 'Yes', kind: 'allow_once' },
          { optionId: 'reject-always', name: 'Never', kind: 'reject_always' },
          { optionId: 'reject', name: 'No', kind: 'reject_once' },
        ],
        _meta: { jetbrains: { air: { version: 1, permission: { version: 1, title: 'rm x', defaultToNo: true } } } },
      },
    });
    expect(p.defaultToNo).toBe(true);
    expect(p.defaultOptionId).toBe('reject');
  });

  it('maps codicons by option kind and tool kind', () => {
    const p = buildPermissionPresentation({ params: bashRequest });
    // The broader grant's icon is not Keep All's (check-all): one icon, one meaning.
    expect(p.options.map((o) => o.icon)).toEqual(['check', 'close', 'unlock']);
    expect(p.kindIcon).toBe('terminal');
    expect(OPTION_KIND_ICON.reject_always).toBe('circle-slash');
    expect(TOOL_KIND_ICON.fetch).toBe('globe');
    expect(TOOL_KIND_ICON.read).toBe('eye');
    const unknown = buildPermissionPresentation({
      params: { sessionId: 's', toolCall: { toolCallId: 't', kind: 'teleport' as never }, options: [{ optionId: 'x', name: 'X', kind: 'maybe' as never }] },
    });
    expect(unknown.kindIcon).toBe('tools');
    expect(unknown.options[0]!.icon).toBe('question');
  });
});

describe('details', () => {
  it("asks about a path relative to the workspace, and whole and marked outside it, in the heading and the dialog's detail", () => {
    const edit = (path: string) =>
      buildPermissionPresentation(
        {
          params: {
            sessionId: 's',
            toolCall: {
              toolCallId: 't',
              title: 'Edit',
              kind: 'edit',
              rawInput: { file_path: path, old_string: 'a', new_string: 'b' },
              content: [{ type: 'diff', path, oldText: 'a\n', newText: 'b\nc\n' }],
            },
            options,
          },
        },
        { workspaceFolders: ['/ws'], pathFlavour: posix },
      );
    const inside = edit('/ws/src/cart.js');
    expect([inside.subject, buildPromptHeading(inside)]).toEqual(['src/cart.js', 'Edit this file? src/cart.js']);
    // The diff's line names the path, so the detail does not say it twice.
    expect(buildPromptDetail(inside)).toBe('Edit src/cart.js: replaces 1 line with 2 lines');
    const outside = edit('/etc/hosts');
    expect(buildPromptHeading(outside)).toBe('Edit this file? /etc/hosts (outside workspace)');
    // A subagent's request names it in the heading (the QuickPick's title; the modal asks `askedQuestion`).
    const bySubagent = (title?: string) =>
      buildPermissionPresentation(
        {
          params: {
            sessionId: 'child',
            toolCall: { toolCallId: 't', title: 'Edit', kind: 'edit', rawInput: { file_path: '/ws/b.txt' }, content: [] },
            options,
          },
          subagent: title === undefined ? {} : { title },
        },
        { workspaceFolders: ['/ws'], pathFlavour: posix },
      );
    expect(buildPromptHeading(bySubagent('Edit b'))).toBe('Edit b asks: Edit this file? b.txt');
    expect(askedQuestion(bySubagent('Edit b'))).toBe('Edit b asks: Edit this file?');
    expect(buildPromptHeading(bySubagent())).toBe('Subagent asks: Edit this file? b.txt');
    expect(buildPromptHeading(bySubagent('\u001b[31mRed\u001b[0m'))).not.toContain('\u001b');
    expect(inside.askedBy).toBeUndefined();
    expect(buildPromptDetail(outside)).toBe('Edit /etc/hosts (outside workspace): replaces 1 line with 2 lines');
  });

  it('labels locations relative to the workspace or as outside it', () => {
    const p = buildPermissionPresentation(
      {
        params: {
          sessionId: 's',
          toolCall: {
            toolCallId: 't',
            title: 'Read',
            kind: 'read',
            locations: [{ path: '/ws/src/app.ts', line: 12 }, { path: '/etc/hosts' }, { path: 'relative.txt' }],
          },
          options,
        },
      },
      { workspaceFolders: ['/ws'], pathFlavour: posix },
    );
    expect(p.locations.map((l) => l.label)).toEqual(['src/app.ts:12', '/etc/hosts (outside workspace)', 'relative.txt']);
    expect(p.locations[2]!.invalid).toMatch(/relative path/);
  });

  it('shows the plan of ExitPlanMode and the URL of a fetch', () => {
    const plan = buildPermissionPresentation({
      params: {
        sessionId: 's',
        toolCall: { toolCallId: 't', title: 'Ready to code?', rawInput: { plan: '# Plan\n\n1. do it' } },
        options: [
          { optionId: 'exit-plan-default', name: 'Yes, manually approve edits', kind: 'allow_once' },
          { optionId: 'reject', name: 'No, keep planning', kind: 'reject_once' },
        ],
      },
    });
    expect(plan.plan).toBe('# Plan\n\n1. do it');
    const fetch = buildPermissionPresentation({
      params: {
        sessionId: 's',
        toolCall: { toolCallId: 't', kind: 'fetch', title: 'Fetch http://127.0.0.1/page.html', rawInput: { url: 'http://127.0.0.1/page.html' } },
        options,
      },
    });
    expect(fetch.url).toBe('http://127.0.0.1/page.html');
    expect(fetch.plan).toBeUndefined();
  });

  it('builds a modal detail with the diff summary and the tool text', () => {
    const edit = buildPermissionPresentation({ params: { sessionId: 's', toolCall: { toolCallId: 'toolu_edit' }, options }, toolCall: editState });
    expect(buildPromptDetail(edit)).toBe('Edit /ws/existing.txt: replaces 1 line with 1 line');
    const write = buildPermissionPresentation({
      params: {
        sessionId: 's',
        toolCall: {
          toolCallId: 'w',
          kind: 'edit',
          title: 'Write hello.txt',
          content: [{ type: 'diff', path: '/ws/hello.txt', oldText: null, newText: 'hello world\nline two\n' }],
        },
        options,
      },
    });
    expect(buildPromptDetail(write)).toBe('Create /ws/hello.txt (2 lines)');
    // The heading is the question alone: the command leads the detail, whole.
    const bash = buildPermissionPresentation({ params: bashRequest });
    expect(buildPromptDetail(bash)).toBe('python3 -c "print(1)"\n\nPrint a number with python');
  });

  it("the modal's detail ends by saying what its Cancel button does: the request keeps waiting", () => {
    const bash = buildPermissionPresentation({ params: bashRequest });
    expect(buildModalDetail(bash)).toBe(
      'python3 -c "print(1)"\n\nPrint a number with python\n\nCancel closes this dialog; the request keeps waiting in the chat.',
    );
    const bare = buildPermissionPresentation({ params: { sessionId: 's', toolCall: { toolCallId: 't' }, options } });
    expect(buildModalDetail(bare)).toBe(APPROVAL.modalCancel);
  });
});

describe('the question', () => {
  const ask = (toolCall: RequestPermissionRequest['toolCall'], state?: ToolCallState) =>
    buildPermissionPresentation({ params: { sessionId: 's', toolCall, options }, toolCall: state });
  const longCommand = 'npm test -- --watch=false --reporter=verbose some/very/long/path/to/a/spec/file.test.ts';

  it('asks "Run this command?" about the whole command, verbatim', () => {
    const p = buildPermissionPresentation({ params: bashRequest });
    expect([p.question, p.subject, p.subjectForm]).toEqual(['Run this command?', 'python3 -c "print(1)"', 'command']);
    const long = ask({ toolCallId: 't', name: 'Bash', kind: 'execute', title: longCommand, rawInput: { command: `${longCommand}\n  && echo   done` } });
    expect(long.subject).toBe(`${longCommand}\n  && echo   done`);
    // Known by its kind alone too (a slim request), and from the earlier tool_call state.
    expect(ask({ toolCallId: 't', kind: 'execute', rawInput: { command: 'make' } }).question).toBe('Run this command?');
    expect(ask({ toolCallId: 't' }, { ...editState, name: 'Bash', kind: 'execute', title: 'ls', rawInput: { command: 'ls -la' } }).subject).toBe('ls -la');
  });

  it('asks "Write this file?" for a Write (new or replaced), "Create this file?" for another new file and "Edit this file?" for a change, about its path', () => {
    const path = '/home/dev/workspace/packages/some-very-long-package-name/src/components/deeply/nested/NewComponent.test.tsx';
    const create = ask({
      toolCallId: 'w',
      name: 'Write',
      kind: 'edit',
      title: 'Write NewComponent.test.tsx',
      rawInput: { file_path: path, content: 'x\n' },
      content: [{ type: 'diff', path, oldText: null, newText: 'x\n' }],
    });
    expect([create.question, create.subject, create.subjectForm]).toEqual(['Write this file?', path, 'path']);
    const created = ask({
      toolCallId: 'n',
      kind: 'edit',
      title: 'New file',
      locations: [{ path }],
      content: [{ type: 'diff', path, oldText: null, newText: 'x\n' }],
    });
    expect([created.question, created.subject]).toEqual(['Create this file?', path]);
    const edit = ask({ toolCallId: 'toolu_edit' }, editState);
    expect([edit.question, edit.subject]).toEqual(['Edit this file?', '/ws/existing.txt']);
    // An edit whose diff has not arrived yet is an edit; the path then comes from its location.
    expect(ask({ toolCallId: 't', kind: 'edit', locations: [{ path: '/ws/a.ts' }] })).toMatchObject({ question: 'Edit this file?', subject: '/ws/a.ts' });
  });

  it('asks "Fetch this URL?", "Read this file?" and "Use <tool>?" for the others', () => {
    expect(
      ask({
        toolCallId: 't',
        name: 'WebFetch',
        kind: 'fetch',
        title: 'Fetch https://example.com/a',
        rawInput: { url: 'https://example.com/a', prompt: 'summarise' },
      }),
    ).toMatchObject({
      question: 'Fetch this URL?',
      subject: 'https://example.com/a',
      subjectForm: 'url',
    });
    expect(ask({ toolCallId: 't', name: 'Read', kind: 'read', title: 'Read notes.md', rawInput: { file_path: '/ws/notes.md' } })).toMatchObject({
      question: 'Read this file?',
      subject: '/ws/notes.md',
    });
    expect(ask({ toolCallId: 't', name: 'Grep', kind: 'search', title: 'grep "TODO" src' })).toMatchObject({
      question: 'Use Grep?',
      subject: 'grep "TODO" src',
      subjectForm: 'text',
    });
    expect(ask({ toolCallId: 't', name: 'Skill', kind: 'other', title: 'Skill' })).toMatchObject({ question: 'Use Skill?', subject: undefined });
    // An MCP tool is named apart from its server, and its input is what the user judges.
    expect(ask({ toolCallId: 't', kind: 'other', title: 'Something', _meta: { claudeCode: { toolName: 'mcp__github__create_issue' } } })).toMatchObject({
      question: 'Use create_issue from the MCP server github?',
      subject: undefined,
    });
    expect(ask({ toolCallId: 't', name: 'mcp__probe__echo_marker', kind: 'other', title: 'mcp__probe__echo_marker', rawInput: { text: 'hi' } })).toMatchObject({
      question: 'Use echo_marker from the MCP server probe?',
      subject: '{"text":"hi"}',
      subjectForm: 'text',
    });
    expect(ask({ toolCallId: 't', name: 'WebSearch', kind: 'fetch', title: '"acp spec"', rawInput: { query: 'acp spec' } })).toMatchObject({
      question: 'Search the web?',
      subject: 'acp spec',
    });
    expect(ask({ toolCallId: 't', title: 'Mystery' })).toMatchObject({ question: 'Allow this tool call?', subject: 'Mystery' });
    expect(ask({ toolCallId: 't' })).toMatchObject({ question: 'Allow this tool call?', subject: undefined });
  });

  it('asks "Ready to code?" about a plan, known by its tool or its exit-plan options', () => {
    const plan = buildPermissionPresentation({
      params: {
        sessionId: 's',
        toolCall: { toolCallId: 't', title: 'Ready to code?', rawInput: { plan: '# Plan' } },
        options: [{ optionId: 'exit-plan-default', name: 'Yes', kind: 'allow_once' }],
      },
    });
    expect([plan.question, plan.subject]).toEqual(['Ready to code?', undefined]);
    expect(buildApprovalQuestion({ name: 'ExitPlanMode' }).question).toBe('Ready to code?');
  });

  it('never asks from an option: the same call asks the same question whatever is offered', () => {
    const withGrant = buildPermissionPresentation({ params: bashRequest });
    const plain = buildPermissionPresentation({ params: { ...bashRequest, options } });
    expect([withGrant.question, withGrant.subject]).toEqual([plain.question, plain.subject]);
  });

  it('makes invisible characters of a command or path visible, and bounds prose', () => {
    expect(buildApprovalQuestion({ kind: 'execute', rawInput: { command: 'echo ok\u001b[2K \u202e' } }).subject).toBe('echo ok\\u{1b}[2K \\u{202e}');
    expect(buildApprovalQuestion({ kind: 'edit', rawInput: { file_path: '/ws/a\u202eb.ts' } }).subject).toBe('/ws/a\\u{202e}b.ts');
    expect(Array.from(buildApprovalQuestion({ name: 'Task', title: 'x'.repeat(5_000) }).subject!)).toHaveLength(2_000);
  });

  it('heads the QuickPick with the question, then its subject', () => {
    expect(buildPromptHeading(buildPermissionPresentation({ params: bashRequest }))).toBe('Run this command? python3 -c "print(1)"');
    expect(
      buildPromptHeading(buildPermissionPresentation({ params: { sessionId: 's', toolCall: { toolCallId: 't', name: 'Skill', title: 'Skill' }, options } })),
    ).toBe('Use Skill?');
  });
});

describe('status bar text', () => {
  it('counts approvals and hides at zero', () => {
    expect(pendingStatusText(0)).toBeUndefined();
    expect(pendingStatusText(1)).toBe('$(shield) 1 approval waiting');
    expect(pendingStatusText(3)).toBe('$(shield) 3 approvals waiting');
  });
});
