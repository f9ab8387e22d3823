// Claude Code's settings files on disk: read bounded, a link or a non-file left unread; a scope's file edited only
// after it parsed, written beside and renamed over, nothing else written; Claude Code's record of trusted folders.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Scope } from '../../../src/grants/claudeRules';
import { addRuleEdit, removeRuleEdit } from '../../../src/grants/ruleEdits';
import { settingsFilePaths } from '../../../src/grants/settingsPaths';
import { editSettingsFile, MAX_SETTINGS_BYTES, readClaudeTrust, readSettingsFile } from '../../../src/grants/settingsFiles';

let root: string;
let paths: Record<Scope, string>;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'acp-grants-'));
  mkdirSync(join(root, 'ws'));
  paths = settingsFilePaths({ workspace: join(root, 'ws'), home: join(root, 'home') });
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Every file under the temporary root, with its bytes. */
function snapshot(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      const st = statSync(p, { throwIfNoEntry: false });
      if (st?.isDirectory()) walk(p);
      else out[p] = st ? readFileSync(p, 'utf8') : '<link>';
    }
  };
  walk(root);
  return out;
}

describe('readSettingsFile', () => {
  it('a file’s text; a missing file (or folder) is absent', async () => {
    mkdirSync(join(root, 'ws', '.claude'));
    writeFileSync(paths.project, '{"permissions":{}}');
    expect(await readSettingsFile(paths.project)).toEqual({ kind: 'text', text: '{"permissions":{}}' });
    expect(await readSettingsFile(paths.local)).toEqual({ kind: 'absent' });
    expect(await readSettingsFile(paths.user)).toEqual({ kind: 'absent' });
  });

  it('leaves a symbolic link, a folder and a file over the limit unread', async () => {
    mkdirSync(join(root, 'ws', '.claude'));
    writeFileSync(join(root, 'elsewhere.json'), '{}');
    symlinkSync(join(root, 'elsewhere.json'), paths.project);
    mkdirSync(paths.local);
    expect(await readSettingsFile(paths.project)).toEqual({ kind: 'refused', why: 'symlink' });
    expect(await readSettingsFile(paths.local)).toEqual({ kind: 'refused', why: 'notFile' });
    mkdirSync(join(root, 'home', '.claude'), { recursive: true });
    writeFileSync(paths.user, `{"x":"${'a'.repeat(MAX_SETTINGS_BYTES)}"}`);
    expect(await readSettingsFile(paths.user)).toEqual({ kind: 'refused', why: 'tooLarge' });
  });
});

describe('editSettingsFile', () => {
  it('writes the scope’s file (creating it and its folder), and nothing else remains beside it', async () => {
    const outcome = await editSettingsFile(paths, 'local', (text) => addRuleEdit(text, 'allow', 'Bash(npm test:*)'));
    expect(outcome).toEqual({ ok: true, changed: true });
    expect(readFileSync(paths.local, 'utf8')).toBe(addRuleEdit(undefined, 'allow', 'Bash(npm test:*)'));
    expect(Object.keys(snapshot())).toEqual([paths.local]);
  });

  it('changes only the rule, keeps the file’s mode, and leaves no temporary file', async () => {
    mkdirSync(join(root, 'home', '.claude'), { recursive: true });
    const text = '{\n  "model": "opus",\n  "permissions": {\n    "allow": [\n      "Read",\n      "Glob"\n    ]\n  }\n}\n';
    writeFileSync(paths.user, text, { mode: 0o600 });
    const outcome = await editSettingsFile(paths, 'user', (t) => removeRuleEdit(t!, 'allow', 'Read'));
    expect(outcome).toEqual({ ok: true, changed: true });
    expect(readFileSync(paths.user, 'utf8')).toBe(text.replace('"Read",\n      ', ''));
    expect(statSync(paths.user).mode & 0o777).toBe(0o600);
    expect(readdirSync(join(root, 'home', '.claude'))).toEqual(['settings.json']);
  });

  it('never writes a file that does not parse as Claude Code reads it, whatever the edit', async () => {
    mkdirSync(join(root, 'ws', '.claude'));
    const text = '{\n  // mine\n  "permissions": { "allow": ["Read"] }\n}\n';
    writeFileSync(paths.project, text);
    const before = snapshot();
    const outcome = await editSettingsFile(paths, 'project', () => '{}');
    expect(outcome).toMatchObject({ ok: false, why: 'malformed', error: expect.stringMatching(/comment/) });
    expect(snapshot()).toEqual(before);
  });

  it('never writes through a link, into a folder, or a file too large to read', async () => {
    mkdirSync(join(root, 'ws', '.claude'));
    writeFileSync(join(root, 'target.json'), '{}');
    symlinkSync(join(root, 'target.json'), paths.project);
    mkdirSync(paths.local);
    const before = snapshot();
    expect(await editSettingsFile(paths, 'project', (t) => addRuleEdit(t, 'allow', 'Read'))).toEqual({
      ok: false,
      why: 'refused',
      read: { kind: 'refused', why: 'symlink' },
    });
    expect(await editSettingsFile(paths, 'local', (t) => addRuleEdit(t, 'allow', 'Read'))).toEqual({
      ok: false,
      why: 'refused',
      read: { kind: 'refused', why: 'notFile' },
    });
    expect(snapshot()).toEqual(before);
  });

  it('an edit with nothing to do writes nothing; one already done is not written again', async () => {
    mkdirSync(join(root, 'ws', '.claude'));
    writeFileSync(paths.local, '{"permissions":{"allow":["Read"]}}');
    const mtime = statSync(paths.local).mtimeMs;
    expect(await editSettingsFile(paths, 'local', (t) => removeRuleEdit(t!, 'deny', 'Read'))).toEqual({ ok: false, why: 'noEdit' });
    expect(await editSettingsFile(paths, 'local', (t) => addRuleEdit(t, 'allow', 'Read'))).toEqual({ ok: true, changed: false });
    expect(statSync(paths.local).mtimeMs).toBe(mtime);
  });

  it('a change made while the edit was prepared wins: the file is left as the other writer left it', async () => {
    mkdirSync(join(root, 'ws', '.claude'));
    writeFileSync(paths.local, '{"permissions":{"allow":["Read"]}}');
    const outcome = await editSettingsFile(paths, 'local', (t) => {
      writeFileSync(paths.local, '{"permissions":{"allow":["Read","Glob"]}}');
      return addRuleEdit(t, 'deny', 'WebFetch');
    });
    expect(outcome).toEqual({ ok: false, why: 'changed' });
    expect(readFileSync(paths.local, 'utf8')).toBe('{"permissions":{"allow":["Read","Glob"]}}');
    expect(readdirSync(join(root, 'ws', '.claude'))).toEqual(['settings.local.json']);
  });
});

describe('a settings file with a byte-order mark, decoded as Claude Code decodes it (issue 51)', () => {
  const text = '\ufeff{\n  "permissions": {\n    "allow": [\n      "Read"\n    ]\n  }\n}\n';

  it('reads a UTF-8 one with its mark, and edits it keeping the mark', async () => {
    mkdirSync(join(root, 'ws', '.claude'));
    writeFileSync(paths.project, text);
    expect(await readSettingsFile(paths.project)).toEqual({ kind: 'text', text });
    expect(await editSettingsFile(paths, 'project', (t) => addRuleEdit(t, 'allow', 'Glob'))).toEqual({ ok: true, changed: true });
    expect(readFileSync(paths.project)).toEqual(Buffer.from(text.replace('"Read"', '"Read",\n      "Glob"'), 'utf8'));
  });

  it('reads a UTF-16LE one after its mark, and writes it back in UTF-16LE', async () => {
    mkdirSync(join(root, 'ws', '.claude'));
    writeFileSync(paths.local, Buffer.from(text, 'utf16le'));
    expect(await readSettingsFile(paths.local)).toEqual({ kind: 'text', text, utf16: true });
    expect(await editSettingsFile(paths, 'local', (t) => removeRuleEdit(t!, 'allow', 'Read'))).toEqual({ ok: true, changed: true });
    expect(readFileSync(paths.local)).toEqual(Buffer.from(text.replace('\n      "Read"\n    ', ''), 'utf16le'));
  });
});

describe('readClaudeTrust', () => {
  it('true only for the folder Claude Code records as trusted; false without its state file', async () => {
    const state = join(root, 'state.json');
    expect(await readClaudeTrust(state, '/w/a')).toBe(false);
    writeFileSync(
      state,
      JSON.stringify({
        projects: { '/w/a': { hasTrustDialogAccepted: true }, '/w/b': { hasTrustDialogAccepted: false }, '/w': { hasTrustDialogAccepted: true } },
      }),
    );
    expect(await readClaudeTrust(state, '/w/a')).toBe(true);
    expect(await readClaudeTrust(state, '/w/b')).toBe(false);
    expect(await readClaudeTrust(state, '/w/c')).toBe(false);
    writeFileSync(state, '{ not json');
    expect(await readClaudeTrust(state, '/w/a')).toBeUndefined();
  });
});
