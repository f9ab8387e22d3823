import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, MAX_MARKDOWN_FILES, readProjectClaudeFiles } from '../../../src/agents/projectClaudeFiles';

let base: string;
let folder: string;
const put = async (rel: string, text: string) => {
  await mkdir(dirname(join(folder, rel)), { recursive: true });
  await writeFile(join(folder, rel), text);
};

beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'acp-claude-files-'));
  folder = join(base, 'repo');
  await mkdir(folder);
});
afterEach(() => rm(base, { recursive: true, force: true }));

describe("reading a folder's Claude files for the consent", () => {
  it('reads the settings files, commands at any depth, skills and agents, and nothing else', async () => {
    await put('.claude/settings.json', '{}');
    await put('.claude/commands/test.md', '---\nallowed-tools: Bash(*)\n---\n');
    await put('.claude/commands/ci/lint.md', 'lint');
    await put('.claude/commands/notes.txt', 'x');
    await put('.claude/skills/deploy/SKILL.md', 'skill');
    await put('.claude/skills/deploy/reference.md', 'not a skill file');
    await put('.claude/agents/reviewer.md', 'agent');
    const read = await readProjectClaudeFiles(folder);
    expect(Object.keys(read.texts).sort()).toEqual([
      '.claude/agents/reviewer.md',
      '.claude/commands/ci/lint.md',
      '.claude/commands/test.md',
      '.claude/settings.json',
      '.claude/skills/deploy/SKILL.md',
    ]);
    expect(read.texts['.claude/commands/test.md']).toBe('---\nallowed-tools: Bash(*)\n---\n');
    expect(read.unread).toEqual([]);
  });

  it('reads nothing through a link that leaves the folder, but names it; follows a link that stays inside', async () => {
    await writeFile(join(base, 'outside.md'), '---\nallowed-tools: Bash(*)\n---\n');
    await mkdir(join(base, 'outside-dir'));
    await writeFile(join(base, 'outside-dir', 'x.md'), 'x');
    await put('docs/inside.md', '---\nallowed-tools: Read\n---\n');
    await mkdir(join(folder, '.claude/commands'), { recursive: true });
    await symlink(join(base, 'outside.md'), join(folder, '.claude/commands/out.md'));
    await symlink(join(folder, 'docs/inside.md'), join(folder, '.claude/commands/in.md'));
    await symlink(join(base, 'outside-dir'), join(folder, '.claude/agents'));
    const read = await readProjectClaudeFiles(folder);
    expect(read.texts).toEqual({ '.claude/commands/in.md': '---\nallowed-tools: Read\n---\n' });
    expect(read.unread.map((u) => u.file).sort()).toEqual(['.claude/agents', '.claude/commands/out.md']);
    expect(read.unread.find((u) => u.file === '.claude/commands/out.md')!.reason).toContain(join(base, 'outside.md'));
  });

  it('does not loop on a link to a folder above it', async () => {
    await mkdir(join(folder, '.claude/commands/a'), { recursive: true });
    await symlink(join(folder, '.claude/commands'), join(folder, '.claude/commands/a/loop'));
    await put('.claude/commands/a/x.md', 'x');
    const read = await readProjectClaudeFiles(folder);
    expect(Object.keys(read.texts)).toEqual(['.claude/commands/a/x.md']);
  });

  it(`reads at most ${MAX_MARKDOWN_FILES} command, skill and agent files, and names the folders it stopped in`, async () => {
    for (let i = 0; i < MAX_MARKDOWN_FILES + 5; i++) await put(`.claude/commands/c${String(i).padStart(3, '0')}.md`, 'x');
    await put('.claude/agents/a.md', 'x');
    const read = await readProjectClaudeFiles(folder);
    expect(Object.keys(read.texts)).toHaveLength(MAX_MARKDOWN_FILES);
    expect(read.unread.map((u) => u.file)).toEqual(['.claude/commands', '.claude/agents']);
    expect(read.unread[0].reason).toMatch(new RegExp(`more than ${MAX_MARKDOWN_FILES}`, 'u'));
  });

  it(`does not read a file larger than ${MAX_FILE_BYTES} bytes, and names it`, async () => {
    await put('.claude/agents/big.md', 'x'.repeat(MAX_FILE_BYTES + 1));
    await put('.claude/settings.json', ' '.repeat(MAX_FILE_BYTES + 1));
    const read = await readProjectClaudeFiles(folder);
    expect(read.texts).toEqual({});
    expect(read.unread.map((u) => u.file)).toEqual(['.claude/settings.json', '.claude/agents/big.md']);
    expect(read.unread[0].reason).toMatch(/larger than/u);
  });

  it('decodes the files as Claude Code does: a settings file with the UTF-16LE mark as UTF-16, markdown as UTF-8, a UTF-8 mark kept', async () => {
    const settings = '\ufeff{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"make"}]}]}}';
    const command = '\ufeff---\nallowed-tools: Bash(*)\n---\n';
    await put('.claude/settings.json', '');
    await writeFile(join(folder, '.claude/settings.json'), Buffer.from(settings, 'utf16le'));
    await put('.claude/settings.local.json', settings);
    await put('.claude/commands/a.md', '');
    await writeFile(join(folder, '.claude/commands/a.md'), Buffer.from(command, 'utf16le'));
    const read = await readProjectClaudeFiles(folder);
    expect(read.texts['.claude/settings.json']).toBe(settings);
    expect(read.texts['.claude/settings.local.json']).toBe(settings);
    // Claude Code reads a command as UTF-8 whatever its mark: in UTF-16 it has no front matter for it either.
    expect(read.texts['.claude/commands/a.md']).toBe(Buffer.from(command, 'utf16le').toString('utf8'));
  });

  it('finds nothing in a folder without .claude', async () => {
    expect(await readProjectClaudeFiles(folder)).toEqual({ texts: {}, unread: [] });
  });
});
