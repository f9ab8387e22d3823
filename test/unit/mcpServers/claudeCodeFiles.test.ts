// Claude Code's files that name MCP servers, read from a real (temporary) home folder and workspace: where each is
// looked for, the folder's key in Claude Code's state file, and a file that cannot be read said, never thrown.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { folderKeyOf, projectFileDirs, readClaudeCodeFiles, shownPath, type ClaudeCodeLocations } from '../../../src/mcpServers/claudeCodeFiles';
import type { FileRead } from '../../../src/mcpServers/claudeCodeServers';

let root: string;
let home: string;
let folder: string;

beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'acp-claude-mcp-')));
  home = join(root, 'home');
  folder = join(root, 'work', 'proj');
  mkdirSync(join(home, '.claude'), { recursive: true });
  mkdirSync(folder, { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const loc = (over: Partial<ClaudeCodeLocations> = {}): ClaudeCodeLocations => ({ folder, home, platform: 'linux', ...over });
/** The .mcp.json files read within this test's folder (the machine's folders above it are read too, as Claude Code does). */
const ours = (reads: FileRead[]) => reads.filter((r) => r.path.startsWith(root)).map((r) => [r.shown, 'text' in r ? r.text : r.problem]);

describe('readClaudeCodeFiles', () => {
  it('reads ~/.claude.json, the .mcp.json of the folder and of each folder above it, and the disabledMcpjsonServers', async () => {
    writeFileSync(join(home, '.claude.json'), '{"mcpServers":{}}');
    writeFileSync(join(folder, '.mcp.json'), 'near');
    writeFileSync(join(root, 'work', '.mcp.json'), 'above');
    writeFileSync(join(home, '.claude', 'settings.json'), '{"disabledMcpjsonServers":["u"]}');
    mkdirSync(join(folder, '.claude'));
    writeFileSync(join(folder, '.claude', 'settings.local.json'), '{"disabledMcpjsonServers":["l"]}');
    const read = await readClaudeCodeFiles(loc());
    expect(read.state).toEqual({ path: join(home, '.claude.json'), shown: '~/.claude.json', text: '{"mcpServers":{}}' });
    expect(ours(read.projectFiles)).toEqual([
      [join(root, 'work', '.mcp.json'), 'above'],
      ['.mcp.json', 'near'],
    ]);
    expect(read.disabled).toEqual([
      { name: 'u', shown: '~/.claude/settings.json' },
      { name: 'l', shown: '.claude/settings.local.json' },
    ]);
    expect(read.projectKey).toBe(folder);
  });

  it('with CLAUDE_CONFIG_DIR, reads the state file and the user settings there', async () => {
    const config = join(root, 'config');
    mkdirSync(config);
    writeFileSync(join(home, '.claude.json'), 'not this one');
    writeFileSync(join(config, '.claude.json'), 'this one');
    writeFileSync(join(config, 'settings.json'), '{"disabledMcpjsonServers":["c"]}');
    const read = await readClaudeCodeFiles(loc({ configDir: config }));
    expect(read.state && 'text' in read.state ? read.state.text : undefined).toBe('this one');
    expect(read.disabled.map((d) => d.name)).toEqual(['c']);
  });

  it('finds nothing where there are no files, and throws for none', async () => {
    const read = await readClaudeCodeFiles(loc());
    expect(read.state).toBeUndefined();
    expect(ours(read.projectFiles)).toEqual([]);
    expect(read.disabled).toEqual([]);
  });

  it("keys the folder by its git root, as Claude Code's state file does (forward slashes on Windows)", async () => {
    mkdirSync(join(root, 'work', '.git'));
    expect((await readClaudeCodeFiles(loc())).projectKey).toBe(join(root, 'work'));
    expect(folderKeyOf('C:\\Users\\ana\\proj', 'win32')).toBe('C:/Users/ana/proj');
    expect(folderKeyOf('/home/ana/proj', 'linux')).toBe('/home/ana/proj');
  });

  it('says why a file was not read: not a file, too large', async () => {
    mkdirSync(join(folder, '.mcp.json'));
    writeFileSync(join(home, '.claude', 'settings.json'), ' '.repeat(1024 * 1024 + 1));
    const read = await readClaudeCodeFiles(loc());
    expect(ours(read.projectFiles)).toEqual([['.mcp.json', 'it is not a file']]);
    expect(read.disabled).toEqual([]);
    writeFileSync(join(root, 'work', '.mcp.json'), ' '.repeat(1024 * 1024 + 1));
    expect(ours((await readClaudeCodeFiles(loc())).projectFiles)[0]).toEqual([join(root, 'work', '.mcp.json'), 'it is larger than 1 MB']);
  });

  it('reads through a symbolic link, naming its target when that is outside the home folder and the workspace', async () => {
    const outside = join(root, 'elsewhere', 'servers.json');
    mkdirSync(join(root, 'elsewhere'));
    writeFileSync(outside, 'linked');
    symlinkSync(outside, join(folder, '.mcp.json'));
    writeFileSync(join(home, 'claude-state.json'), 'in home');
    symlinkSync(join(home, 'claude-state.json'), join(home, '.claude.json'));
    symlinkSync(join(root, 'nothing'), join(root, 'work', '.mcp.json'));
    const read = await readClaudeCodeFiles(loc());
    expect(ours(read.projectFiles)).toEqual([[`.mcp.json (a link to ${outside})`, 'linked']]);
    expect(read.state).toMatchObject({ shown: '~/.claude.json', text: 'in home' });
  });
});

describe('the paths', () => {
  it('shows a path relative in the folder, with ~ in the home folder, else whole', () => {
    const at = { folder: `${sep}h${sep}ana${sep}proj`, home: `${sep}h${sep}ana` };
    expect(shownPath(`${at.folder}${sep}.mcp.json`, at)).toBe('.mcp.json');
    expect(shownPath(`${at.home}${sep}.claude${sep}settings.json`, at)).toBe('~/.claude/settings.json');
    expect(shownPath(`${sep}h${sep}anabel${sep}.mcp.json`, at)).toBe(`${sep}h${sep}anabel${sep}.mcp.json`);
  });

  it("walks from the root's child down to the folder, leaving the root out", () => {
    expect(projectFileDirs(`${sep}a${sep}b${sep}c`)).toEqual([`${sep}a`, `${sep}a${sep}b`, `${sep}a${sep}b${sep}c`]);
    expect(projectFileDirs(sep)).toEqual([]);
  });
});
