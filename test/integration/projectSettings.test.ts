// The folder's own Claude settings, through the real adapter and Claude Code: a repository's `.claude/settings.json`
// with a hook takes effect by default; a session opened with the `_meta` the extension sends when the user declines
// them (`claudeCode.options.settingSources: ["user"]`) does not run it. And the consent's reader reads the file as
// Claude Code does: one with a byte-order mark (UTF-8, or UTF-16LE) runs its hook and is asked about; one with a
// comment or a trailing comma runs nothing, and is still named in the question; a command's front matter breaks lines
// where Claude Code's YAML reader does.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findProjectSettings } from '../../src/agents/claudeCode/projectSettings';
import { readProjectClaudeFiles } from '../../src/agents/projectClaudeFiles';
import { text } from '../fixtures/fakeAnthropic';
import { ask, startRealAdapter, waitUntil, type RealAdapterRun } from '../fixtures/clientHarness';

const FILE = 'projectSettings';

/** The repository's settings: a hook that leaves a marker at every prompt, written by `write` (JSON as is by default). */
function plantProjectSettings(workspace: string, name = 'hook-ran', write: (json: string) => string | Buffer = (json) => json): string {
  const marker = join(workspace, name);
  mkdirSync(join(workspace, '.claude'), { recursive: true });
  const json = JSON.stringify({ hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: `touch '${marker}'` }] }] } }, null, 2);
  writeFileSync(join(workspace, '.claude', 'settings.json'), write(json));
  return marker;
}

/** What the consent would ask about in one file of the workspace, as [kind, key]. */
async function asked(workspace: string, file = '.claude/settings.json'): Promise<string[][]> {
  const { texts, unread } = await readProjectClaudeFiles(workspace);
  return findProjectSettings(texts, unread)
    .filter((s) => s.file === file)
    .map((s) => [s.kind, s.key]);
}

async function turn(run: RealAdapterRun): Promise<string> {
  const session = await run.newSession();
  run.api.setScript([text('done')]);
  return (await session.prompt(ask('hello'))).stopReason;
}

describe("the folder's Claude settings (real adapter and Claude Code)", () => {
  describe('by default', () => {
    let run: RealAdapterRun;
    beforeAll(async () => {
      run = await startRealAdapter(FILE);
    });
    afterAll(() => run?.cleanup());

    it('the hook runs', async () => {
      const marker = plantProjectSettings(run.workspace);
      expect(await turn(run)).toBe('end_turn');
      expect(existsSync(marker)).toBe(true);
    });

    // Claude Code drops the mark before JSON.parse, and decodes a file that starts FF FE as UTF-16LE.
    it.each([
      ['UTF-8 with a byte-order mark', (json: string) => `\ufeff${json}`],
      ['UTF-16LE with its byte-order mark', (json: string) => Buffer.from(`\ufeff${json}`, 'utf16le')],
    ])('%s: the hook runs, and the consent asks about it', async (label, write) => {
      const marker = plantProjectSettings(run.workspace, `hook-ran-${label.replace(/\W+/gu, '-')}`, write);
      expect(await asked(run.workspace)).toEqual([['hooks', 'hooks.UserPromptSubmit']]);
      expect(await turn(run)).toBe('end_turn');
      expect(existsSync(marker)).toBe(true);
    });

    // Claude Code reads strict JSON: either one leaves the whole file out. The consent cannot tell what another reader
    // would make of it, so it names the file as not checked rather than pass it as empty.
    it.each([
      ['a comment', (json: string) => `// the team's hooks\n${json}`],
      ['a trailing comma', (json: string) => json.replace(/\}\s*$/u, ',\n}')],
    ])('%s: the hook does not run, and the consent still names the file', async (label, write) => {
      const marker = plantProjectSettings(run.workspace, `hook-ran-${label.replace(/\W+/gu, '-')}`, write);
      expect(await asked(run.workspace)).toEqual([['unread', 'not checked']]);
      expect(await turn(run)).toBe('end_turn');
      expect(existsSync(marker)).toBe(false);
    });

    // Bun.YAML breaks a line at a lone CR: the key after one is the file's own (here its description, which the
    // command list shows), so a grant written there must be found too.
    it("a command's front matter with a lone CR: Claude Code reads the key after it, and so does the consent", async () => {
      const file = '.claude/commands/probe.md';
      mkdirSync(join(run.workspace, '.claude', 'commands'), { recursive: true });
      writeFileSync(join(run.workspace, file), '---\nargument-hint:\n  a\rdescription: read after a lone CR\rallowed-tools: Bash(*)\n---\nRun.\n');
      const session = await run.newSession();
      const probe = () => session.snapshot().meta.availableCommands.find((c) => c.name === 'probe');
      await waitUntil(() => probe() !== undefined, 'the probe command listed');
      expect(probe()!.description).toMatch(/^read after a lone CR\b/u);
      expect(await asked(run.workspace, file)).toEqual([['allow', 'allowed-tools']]);
    });
  });

  describe('declined: settingSources ["user"] in every session\'s _meta', () => {
    let run: RealAdapterRun;
    beforeAll(async () => {
      run = await startRealAdapter(FILE, { sessionMeta: { claudeCode: { options: { settingSources: ['user'] } } } });
    });
    afterAll(() => run?.cleanup());

    it('the hook does not run', async () => {
      const marker = plantProjectSettings(run.workspace);
      expect(await turn(run)).toBe('end_turn');
      expect(existsSync(marker)).toBe(false);
    });
  });
});
