// The files a folder's "project" setting source brings into Claude Code, read for the consent question. The adapter
// starts Claude Code with `settingSources: ["user", "project", "local"]` (claude-agent-acp dist/acp-agent.js,
// `createSession`). With "project" on, the bundled CLI (@anthropic-ai/claude-agent-sdk-linux-x64/claude) reads
// `.claude/settings.json` and `.claude/settings.local.json`, every `.md` under `.claude/commands/` and
// `.claude/agents/` at any depth, and `.claude/skills/<name>/SKILL.md`, following links. This reader follows a link
// only while it stays inside the folder, and reads a bounded number of bounded files; whatever it leaves unread is
// named, so the question is still asked.
import { constants } from 'node:fs';
import { lstat, open, readdir, readlink, realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import type { Logger } from '../acpClient/logger';
import { PROJECT_SETTINGS_FILES, type UnreadFile } from './claudeCode/projectSettings';

export const MAX_MARKDOWN_FILES = 200;
export const MAX_FILE_BYTES = 256 * 1024;
/** Deeper command folders than this are named, not walked: a bound on a repository that nests without end. */
const MAX_DEPTH = 8;
/** Directory entries looked at in all, whatever they hold. */
const MAX_ENTRIES = 5000;
const MARKDOWN_DIRS = ['.claude/commands', '.claude/skills', '.claude/agents'] as const;

export interface ProjectClaudeFiles {
  /** Folder-relative path (with `/`) → text. */
  texts: Record<string, string>;
  unread: UnreadFile[];
}

/** A path as the reader may use it: a file or folder inside the folder, a link out of it, or nothing to read. */
type Found = { type: 'file' | 'dir'; path: string } | { type: 'outside'; target: string } | undefined;

/** The folder's Claude files, within the bounds above. A folder that cannot be read yields nothing. */
export async function readProjectClaudeFiles(cwd: string, logger?: Logger): Promise<ProjectClaudeFiles> {
  const result: ProjectClaudeFiles = { texts: {}, unread: [] };
  let root: string;
  try {
    root = await realpath(cwd);
  } catch {
    return result; // No folder, nothing Claude Code could load from it either.
  }
  const reader = new Reader(cwd, root, result, logger);
  const claude = await reader.find('.claude');
  if (claude?.type === 'outside') reader.unreadLink('.claude', claude.target);
  if (claude?.type !== 'dir') return result;
  for (const file of PROJECT_SETTINGS_FILES) await reader.readFile(file);
  for (const dir of MARKDOWN_DIRS) await reader.readMarkdownDir(dir);
  return result;
}

/**
 * A file's text as Claude Code decodes it. Settings files: UTF-16LE when they start with its byte-order mark (FF FE),
 * else UTF-8 (the CLI's bounded settings read: `if(n[0]===255&&n[1]===254)return"utf16le"`); commands, skills and
 * agents: UTF-8 (`readFile(n,{encoding:"utf8"})`). A UTF-8 mark is kept here, for the parsers to drop as the CLI does.
 */
function decode(rel: string, bytes: Buffer): string {
  const utf16 = (PROJECT_SETTINGS_FILES as readonly string[]).includes(rel) && bytes[0] === 0xff && bytes[1] === 0xfe;
  return bytes.toString(utf16 ? 'utf16le' : 'utf8');
}

class Reader {
  private files = 0;
  private entries = 0;
  private readonly visited = new Set<string>();
  /** One buffer for every read: the reads run one after another. */
  private readonly buffer = Buffer.alloc(MAX_FILE_BYTES + 1);

  constructor(
    private readonly cwd: string,
    /** The folder's real path: a link whose real path is not under it leaves the folder. */
    private readonly root: string,
    private readonly result: ProjectClaudeFiles,
    private readonly logger: Logger | undefined,
  ) {}

  unreadLink(rel: string, target: string): void {
    this.unread(rel, `a link to ${target}, outside the folder: not read`);
  }

  /** lstat first: a link is followed only when its real path is inside the folder. */
  async find(rel: string): Promise<Found> {
    const path = join(this.cwd, ...rel.split('/'));
    try {
      const link = await lstat(path);
      if (!link.isSymbolicLink()) return link.isFile() ? { type: 'file', path } : link.isDirectory() ? { type: 'dir', path } : undefined;
      const real = await realpath(path);
      if (real !== this.root && !real.startsWith(this.root + sep)) return { type: 'outside', target: await readlink(path) };
      const target = await stat(real);
      return target.isFile() ? { type: 'file', path: real } : target.isDirectory() ? { type: 'dir', path: real } : undefined;
    } catch (err) {
      // Absent, a broken link or unreadable: Claude Code loads nothing from it either.
      this.skipped(rel, err);
      return undefined;
    }
  }

  /** True when `rel` is a file or a link out of the folder: either counts against the file bound. */
  async readFile(rel: string): Promise<boolean> {
    const found = await this.find(rel);
    if (found?.type === 'outside') this.unreadLink(rel, found.target);
    if (found?.type !== 'file') return found?.type === 'outside';
    try {
      // O_NOFOLLOW: the path was checked with lstat; a link swapped in since then is not followed.
      const handle = await open(found.path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
      try {
        const { buffer } = this;
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
        if (bytesRead > MAX_FILE_BYTES) this.unread(rel, `larger than ${MAX_FILE_BYTES / 1024} KB (${(await handle.stat()).size} bytes): not read`);
        else this.result.texts[rel] = decode(rel, buffer.subarray(0, bytesRead));
      } finally {
        await handle.close();
      }
    } catch (err) {
      // Unreadable to us now (permissions, removed since): Claude Code, running as the same user, cannot read it either.
      this.skipped(rel, err);
    }
    return true;
  }

  /** Commands and agents: every `.md` below, at any depth. Skills: `<name>/SKILL.md` one level down. */
  async readMarkdownDir(dir: string): Promise<void> {
    const found = await this.find(dir);
    if (found?.type === 'outside') return this.unreadLink(dir, found.target);
    if (found?.type !== 'dir') return;
    const complete = this.withinBounds() && (await this.walk(dir, found.path, dir === '.claude/skills' ? 'skills' : 'markdown', 0));
    if (!complete) this.unread(dir, `more than ${MAX_MARKDOWN_FILES} files or ${MAX_ENTRIES} folder entries: the rest were not read`);
  }

  private unread(file: string, reason: string): void {
    this.result.unread.push({ file, reason });
  }

  private skipped(rel: string, err: unknown): void {
    const code = (err as NodeJS.ErrnoException | undefined)?.code;
    if (code !== 'ENOENT') this.logger?.debug?.(`[settings] ${rel} skipped: ${code ?? String(err)}`);
  }

  private withinBounds(): boolean {
    return this.files < MAX_MARKDOWN_FILES && this.entries < MAX_ENTRIES;
  }

  /** False when a bound stopped the walk. */
  private async walk(dir: string, path: string, mode: 'skills' | 'markdown', depth: number): Promise<boolean> {
    const real = await realpath(path).catch(() => path);
    if (this.visited.has(real)) return true; // A link back to a folder already read.
    this.visited.add(real);
    let names: string[];
    try {
      names = (await readdir(path)).sort();
    } catch (err) {
      this.skipped(dir, err); // Unreadable: Claude Code cannot list it either.
      return true;
    }
    for (const name of names) {
      if (!this.withinBounds()) return false;
      this.entries++;
      const rel = `${dir}/${name}`;
      const entry = await this.find(rel);
      if (entry?.type === 'outside') this.unreadLink(rel, entry.target);
      else if (entry?.type === 'dir' && mode === 'skills') {
        if (await this.readFile(`${rel}/SKILL.md`)) this.files++;
      } else if (entry?.type === 'file' && mode === 'markdown' && name.endsWith('.md')) {
        if (await this.readFile(rel)) this.files++;
      } else if (entry?.type === 'dir' && mode === 'markdown') {
        if (depth + 1 >= MAX_DEPTH) this.unread(rel, `nested more than ${MAX_DEPTH} folders deep: not read`);
        else if (!(await this.walk(rel, entry.path, mode, depth + 1))) return false;
      }
    }
    return true;
  }
}
