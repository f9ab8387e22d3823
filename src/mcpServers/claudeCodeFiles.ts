// Claude Code's own files that name MCP servers, read for Show MCP Servers (claudeCodeServers.ts says what they mean):
// its state file, each .mcp.json from the folder up to the filesystem's root (not included, as Claude Code walks), and
// the settings files whose disabledMcpjsonServers leave a .mcp.json server out. A file that is not there is no
// servers; one that cannot be read is a sentence, never a thrown error. A file is read through a symbolic link as
// Claude Code reads it, the link's target shown beside it when that is outside the home folder and the workspace's.
// No `vscode`.
import { lstat, readFile, realpath, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, parse, relative, sep } from 'node:path';
import { disabledProjectServers, type ClaudeCodeFiles, type FileRead } from './claudeCodeServers';
import { describeLinkedFile, describeNotAFile, describeTooLarge } from './mcpServersWording';

/** Where Claude Code keeps its files for the folder it starts in. */
export interface ClaudeCodeLocations {
  folder: string;
  home: string;
  /** CLAUDE_CONFIG_DIR as the agent gets it, when set: its state file and user settings are there. */
  configDir?: string;
  /** Claude Code writes the folder's key in its state file with forward slashes on Windows. */
  platform: NodeJS.Platform;
}

/** A configuration, not data. */
const MAX_FILE_BYTES = 1024 * 1024;
/** Claude Code's state file holds every folder's history too. */
const MAX_STATE_BYTES = 32 * 1024 * 1024;

export async function readClaudeCodeFiles(loc: ClaudeCodeLocations): Promise<ClaudeCodeFiles> {
  const roots = await Promise.all([loc.home, loc.folder].flatMap((dir) => [dir, realpath(dir).catch(() => dir)]));
  const read = (path: string, limit = MAX_FILE_BYTES) => readText(path, limit, loc, roots);
  const userDir = loc.configDir || join(loc.home, '.claude');
  const [state, projectFiles, projectKey, settings] = await Promise.all([
    read(loc.configDir ? join(loc.configDir, '.claude.json') : join(loc.home, '.claude.json'), MAX_STATE_BYTES),
    Promise.all(projectFileDirs(loc.folder).map((dir) => read(join(dir, '.mcp.json')))),
    folderKey(loc.folder, loc.platform),
    Promise.all(
      // The folder's two apply only with the folder's settings, without which no .mcp.json server is loaded anyway.
      [join(userDir, 'settings.json'), join(loc.folder, '.claude', 'settings.json'), join(loc.folder, '.claude', 'settings.local.json')].map((path) =>
        read(path),
      ),
    ),
  ]);
  return {
    ...(state ? { state } : {}),
    projectKey,
    projectFiles: projectFiles.filter((f): f is FileRead => f !== undefined),
    disabled: settings.flatMap((s) => (s && 'text' in s ? disabledProjectServers(s.text).map((name) => ({ name, shown: s.shown })) : [])),
  };
}

/** The folders whose .mcp.json Claude Code reads: from the root's child down to `folder` (the root's own is not read). */
export function projectFileDirs(folder: string): string[] {
  const dirs: string[] = [];
  for (let dir = folder; dir !== parse(dir).root && dir !== dirname(dir); dir = dirname(dir)) dirs.unshift(dir);
  return dirs;
}

/** The key of the folder in Claude Code's state file: its git root (the nearest folder with `.git`), else itself. */
async function folderKey(folder: string, platform: NodeJS.Platform): Promise<string> {
  let root = folder;
  for (let dir = folder; ; dir = dirname(dir)) {
    if (await exists(join(dir, '.git'))) {
      root = dir;
      break;
    }
    if (dirname(dir) === dir) break;
  }
  return folderKeyOf(root, platform);
}

/** The folder's git root (or itself) as Claude Code writes it in "projects": with forward slashes on Windows. */
export function folderKeyOf(root: string, platform: NodeJS.Platform): string {
  return platform === 'win32' ? root.replaceAll('\\', '/') : root;
}

function exists(path: string): Promise<boolean> {
  return lstat(path).then(
    () => true,
    () => false,
  );
}

/** The file's text, or why it was not read; undefined when it is not there. */
async function readText(path: string, limit: number, loc: ClaudeCodeLocations, roots: readonly string[]): Promise<FileRead | undefined> {
  let shown = shownPath(path, loc);
  try {
    if ((await lstat(path)).isSymbolicLink()) {
      const target = await realpath(path);
      if (!roots.some((root) => within(target, root))) shown = describeLinkedFile(shown, target);
    }
    const info = await stat(path);
    if (!info.isFile()) return { path, shown, problem: describeNotAFile() };
    if (info.size > limit) return { path, shown, problem: describeTooLarge(limit / (1024 * 1024)) };
    return { path, shown, text: await readFile(path, 'utf8') };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    // Not there, or a link to nothing: Claude Code reads no servers from it either.
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    return { path, shown, problem: err instanceof Error ? err.message : String(err) };
  }
}

/** `path` as the list shows it: relative in the folder, `~/…` in the home folder, else whole. */
export function shownPath(path: string, loc: Pick<ClaudeCodeLocations, 'folder' | 'home'>): string {
  if (within(path, loc.folder)) return relative(loc.folder, path).split(sep).join('/');
  if (within(path, loc.home)) return `~/${relative(loc.home, path).split(sep).join('/')}`;
  return path;
}

function within(path: string, dir: string): boolean {
  const rel = relative(dir, path);
  return rel === '' || (!isAbsolute(rel) && rel.split(sep)[0] !== '..');
}
