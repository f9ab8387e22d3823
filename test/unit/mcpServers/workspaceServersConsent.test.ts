// The question before a workspace's .vscode/mcp.json servers first reach the agent, with VS Code's dialogs stood in
// for: asked once per text of the file, before any input; declined or closed, the file's servers are left out and
// nothing of theirs is asked; an input's value is asked and kept per server. (The real dialogs: test/host/mcpServers.)
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readMcpConfig } from '../../../src/mcpServers/mcpConfig';
import { UserMcpServers } from '../../../src/mcpServers/userServers';
import { WorkspaceServersConsent } from '../../../src/mcpServers/workspaceServersConsent';

const typed: string[] = [];
vi.mock('vscode', () => ({
  l10n: { t: (message: string, ...args: unknown[]) => message.replace(/\{(\d+)\}/gu, (_, i: string) => String(args[Number(i)])) },
  window: {
    showInputBox: async (opts: { title: string }) => {
      typed.push(opts.title);
      return `typed for ${opts.title}`;
    },
  },
  workspace: { getConfiguration: () => ({ inspect: () => undefined }) },
}));

const logger = { info: () => undefined, debug: () => undefined, warn: () => undefined, error: () => undefined };

class Memory {
  private readonly values = new Map<string, unknown>();
  keys = () => [...this.values.keys()];
  get = <T>(key: string): T | undefined => this.values.get(key) as T | undefined;
  update = async (key: string, value: unknown) => void this.values.set(key, value);
}

const FILE = {
  inputs: [{ type: 'promptString', id: 'token', description: 'API token', password: true }],
  servers: {
    tools: { command: '/opt/tools/server', env: { TOKEN: '${input:token}' } },
    other: { type: 'http', url: 'https://mcp.example/api', headers: { Authorization: 'Bearer ${input:token}' } },
  },
};

/** A consent whose dialog answers `answer` and records what it showed. */
function consentAnswering(answer: string | undefined, memento = new Memory()) {
  const consent = new WorkspaceServersConsent(memento as never, logger);
  const asked: { message: string; detail: string; buttons: string[] }[] = [];
  consent.ask = async (message, detail, ...buttons) => {
    asked.push({ message, detail, buttons });
    return answer;
  };
  return { consent, asked, memento };
}

describe('WorkspaceServersConsent', () => {
  const text = JSON.stringify(FILE);
  const servers = readMcpConfig({ workspaceJson: text }, []).servers;

  it("asks once, listing the file's servers; the answer is kept until the file's text changes", async () => {
    const { consent, asked } = consentAnswering('Use Them');
    expect(await consent.decide(text, servers)).toEqual({ use: true });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.message).toBe("This workspace's .vscode/mcp.json starts programs and connects to servers for the agent. Use them?");
    expect(asked[0]!.detail).toContain('"tools" starts: /opt/tools/server\n    env TOKEN=${input:token}\n    fills in: ${input:token}');
    expect(asked[0]!.detail).toContain('"other" connects to: https://mcp.example/api');
    expect(asked[0]!.buttons).toEqual(['Use Them', 'Leave Them Out']);
    expect(await consent.decide(text, servers)).toEqual({ use: true });
    expect(asked).toHaveLength(1);
    await consent.decide(`${text}\n`, servers);
    expect(asked).toHaveLength(2);
  });

  it('declined: the servers are left out with the sentence the chat says, and the answer is kept', async () => {
    const { consent, asked } = consentAnswering('Leave Them Out');
    const leftOut = '.vscode/mcp.json: you chose not to use its MCP servers ("tools", "other"); they are left out until the file changes.';
    expect(await consent.decide(text, servers)).toEqual({ use: false, leftOut });
    expect(await consent.decide(text, servers)).toEqual({ use: false, leftOut });
    expect(asked).toHaveLength(1);
  });

  it('closed: this start goes without them, the next one asks again', async () => {
    const { consent, asked, memento } = consentAnswering(undefined);
    expect(await consent.decide(text, servers)).toMatchObject({ use: false });
    await consent.decide(text, servers);
    expect(asked).toHaveLength(2);
    expect(memento.keys()).toEqual([]);
  });

  it('two starts at once ask one question', async () => {
    const { consent, asked } = consentAnswering('Use Them');
    await Promise.all([consent.decide(text, servers), consent.decide(text, servers)]);
    expect(asked).toHaveLength(1);
  });
});

describe("UserMcpServers with the workspace's file", () => {
  let folder: string;
  const stored = new Map<string, string>();
  const secrets = { get: async (key: string) => stored.get(key), store: async (key: string, value: string) => void stored.set(key, value) };
  const user = (answer: string | undefined) => {
    const { consent, asked } = consentAnswering(answer);
    const servers = new UserMcpServers({ secrets: secrets as never, logger, folders: () => [folder], trusted: () => true, reserved: ['acp-chat'], consent });
    return { servers, asked };
  };

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'acp-chat-mcp-consent-'));
    mkdirSync(join(folder, '.vscode'));
    writeFileSync(join(folder, '.vscode', 'mcp.json'), JSON.stringify(FILE));
    typed.length = 0;
    stored.clear();
  });

  it('declined: asks no input, passes none of its servers and says so once', async () => {
    const { servers, asked } = user('Leave Them Out');
    const offer = await servers.offer();
    expect(asked).toHaveLength(1);
    expect(typed).toEqual([]);
    expect(offer.servers).toEqual([]);
    expect(offer.problems).toEqual(['.vscode/mcp.json: you chose not to use its MCP servers ("tools", "other"); they are left out until the file changes.']);
  });

  it('used: asks the question before the inputs, then each server for its own value of an input id both use', async () => {
    const { servers, asked } = user('Use Them');
    const offer = await servers.offer();
    expect(asked).toHaveLength(1);
    expect(typed).toEqual(['MCP server "tools"', 'MCP server "other"']);
    expect(offer.servers).toEqual([
      { name: 'tools', command: '/opt/tools/server', args: [], env: [{ name: 'TOKEN', value: 'typed for MCP server "tools"' }] },
      { type: 'http', name: 'other', url: 'https://mcp.example/api', headers: [{ name: 'Authorization', value: 'Bearer typed for MCP server "other"' }] },
    ]);
    expect(stored.size).toBe(2);
    // Kept: the next start asks nothing and sends each server its own value.
    await servers.offer();
    expect(typed).toHaveLength(2);
  });
});
