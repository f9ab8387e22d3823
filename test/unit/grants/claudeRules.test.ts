// Claude Code's settings as text: the rules read as Claude Code reads them (strict JSON after one BOM), one rule
// removed or added with every other byte of the file as it was, a file Claude Code would not read never edited, rules
// checked as typed.
import { describe, expect, it } from 'vitest';
import { diffRules, parsePermissionSettings, type Rule } from '../../../src/grants/claudeRules';
import { addRuleEdit, removeRuleEdit } from '../../../src/grants/ruleEdits';
import { validateRule } from '../../../src/grants/ruleSyntax';
import { claudeStateFile, settingsFilePaths } from '../../../src/grants/settingsPaths';

/** As Claude Code writes its files (JSON.stringify, two spaces), with other settings around the rules. */
const CLAUDE_WRITTEN = `{
  "model": "opus",
  "permissions": {
    "allow": [
      "Bash(npm test:*)",
      "Read(./src/**)",
      "WebFetch(domain:example.com)"
    ],
    "deny": [
      "Bash(rm -rf:*)"
    ],
    "additionalDirectories": [
      "../shared"
    ],
    "defaultMode": "acceptEdits"
  },
  "env": {
    "FOO": "bar"
  }
}
`;

/** A hand-written file: one line per list, tabs, CRLF, odd spacing. */
const HAND_WRITTEN = '{\r\n\t"permissions" :  { "allow": ["Bash(ls:*)",   "Read"], "ask":["Bash(git push:*)"] },\r\n\t"hooks": {}\r\n}\r\n';

describe('parsePermissionSettings', () => {
  it('reads each behaviour’s rules with their scope, the extra directories and the default mode', () => {
    const parsed = parsePermissionSettings(CLAUDE_WRITTEN, 'project');
    expect(parsed).toEqual({
      ok: true,
      rules: [
        { scope: 'project', behaviour: 'allow', rule: 'Bash(npm test:*)' },
        { scope: 'project', behaviour: 'allow', rule: 'Read(./src/**)' },
        { scope: 'project', behaviour: 'allow', rule: 'WebFetch(domain:example.com)' },
        { scope: 'project', behaviour: 'deny', rule: 'Bash(rm -rf:*)' },
      ],
      additionalDirectories: ['../shared'],
      defaultMode: 'acceptEdits',
    });
  });

  it('a missing file, an empty one and one without permissions hold no rules', () => {
    const none = { ok: true, rules: [], additionalDirectories: [] };
    expect(parsePermissionSettings(undefined, 'user')).toEqual(none);
    expect(parsePermissionSettings('', 'user')).toEqual(none);
    expect(parsePermissionSettings('  \n', 'user')).toEqual(none);
    expect(parsePermissionSettings('{ "model": "opus" }', 'user')).toEqual(none);
  });

  it('reads a hand-written file (tabs, CRLF, one-line lists)', () => {
    const parsed = parsePermissionSettings(HAND_WRITTEN, 'local');
    expect(parsed.ok && parsed.rules.map((r) => `${r.behaviour} ${r.rule}`)).toEqual(['allow Bash(ls:*)', 'allow Read', 'ask Bash(git push:*)']);
  });

  it('a file Claude Code would not read is not ok, with where and why', () => {
    const cases: [string, RegExp][] = [
      ['{\n  // mine\n  "permissions": { "allow": ["Read"] }\n}\n', /comment.*line 2, column 3/],
      ['{ "permissions": { "allow": ["Read",] } }', /trailing comma/],
      ['{ "permissions": { "allow": ["Read"] }, }', /trailing comma/],
      ['{ "permissions": { "allow": ["Read"] }', /missing }/],
      ['{ "permissions": { "allow": ["Read"] } } x', /not JSON at line 1, column 42/],
      ['{ "permissions": { "allow": ["Read"] } } {}', /text after the end/],
      ['not json', /not JSON/],
      ['[]', /not hold a JSON object/],
      ['{ "permissions": [] }', /"permissions" is not an object/],
      ['{ "permissions": { "allow": "Read" } }', /permissions\.allow is not a list of strings/],
      ['{ "permissions": { "deny": ["Read", 3] } }', /permissions\.deny is not a list of strings/],
      ['{ "permissions": { "additionalDirectories": "../x" } }', /additionalDirectories is not a list of strings/],
      ['{ "permissions": { "defaultMode": 1 } }', /defaultMode is not a string/],
      ['{ "permissions": { "allow": ["A"] }, "permissions": { "allow": ["B"] } }', /"permissions" is listed twice/],
      ['{ "permissions": { "allow": ["A"], "allow": ["B"] } }', /"allow" is listed twice/],
    ];
    for (const [text, error] of cases) {
      const parsed = parsePermissionSettings(text, 'local');
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) expect(parsed.error, text).toMatch(error);
    }
  });
});

describe('a settings file with a byte-order mark (issue 51: the view said Claude Code ignores it)', () => {
  // Claude Code drops one leading mark before JSON.parse (agents/claudeCode/projectSettings.ts names where).
  const BOM = '\ufeff';

  it('is read as Claude Code reads it; after two marks it is not', () => {
    expect(parsePermissionSettings(BOM + CLAUDE_WRITTEN, 'project')).toEqual(parsePermissionSettings(CLAUDE_WRITTEN, 'project'));
    expect(parsePermissionSettings(BOM + HAND_WRITTEN, 'local')).toEqual(parsePermissionSettings(HAND_WRITTEN, 'local'));
    const twice = parsePermissionSettings(BOM + BOM + CLAUDE_WRITTEN, 'project');
    expect(twice.ok).toBe(false);
  });

  it('is edited with the mark kept and every other byte as it was', () => {
    expect(removeRuleEdit(BOM + CLAUDE_WRITTEN, 'allow', 'Read(./src/**)')).toBe(BOM + CLAUDE_WRITTEN.replace('      "Read(./src/**)",\n', ''));
    expect(addRuleEdit(BOM + HAND_WRITTEN, 'allow', 'Glob')).toBe(BOM + HAND_WRITTEN.replace('"Read"]', '"Read",   "Glob"]'));
    expect(addRuleEdit(`${BOM}{}`, 'deny', 'WebSearch')).toBe(`${BOM}{\n  "permissions": {\n    "deny": [\n      "WebSearch"\n    ]\n  }\n}`);
  });
});

describe('removeRuleEdit', () => {
  it('removes exactly that rule: the text is the file with only that element and its separator gone', () => {
    const middle = removeRuleEdit(CLAUDE_WRITTEN, 'allow', 'Read(./src/**)');
    expect(middle).toBe(CLAUDE_WRITTEN.replace('      "Read(./src/**)",\n', ''));
    const last = removeRuleEdit(CLAUDE_WRITTEN, 'allow', 'WebFetch(domain:example.com)');
    expect(last).toBe(CLAUDE_WRITTEN.replace(',\n      "WebFetch(domain:example.com)"', ''));
    const first = removeRuleEdit(CLAUDE_WRITTEN, 'allow', 'Bash(npm test:*)');
    expect(first).toBe(CLAUDE_WRITTEN.replace('"Bash(npm test:*)",\n      ', ''));
    const only = removeRuleEdit(CLAUDE_WRITTEN, 'deny', 'Bash(rm -rf:*)');
    expect(only).toBe(CLAUDE_WRITTEN.replace('"deny": [\n      "Bash(rm -rf:*)"\n    ]', '"deny": []'));
    for (const text of [middle, last, first, only]) expect(JSON.parse(text!)).toBeTruthy();
  });

  it('keeps a hand-written file’s layout byte for byte elsewhere (one-line lists, tabs, CRLF)', () => {
    expect(removeRuleEdit(HAND_WRITTEN, 'allow', 'Bash(ls:*)')).toBe(HAND_WRITTEN.replace('"Bash(ls:*)",   ', ''));
    expect(removeRuleEdit(HAND_WRITTEN, 'allow', 'Read')).toBe(HAND_WRITTEN.replace(',   "Read"', ''));
    expect(removeRuleEdit(HAND_WRITTEN, 'ask', 'Bash(git push:*)')).toBe(HAND_WRITTEN.replace('["Bash(git push:*)"]', '[]'));
  });

  it('removes every listing of the rule (one left behind would still apply), in that behaviour only', () => {
    const text = '{"permissions":{"allow":["A","B","A"],"deny":["A"]}}';
    expect(removeRuleEdit(text, 'allow', 'A')).toBe('{"permissions":{"allow":["B"],"deny":["A"]}}');
  });

  it('is undefined for a rule that is not there, or under another behaviour', () => {
    expect(removeRuleEdit(CLAUDE_WRITTEN, 'allow', 'Bash(npm test)')).toBeUndefined();
    expect(removeRuleEdit(CLAUDE_WRITTEN, 'ask', 'Read(./src/**)')).toBeUndefined();
    expect(removeRuleEdit('{}', 'allow', 'Read')).toBeUndefined();
    expect(removeRuleEdit('', 'allow', 'Read')).toBeUndefined();
  });

  it('is undefined for a file Claude Code would not read, even when the rule is in it', () => {
    expect(removeRuleEdit('{\n  // mine\n  "permissions": { "allow": ["Read"] }\n}\n', 'allow', 'Read')).toBeUndefined();
    expect(removeRuleEdit('{ "permissions": { "allow": ["Read",] } }', 'allow', 'Read')).toBeUndefined();
    expect(removeRuleEdit('{ "permissions": { "allow": ["Read", 1] } }', 'allow', 'Read')).toBeUndefined();
  });
});

describe('addRuleEdit', () => {
  it('appends to the list as its elements are laid out, every other byte kept', () => {
    expect(addRuleEdit(CLAUDE_WRITTEN, 'allow', 'Bash(make:*)')).toBe(
      CLAUDE_WRITTEN.replace('"WebFetch(domain:example.com)"', '"WebFetch(domain:example.com)",\n      "Bash(make:*)"'),
    );
    expect(addRuleEdit(CLAUDE_WRITTEN, 'deny', 'WebSearch')).toBe(CLAUDE_WRITTEN.replace('"Bash(rm -rf:*)"', '"Bash(rm -rf:*)",\n      "WebSearch"'));
    expect(addRuleEdit(HAND_WRITTEN, 'allow', 'Glob')).toBe(HAND_WRITTEN.replace('"Read"]', '"Read",   "Glob"]'));
    expect(addRuleEdit(HAND_WRITTEN, 'ask', 'Edit')).toBe(HAND_WRITTEN.replace('["Bash(git push:*)"]', '["Bash(git push:*)", "Edit"]'));
  });

  it('creates the behaviour’s list in `permissions`, one element per line in a file written so', () => {
    const added = addRuleEdit(CLAUDE_WRITTEN, 'ask', 'Bash(git push:*)')!;
    expect(added).toBe(CLAUDE_WRITTEN.replace('"defaultMode": "acceptEdits"', '"defaultMode": "acceptEdits",\n    "ask": [\n      "Bash(git push:*)"\n    ]'));
    // Members one per line whose lists are written on one line: the new list on one line too.
    const tabs = '{\n\t"permissions": {\n\t\t"ask": ["Bash(git push:*)"]\n\t}\n}\n';
    expect(addRuleEdit(tabs, 'deny', 'Bash(rm:*)')).toBe('{\n\t"permissions": {\n\t\t"ask": ["Bash(git push:*)"],\n\t\t"deny": ["Bash(rm:*)"]\n\t}\n}\n');
    const oneLine = addRuleEdit(HAND_WRITTEN, 'deny', 'Bash(rm:*)')!;
    expect(oneLine).toBe(HAND_WRITTEN.replace('"ask":["Bash(git push:*)"]', '"ask":["Bash(git push:*)"], "deny":["Bash(rm:*)"]'));
  });

  it('creates `permissions` in a file without it, indented as the file is', () => {
    const text = '{\n    "model": "opus"\n}\n';
    expect(addRuleEdit(text, 'allow', 'Read')).toBe(
      '{\n    "model": "opus",\n    "permissions": {\n        "allow": [\n            "Read"\n        ]\n    }\n}\n',
    );
    expect(addRuleEdit('{}', 'deny', 'WebFetch')).toBe('{\n  "permissions": {\n    "deny": [\n      "WebFetch"\n    ]\n  }\n}');
    expect(addRuleEdit('{ "permissions": {} }', 'ask', 'Bash')).toBe('{ "permissions": {\n  "ask": [\n    "Bash"\n  ]\n} }');
  });

  it('writes a missing (or empty) file as Claude Code would, ending with a newline', () => {
    const created = addRuleEdit(undefined, 'allow', 'Bash(npm test:*)');
    expect(created).toBe('{\n  "permissions": {\n    "allow": [\n      "Bash(npm test:*)"\n    ]\n  }\n}\n');
    expect(addRuleEdit('', 'allow', 'Bash(npm test:*)')).toBe(created);
    expect(parsePermissionSettings(created, 'local')).toMatchObject({ ok: true, rules: [{ behaviour: 'allow', rule: 'Bash(npm test:*)' }] });
  });

  it('leaves the text as it is when the rule is already there', () => {
    expect(addRuleEdit(CLAUDE_WRITTEN, 'allow', 'Read(./src/**)')).toBe(CLAUDE_WRITTEN);
  });

  it('escapes what JSON must escape', () => {
    const added = addRuleEdit('{}', 'allow', 'Bash(echo "hi" \\ there)')!;
    expect(parsePermissionSettings(added, 'local')).toMatchObject({ ok: true, rules: [{ rule: 'Bash(echo "hi" \\ there)' }] });
  });

  it('is undefined for a file Claude Code would not read', () => {
    expect(addRuleEdit('{\n  // mine\n}\n', 'allow', 'Read')).toBeUndefined();
    expect(addRuleEdit('{ "permissions": { "allow": "Read" } }', 'allow', 'Glob')).toBeUndefined();
    expect(addRuleEdit('[1]', 'allow', 'Glob')).toBeUndefined();
    expect(addRuleEdit('{', 'allow', 'Glob')).toBeUndefined();
  });

  it('an addition then its removal gives back the file, byte for byte', () => {
    for (const text of [CLAUDE_WRITTEN, HAND_WRITTEN]) {
      for (const behaviour of ['allow', 'ask', 'deny'] as const) {
        const added = addRuleEdit(text, behaviour, 'Bash(new:*)')!;
        expect(added).not.toBe(text);
        const back = removeRuleEdit(added, behaviour, 'Bash(new:*)')!;
        // A list the addition created stays, empty; the rest is the original.
        expect(parsePermissionSettings(back, 'local')).toEqual(parsePermissionSettings(text, 'local'));
        if (parsePermissionSettings(text, 'local').ok && (JSON.parse(text) as { permissions: Record<string, unknown> }).permissions[behaviour])
          expect(back).toBe(text);
      }
    }
  });
});

describe('validateRule', () => {
  it('takes Claude Code’s rule forms', () => {
    for (const rule of [
      'Bash',
      'Bash(npm test:*)',
      'Bash(npm run build)',
      'Bash(git * main)',
      'Bash(echo (nested) parens)',
      'PowerShell(Get-ChildItem:*)',
      'Read',
      'Read(./src/**)',
      'Read(//etc/hosts)',
      'Read(~/Documents/*.pdf)',
      'Edit(/src/**/*.ts)',
      'Write(*.md)',
      'WebFetch',
      'WebFetch(domain:example.com)',
      'WebFetch(domain:*.example.com)',
      'WebSearch',
      'Agent(Explore)',
      'Task(general-purpose)',
      'Skill(review)',
      'mcp__github',
      'mcp__github__create_issue',
      'mcp__my-server__get-thing',
      'mcp__github__*',
      'NotebookEdit',
      'Glob',
      'Grep',
    ]) {
      expect(validateRule(rule), rule).toBeUndefined();
    }
  });

  it('says what is wrong with a rule Claude Code would not match as meant', () => {
    const cases: [string, RegExp][] = [
      ['', /Type a rule/],
      ['   ', /Type a rule/],
      [' Bash', /spaces before or after/],
      ['Bash ', /spaces before or after/],
      ['Bash(ls)\nRead', /one line/],
      ['Bash(npm test', /parentheses at its end: Bash\(…\)/],
      ['Bash npm test', /parentheses at its end: Bash\(…\)/],
      ['(npm test)', /starts with a tool name/],
      ['Bash()', /between the parentheses, or write just Bash/],
      ['bash(ls)', /case-sensitive: Bash, not bash/],
      ['webfetch', /case-sensitive: WebFetch/],
      ['Shell(ls)', /Shell is not a Claude Code tool/],
      ['Bash(npm:* test)', /:\* matches only at the end/],
      ['WebFetch(https://example.com)', /names a domain/],
      ['WebFetch(example.com)', /names a domain/],
      ['WebFetch(domain:example.com/path)', /names a domain/],
      ['mcp__', /not an MCP rule/],
      ['mcp__server(x)', /whole MCP server takes nothing/],
    ];
    for (const [rule, error] of cases) expect(validateRule(rule), JSON.stringify(rule)).toMatch(error);
  });
});

describe('settingsFilePaths', () => {
  it('user under the config dir (or ~/.claude), project and local under the folder’s .claude', () => {
    expect(settingsFilePaths({ workspace: '/w/proj', home: '/home/me' })).toEqual({
      user: '/home/me/.claude/settings.json',
      project: '/w/proj/.claude/settings.json',
      local: '/w/proj/.claude/settings.local.json',
    });
    expect(settingsFilePaths({ workspace: '/w/proj/', home: '/home/me', claudeConfigDir: '/cfg/claude' }).user).toBe('/cfg/claude/settings.json');
    expect(settingsFilePaths({ workspace: '/w/proj/', home: '/home/me', claudeConfigDir: '' }).user).toBe('/home/me/.claude/settings.json');
    expect(settingsFilePaths({ workspace: '/w/proj/', home: '/home/me' }).project).toBe('/w/proj/.claude/settings.json');
  });

  it('keeps a Windows path’s separators', () => {
    expect(settingsFilePaths({ workspace: 'C:\\work\\proj', home: 'C:\\Users\\me' })).toEqual({
      user: 'C:\\Users\\me\\.claude\\settings.json',
      project: 'C:\\work\\proj\\.claude\\settings.json',
      local: 'C:\\work\\proj\\.claude\\settings.local.json',
    });
  });

  it('Claude Code’s own state file (the folders trusted in it): .claude.json in the config dir, else in home', () => {
    expect(claudeStateFile({ home: '/home/me' })).toBe('/home/me/.claude.json');
    expect(claudeStateFile({ home: '/home/me', claudeConfigDir: '/cfg' })).toBe('/cfg/.claude.json');
  });
});

describe('diffRules', () => {
  const r = (rule: string, behaviour: Rule['behaviour'] = 'allow', scope: Rule['scope'] = 'local'): Rule => ({ scope, behaviour, rule });

  it('what was added and what was removed, by scope, behaviour and rule', () => {
    const before = [r('A'), r('B'), r('C', 'deny')];
    const after = [r('B'), r('C', 'ask'), r('D', 'allow', 'user'), r('A', 'allow', 'project')];
    expect(diffRules(before, after)).toEqual({
      added: [r('C', 'ask'), r('D', 'allow', 'user'), r('A', 'allow', 'project')],
      removed: [r('A'), r('C', 'deny')],
    });
  });

  it('counts a rule listed twice twice, and nothing for the same rules in another order', () => {
    expect(diffRules([r('A')], [r('A'), r('A')])).toEqual({ added: [r('A')], removed: [] });
    expect(diffRules([r('A'), r('B')], [r('B'), r('A')])).toEqual({ added: [], removed: [] });
  });
});
