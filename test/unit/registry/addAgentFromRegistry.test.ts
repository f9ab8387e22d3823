// The Add Agent from Registry command with VS Code and the network faked: the picker shows what each entry runs (args
// and env included), and a registry entry named like an agent the user has (the bundled Claude entry included) is added
// only after a modal question, which is asked before anything is installed.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => ({
  agents: undefined as unknown,
  showQuickPick: vi.fn(async (items: readonly { label: string; detail?: string }[]) => items[0] as unknown),
  showWarningMessage: vi.fn(async (..._a: unknown[]) => undefined as string | undefined),
  showInformationMessage: vi.fn(async (..._a: unknown[]) => undefined),
  progressTitles: [] as string[],
  fetchRegistry: vi.fn(),
  installAgent: vi.fn(),
}));
vi.mock('vscode', async () => ({
  // VS Code's l10n in its default language: the English message with its arguments put in.
  l10n: (await import('../../../src/contributions/l10n')).l10n,
  workspace: {
    getConfiguration: () => ({
      get: () => undefined,
      inspect: () => ({ globalValue: fake.agents }),
      update: async (_key: string, value: unknown) => void (fake.agents = value),
    }),
  },
  window: {
    showQuickPick: fake.showQuickPick,
    showWarningMessage: fake.showWarningMessage,
    showInformationMessage: fake.showInformationMessage,
    withProgress: (o: { title: string }, task: (p: unknown, t: unknown) => Promise<unknown>) => (
      fake.progressTitles.push(o.title),
      task({ report: () => undefined }, { onCancellationRequested: () => ({ dispose: () => undefined }) })
    ),
  },
  ProgressLocation: { Notification: 15 },
  ConfigurationTarget: { Global: 1 },
}));
vi.mock('../../../src/registry/installAgent', () => ({ fetchRegistry: fake.fetchRegistry, installAgent: fake.installAgent }));

import { addAgentFromRegistry } from '../../../src/registry/addAgentFromRegistry';
import { parseRegistry } from '../../../src/registry/registryEntries';
import { recordingLogger } from '../acpClient/inProcessAgent';

const storageDir = join('/', 'storage', 'agents');
const registry = parseRegistry(
  JSON.stringify({
    agents: [
      {
        id: 'npxy',
        name: 'Npxy',
        version: '2.0.0',
        description: 'An npx agent',
        distribution: { npx: { package: '@scope/npxy@2.0.0', args: ['--acp'], env: { NPXY_MODE: 'acp' } } },
      },
      { id: 'not-claude', name: 'Claude', version: '9.9.9', distribution: { npx: { package: 'not-claude@9.9.9', args: ['--serve'] } } },
    ],
  }),
);
/** What installAgent resolves for an npx entry (the real one looks npx up on PATH). */
const installed = (name: string, pkg: string, args: string[] = []) => ({ name, command: '/usr/bin/npx', args: ['--yes', pkg, ...args], env: {} });
const reported: unknown[] = [];
const run = (id?: string) => addAgentFromRegistry({ storageDir, logger: recordingLogger(), report: (err) => void reported.push(err) }, id);

beforeEach(() => {
  vi.clearAllMocks();
  reported.length = 0;
  fake.progressTitles.length = 0;
  fake.agents = undefined;
  fake.fetchRegistry.mockResolvedValue(registry);
  fake.installAgent.mockImplementation(async (agent: { id: string; name: string }) =>
    agent.id === 'npxy'
      ? { ...installed('Npxy', '@scope/npxy@2.0.0', ['--acp']), env: { NPXY_MODE: 'acp' } }
      : installed('Claude', 'not-claude@9.9.9', ['--serve']),
  );
});
afterEach(() => expect(reported, 'nothing reported as a failure').toEqual([]));

describe('the picker', () => {
  it('shows what each entry runs: the pinned package, its args and its env', async () => {
    await run();
    const items = fake.showQuickPick.mock.calls[0]![0];
    expect(items.map((i) => i.detail)).toEqual(['runs npx @scope/npxy@2.0.0 --acp · env NPXY_MODE=acp', 'runs npx not-claude@9.9.9 --serve']);
  });
});

describe('a registry entry named like an agent the user has', () => {
  it('the bundled Claude entry: asked in a modal showing both commands; dismissed, nothing is installed or added', async () => {
    await expect(run('not-claude')).resolves.toBeUndefined();
    expect(fake.showWarningMessage).toHaveBeenCalledTimes(1);
    const [message, options, ...buttons] = fake.showWarningMessage.mock.calls[0]!;
    expect(message).toMatch(/already have an agent named "Claude"/);
    expect(options).toMatchObject({ modal: true });
    expect((options as { detail: string }).detail).toMatch(/Yours is the bundled Claude adapter\.\nThe registry's runs npx not-claude@9\.9\.9 --serve\./);
    expect(buttons).toEqual(['Replace', 'Keep Both']);
    expect(fake.installAgent).not.toHaveBeenCalled();
    expect(fake.agents).toBeUndefined();
  });

  it('"Keep Both": added under a new name, the bundled entry kept', async () => {
    fake.showWarningMessage.mockResolvedValueOnce('Keep Both');
    await expect(run('not-claude')).resolves.toMatchObject({ name: 'Claude (registry)' });
    expect(fake.agents).toEqual([{ name: 'Claude' }, { name: 'Claude (registry)', command: '/usr/bin/npx', args: ['--yes', 'not-claude@9.9.9', '--serve'] }]);
    expect(fake.showInformationMessage.mock.calls[0]![0]).toMatch(/was added as "Claude \(registry\)"/);
  });

  it('"Replace": put in place of the user’s entry', async () => {
    fake.agents = [{ name: 'Claude' }, { name: 'Npxy', command: '/opt/mine/npxy' }];
    fake.showWarningMessage.mockResolvedValueOnce('Replace');
    await run('npxy');
    expect((fake.showWarningMessage.mock.calls[0]![1] as { detail: string }).detail).toMatch(
      /^Yours runs \/opt\/mine\/npxy\.\nThe registry's runs npx @scope\/npxy@2\.0\.0 --acp · env NPXY_MODE=acp\./,
    );
    expect(fake.agents).toEqual([
      { name: 'Claude' },
      { name: 'Npxy', command: '/usr/bin/npx', args: ['--yes', '@scope/npxy@2.0.0', '--acp'], env: { NPXY_MODE: 'acp' } },
    ]);
  });

  it('its own earlier install: updated in place without asking', async () => {
    fake.agents = [{ name: 'Claude' }, { name: 'Npxy', command: '/usr/bin/npx', args: ['--yes', '@scope/npxy@1.0.0'] }];
    await run('npxy');
    expect(fake.showWarningMessage).not.toHaveBeenCalled();
    expect(fake.agents).toEqual([
      { name: 'Claude' },
      { name: 'Npxy', command: '/usr/bin/npx', args: ['--yes', '@scope/npxy@2.0.0', '--acp'], env: { NPXY_MODE: 'acp' } },
    ]);
  });

  it('no agent of that name: appended without asking', async () => {
    await run('npxy');
    expect(fake.showWarningMessage).not.toHaveBeenCalled();
    expect(fake.agents).toEqual([
      { name: 'Claude' },
      { name: 'Npxy', command: '/usr/bin/npx', args: ['--yes', '@scope/npxy@2.0.0', '--acp'], env: { NPXY_MODE: 'acp' } },
    ]);
  });
});

describe("a registry entry's own text in notifications", () => {
  // VS Code renders `[label](target)` in a notification as a link, and runs a `command:` target when it is clicked.
  const LINK = /\[[^\]]*\]\(/u;
  it('reaches the progress notification and the added message with no link', async () => {
    const name = '[Read the docs](command:workbench.action.terminal.new)'; // a registry name is at most 60 characters
    fake.fetchRegistry.mockResolvedValue(
      parseRegistry(JSON.stringify({ agents: [{ id: 'linky', name, version: '1.0.0', distribution: { npx: { package: 'linky@1.0.0' } } }] })),
    );
    fake.installAgent.mockResolvedValue(installed(name, 'linky@1.0.0'));
    await run('linky');
    const installing = fake.progressTitles.find((t) => t.startsWith('Installing'));
    expect(installing).toContain('Read the docs');
    expect(installing).not.toMatch(LINK);
    const [added] = fake.showInformationMessage.mock.calls[0]! as unknown as [string];
    expect(added).not.toMatch(LINK);
  });
});
