// The folder's own Claude settings, through the real adapter and Claude Code: a repository's `.claude/settings.json`
// with a hook takes effect by default; a session opened with the `_meta` the extension sends when the user declines
// them (`claudeCode.options.settingSources: ["user"]`) does not run it.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { text } from '../fixtures/fakeAnthropic';
import { ask, startRealAdapter, type RealAdapterRun } from '../fixtures/clientHarness';

const FILE = 'projectSettings';

/** The repository's settings: a hook that leaves a marker at every prompt. */
function plantProjectSettings(workspace: string): string {
  const marker = join(workspace, 'hook-ran');
  mkdirSync(join(workspace, '.claude'), { recursive: true });
  writeFileSync(
    join(workspace, '.claude', 'settings.json'),
    JSON.stringify({
      hooks: { UserPromptSubmit: [{ hooks: [{ type: 'command', command: `touch '${marker}'` }] }] },
    }),
  );
  return marker;
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
