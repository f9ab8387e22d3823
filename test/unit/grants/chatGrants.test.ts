// The chat's Undo of an "always" answer (ChatGrants.undo), on real files: the grant is followed from a session's
// permission to the rule that appeared in a settings file (GrantWatcher), then taken back through the product's own
// edit (removeRuleEdit in editSettingsFile). Undo removes exactly the rule the answer added; refuses when the rule's
// file is no longer the one the agent reads for its scope; leaves a file another writer changed meanwhile as it is.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** What claudeLocations() reads from VS Code: the first folder and acpChat.agent.env. */
const where = vi.hoisted(() => ({ workspace: '', env: {} as Record<string, string> }));
vi.mock('vscode', () => ({
  workspace: {
    get workspaceFolders() {
      return [{ uri: { scheme: 'file', fsPath: where.workspace } }];
    },
    getConfiguration: () => ({ get: () => where.env }),
  },
}));

/**
 * The watcher's reads of the settings files, counted: a grant is the difference between the reading made while the
 * request is pending and the one after its call ran, so the test writes the agent's rule only once the first is done.
 * Undo's own reads go through editSettingsFile, inside the module, and are not wrapped.
 */
const reads = vi.hoisted(() => ({ done: 0, waiters: [] as { at: number; resolve: () => void }[] }));
vi.mock('../../../src/grants/settingsFiles', async (importActual) => {
  const actual = await importActual<typeof import('../../../src/grants/settingsFiles')>();
  return {
    ...actual,
    readSettingsFile: async (...args: Parameters<typeof actual.readSettingsFile>) => {
      try {
        return await actual.readSettingsFile(...args);
      } finally {
        reads.done++;
        const due = reads.waiters.filter((w) => reads.done >= w.at);
        reads.waiters = reads.waiters.filter((w) => !due.includes(w));
        for (const w of due) w.resolve();
      }
    },
  };
});

/** Another writer (an editor saving the file, Claude Code) acting while Undo prepares its edit, when set. */
const meanwhile = vi.hoisted(() => ({ act: undefined as (() => void) | undefined }));
vi.mock('../../../src/grants/ruleEdits', async (importActual) => {
  const actual = await importActual<typeof import('../../../src/grants/ruleEdits')>();
  return {
    ...actual,
    removeRuleEdit: (...args: Parameters<typeof actual.removeRuleEdit>) => {
      meanwhile.act?.();
      return actual.removeRuleEdit(...args);
    },
  };
});

import type { Chat } from '../../../src/chat/chat';
import { Emitter } from '../../../src/acpClient/events';
import type { PermissionRecord, TranscriptChange, TurnState } from '../../../src/acpClient/transcript';
import { ChatGrants } from '../../../src/grants/chatGrants';
import { GRANT_EFFECT } from '../../../src/grants/grantsWording';
import type { Scope } from '../../../src/grants/claudeRules';
import { settingsFilePaths } from '../../../src/grants/settingsPaths';
import { recordingLogger } from '../acpClient/inProcessAgent';

let root: string;
let paths: Record<Scope, string>;
let grants: ChatGrants | undefined;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'acp-chat-grants-'));
  where.workspace = join(root, 'ws');
  where.env = { HOME: join(root, 'home'), CLAUDE_CONFIG_DIR: join(root, 'config-a') };
  mkdirSync(where.workspace);
  paths = settingsFilePaths({ workspace: where.workspace, home: where.env.HOME!, claudeConfigDir: where.env.CLAUDE_CONFIG_DIR! });
  meanwhile.act = undefined;
});

afterEach(() => {
  grants?.dispose();
  grants = undefined;
  rmSync(root, { recursive: true, force: true });
});

const put = (path: string, text: string) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
};
const bytes = (path: string) => readFileSync(path, 'utf8');

function afterReads(at: number): Promise<void> {
  return reads.done >= at ? Promise.resolve() : new Promise((resolve) => reads.waiters.push({ at, resolve }));
}

const OPTIONS = [
  { optionId: 'allow-once', name: 'Yes', kind: 'allow_once' },
  { optionId: 'allow-with-updates', name: "Yes, and don't ask again", kind: 'allow_always' },
  { optionId: 'reject', name: 'No', kind: 'reject_once' },
] as const;

/**
 * A chat whose session asks once; the answer is "always", and `agentWrites` is what the agent then does to the
 * settings files (as Claude Code applies the grant). Resolves with the grant's key once the chat has read its effect.
 */
async function answeredAlways(agentWrites: () => void): Promise<string> {
  const changes = new Emitter<TranscriptChange[]>();
  const session = { onDidChange: changes.event, turn: 'running' as TurnState };
  const chat = { session, onDidChangeSession: new Emitter<unknown>().event } as unknown as Pick<Chat, 'session' | 'onDidChangeSession'>;
  grants = new ChatGrants(chat, () => where.workspace, recordingLogger());
  const pending: PermissionRecord = {
    key: 's1:1',
    toolCallId: 'call-1',
    title: 'touch g1.txt',
    options: [...OPTIONS],
    outcome: { status: 'pending' },
    requestedAt: 1,
  };
  const readsBefore = reads.done;
  changes.fire([{ type: 'entry-added', entry: { kind: 'permission', id: 'p1', permission: pending, at: 1 }, index: 0 }]);
  // The three files as they were while the request was pending.
  await afterReads(readsBefore + 3);
  const selected: PermissionRecord = {
    ...pending,
    outcome: { status: 'selected', optionId: OPTIONS[1].optionId, optionName: OPTIONS[1].name, optionKind: 'allow_always' },
  };
  changes.fire([{ type: 'entry-changed', entry: { kind: 'permission', id: 'p1', permission: selected, at: 1 } }]);
  agentWrites();
  changes.fire([
    {
      type: 'entry-changed',
      entry: { kind: 'tool', id: 't1', toolCall: { toolCallId: 'call-1', title: 'touch g1.txt', status: 'completed', content: [], locations: [] }, at: 2 },
    },
  ]);
  await expect.poll(() => grants!.views().length).toBe(1);
  return grants.views()[0]!.key;
}

const LOCAL_BEFORE =
  '{\n  "permissions": {\n    "allow": [\n      "Bash(ls:*)"\n    ],\n    "deny": [\n      "Bash(rm:*)"\n    ]\n  },\n  "model": "opus"\n}\n';
const LOCAL_GRANTED = LOCAL_BEFORE.replace('"Bash(ls:*)"\n', '"Bash(ls:*)",\n      "Bash(touch g1.txt)"\n');

describe('ChatGrants.undo', () => {
  it('removes exactly the rule the answer added: the file is as it was, and the same rule in another file stays', async () => {
    put(paths.local, LOCAL_BEFORE);
    // The same rule in the shared project file: the user's own, not the answer's.
    const project = '{ "permissions": { "allow": ["Bash(touch g1.txt)"] } }\n';
    put(paths.project, project);
    const key = await answeredAlways(() => writeFileSync(paths.local, LOCAL_GRANTED));
    expect(grants!.views()).toEqual([
      { key, rules: [{ rule: 'Bash(touch g1.txt)', behaviour: 'allow', file: '.claude/settings.local.json', where: GRANT_EFFECT.where.local }] },
    ]);

    expect(await grants!.undo(key)).toBeUndefined();
    expect(bytes(paths.local)).toBe(LOCAL_BEFORE);
    expect(bytes(paths.project)).toBe(project);
    expect(readdirSync(dirname(paths.local)).sort()).toEqual(['settings.json', 'settings.local.json']);
    expect(grants!.views()[0]).toMatchObject({ key, undone: true });
    // Taken back once: a second Undo has nothing to do, and writes nothing.
    expect(await grants!.undo(key)).toBe(GRANT_EFFECT.nothingToUndo);
    expect(bytes(paths.local)).toBe(LOCAL_BEFORE);
  });

  it('refuses a rule whose file is no longer the one the agent reads for its scope, and writes neither file', async () => {
    const userA = '{\n  "permissions": {\n    "allow": [\n      "Bash(touch g1.txt)"\n    ]\n  }\n}\n';
    const key = await answeredAlways(() => put(paths.user, userA));
    expect(grants!.views()[0]!.rules).toMatchObject([{ rule: 'Bash(touch g1.txt)', where: GRANT_EFFECT.where.user }]);
    // The user then points the agent at another config folder, whose settings hold the same rule of their own.
    where.env = { ...where.env, CLAUDE_CONFIG_DIR: join(root, 'config-b') };
    const userB = join(root, 'config-b', 'settings.json');
    const mineB = '{ "permissions": { "allow": ["Bash(touch g1.txt)", "Read"] } }\n';
    put(userB, mineB);

    expect(await grants!.undo(key)).toBe(GRANT_EFFECT.undoFailed('Bash(touch g1.txt)', paths.user));
    expect(bytes(userB)).toBe(mineB);
    expect(bytes(paths.user)).toBe(userA);
    expect(grants!.views()[0]!.undone).toBeUndefined();
  });

  it('leaves a file another writer changed while Undo prepared its edit as that writer left it', async () => {
    put(paths.local, LOCAL_BEFORE);
    const key = await answeredAlways(() => writeFileSync(paths.local, LOCAL_GRANTED));
    // Saved by the user's editor between Undo's reading of the file and its rename over it.
    const theirs = LOCAL_GRANTED.replace('"model": "opus"', '"model": "sonnet"');
    meanwhile.act = () => writeFileSync(paths.local, theirs);

    expect(await grants!.undo(key)).toBe(GRANT_EFFECT.undoFailed('Bash(touch g1.txt)', paths.local));
    expect(bytes(paths.local)).toBe(theirs);
    // Its new text, written beside the file, is gone too.
    expect(readdirSync(dirname(paths.local))).toEqual(['settings.local.json']);
    expect(grants!.views()[0]!.undone).toBeUndefined();
  });
});
