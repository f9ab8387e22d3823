// An "always" answer's effect, read from Claude Code's settings files (real adapter, Manual mode): choosing the
// option that does not ask again writes a rule, which the chat reads from the file it landed in; Undo removes exactly
// that rule; the next identical command is asked again. An answer whose grant lands in no file lasts for the
// conversation only, and the chat says so.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';

/** What ChatGrants reads from VS Code to find the agent's settings files: the folder and acpChat.agent.env. */
const inVsCode = vi.hoisted(() => ({ workspace: '', env: {} as Record<string, string> }));
vi.mock('vscode', () => ({
  workspace: {
    get workspaceFolders() {
      return [{ uri: { scheme: 'file', fsPath: inVsCode.workspace } }];
    },
    getConfiguration: () => ({ get: () => inVsCode.env }),
  },
}));

import { Emitter } from '../../src/acpClient/events';
import type { Chat } from '../../src/chat/chat';
import { bash, text } from '../fixtures/fakeAnthropic';
import { ask, permissionEntries, timed, useRealAdapter } from '../fixtures/clientHarness';
import { ChatGrants } from '../../src/grants/chatGrants';
import { GRANT_EFFECT } from '../../src/grants/grantsWording';
import { GrantWatcher, type ObservedGrant } from '../../src/grants/grantWatcher';
import { parsePermissionSettings } from '../../src/grants/claudeRules';
import { settingsFilePaths } from '../../src/grants/settingsPaths';

const FILE = 'grants';
const adapter = useRealAdapter(FILE);

describe('an "always" answer, read from the settings files (real adapter)', () => {
  it('writes a rule the chat reads from its file; Undo removes exactly that rule; the next identical command is asked again', async () => {
    const { run } = adapter;
    const paths = settingsFilePaths({ workspace: run.workspace, home: run.harness.home, claudeConfigDir: join(run.harness.home, '.claude') });
    // The user's own local settings, with a rule that must survive the Undo.
    mkdirSync(dirname(paths.local), { recursive: true });
    writeFileSync(paths.local, '{\n  "permissions": {\n    "allow": ["Bash(ls:*)"]\n  }\n}\n');
    const session = await run.newSession();
    // The chat's own grants, as the window would find the agent's files: its folder, and the agent's environment.
    inVsCode.workspace = run.workspace;
    inVsCode.env = run.harness.launch.env;
    const grants = new ChatGrants(
      { session, onDidChangeSession: new Emitter<unknown>().event } as unknown as Pick<Chat, 'session' | 'onDidChangeSession'>,
      () => run.workspace,
      run.logger,
    );
    const cmd = 'touch g1.txt && touch g2.txt';
    const from = run.hooks.permissions.length;
    run.hooks.decide = (req) => (req.params.options.some((o) => o.optionId === 'allow-with-updates') ? 'allow-with-updates' : 'reject');
    run.api.setScript([bash(cmd, 'Create g1 and g2'), text('Done.')]);
    expect((await timed(FILE, 'turn: bash, allow-with-updates', () => session.prompt(ask('make g1 and g2')))).stopReason).toBe('end_turn');
    expect(run.hooks.permissions.length - from).toBe(1);
    expect(existsSync(join(run.workspace, 'g1.txt'))).toBe(true);

    await expect.poll(() => grants.views().length, { timeout: 10_000 }).toBe(1);
    const grant = grants.views()[0]!;
    // Read from the file, not from the option's label: Claude Code wrote one exact rule per command of the chain.
    const where = GRANT_EFFECT.where.local;
    expect(grant).toEqual({
      key: permissionEntries(session)[0]!.key,
      rules: [
        { rule: 'Bash(touch g1.txt)', behaviour: 'allow', file: '.claude/settings.local.json', where },
        { rule: 'Bash(touch g2.txt)', behaviour: 'allow', file: '.claude/settings.local.json', where },
      ],
    });
    const written = parsePermissionSettings(readFileSync(paths.local, 'utf8'), 'local');
    expect(written.ok && written.rules.map((r) => r.rule)).toEqual(['Bash(ls:*)', 'Bash(touch g1.txt)', 'Bash(touch g2.txt)']);

    // The chat's Undo: exactly those rules go; the user's rule stays.
    expect(await grants.undo(grant.key)).toBeUndefined();
    const after = parsePermissionSettings(readFileSync(paths.local, 'utf8'), 'local');
    expect(after.ok && after.rules.map((r) => r.rule)).toEqual(['Bash(ls:*)']);
    expect(grants.views()[0]).toMatchObject({ undone: true });
    grants.dispose();

    // The next identical command asks again (in a new conversation here; a running one picks the change up too, about a
    // second later, from Claude Code's own watcher of its settings files).
    rmSync(join(run.workspace, 'g1.txt'));
    rmSync(join(run.workspace, 'g2.txt'));
    const next = await run.newSession();
    run.hooks.decide = () => 'reject';
    run.api.setScript([bash(cmd, 'Create them again'), text('Not created.')]);
    expect((await next.prompt(ask('again'))).stopReason).toBe('end_turn');
    expect(run.hooks.permissions.length - from).toBe(2);
    expect(run.hooks.permissions.at(-1)!.params.toolCall.rawInput).toMatchObject({ command: cmd });
    expect(existsSync(join(run.workspace, 'g1.txt'))).toBe(false);
  });

  it('a settings file Claude Code cannot read as plain JSON gets no rule: the grant lasts for the conversation only', async () => {
    const { run } = adapter;
    const paths = settingsFilePaths({ workspace: run.workspace, home: run.harness.home, claudeConfigDir: join(run.harness.home, '.claude') });
    mkdirSync(dirname(paths.local), { recursive: true });
    const mine = '{\n  // mine\n  "permissions": { "allow": ["Bash(ls:*)"] }\n}\n';
    writeFileSync(paths.local, mine);
    const session = await run.newSession();
    const seen: ObservedGrant[] = [];
    const watcher = new GrantWatcher(
      session,
      () => paths,
      (g) => seen.push(g),
      run.logger,
    );
    run.hooks.decide = (req) => (req.params.options.some((o) => o.optionId === 'allow-with-updates') ? 'allow-with-updates' : 'reject');
    run.api.setScript([bash('touch h1.txt && touch h2.txt', 'Create h1 and h2'), text('Done.')]);
    expect((await session.prompt(ask('make h1 and h2'))).stopReason).toBe('end_turn');
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(1);
    expect(seen[0]!.effect).toEqual({ kind: 'session' });
    expect(readFileSync(paths.local, 'utf8')).toBe(mine);
    watcher.dispose();
  });
});
