// The chats' worktrees of this workspace, remembered in its storage so they survive a window reload: where each is,
// its branch and what it started from, and the sessions that work in it. Pure apart from the key-value store it is
// given (VS Code's Memento, by shape).
import type { KeyValueStore } from '../chat/sessionStore';
import type { Logger } from '../acpClient/logger';
import { Emitter } from '../acpClient/events';

export interface WorktreeRecord {
  id: string;
  branch: string;
  /** The worktree's top folder. */
  path: string;
  /** Where its sessions work: the chat's folder's place inside the worktree (the path itself for a repository's root). */
  cwd: string;
  /** The repository the worktree is of (its main working tree), and the workspace folder the chat belongs to. */
  repoRoot: string;
  folder: string;
  /** The worktree's state when it was made (uncommitted changes carried in included): what Review and Apply compare with. */
  base: string;
  /** HEAD when it was made: commits on the branch since are the agent's. */
  baseHead: string;
  /** The ref that keeps `base` from garbage collection. */
  baseRef: string;
  sessions: string[];
  createdAt: string;
}

const KEY = 'acpChat.worktrees';
const MAX_SESSIONS = 200;

export class WorktreeStore {
  private readonly emitter = new Emitter<void>((err) => this.logger.error('[worktrees] listener failed', err));
  /** A worktree was added, removed, or got a session. */
  readonly onDidChange = this.emitter.event;

  constructor(
    private readonly kv: KeyValueStore,
    private readonly logger: Logger,
  ) {}

  all(): WorktreeRecord[] {
    const raw = this.kv.get<unknown>(KEY);
    return Array.isArray(raw) ? raw.filter(isRecord) : [];
  }

  get(id: string): WorktreeRecord | undefined {
    return this.all().find((r) => r.id === id);
  }

  /** The worktree `sessionId` works in. */
  forSession(sessionId: string): WorktreeRecord | undefined {
    return this.all().find((r) => r.sessions.includes(sessionId));
  }

  /** The worktree whose working folder is `cwd`. */
  forFolder(cwd: string): WorktreeRecord | undefined {
    return this.all().find((r) => r.cwd === cwd);
  }

  async add(record: WorktreeRecord): Promise<void> {
    await this.write([...this.all().filter((r) => r.id !== record.id), record]);
  }

  /** `sessionId` works in worktree `id` (a new session there, or a fork of one). */
  async addSession(id: string, sessionId: string): Promise<void> {
    const all = this.all();
    const record = all.find((r) => r.id === id);
    if (!record || record.sessions.includes(sessionId)) return;
    record.sessions = [...record.sessions, sessionId].slice(-MAX_SESSIONS);
    await this.write(all);
  }

  async remove(id: string): Promise<void> {
    await this.write(this.all().filter((r) => r.id !== id));
  }

  dispose(): void {
    this.emitter.dispose();
  }

  private async write(records: WorktreeRecord[]): Promise<void> {
    try {
      await this.kv.update(KEY, records);
    } catch (err) {
      this.logger.warn('[worktrees] could not save the list of worktrees', err);
    }
    this.emitter.fire();
  }
}

function isRecord(value: unknown): value is WorktreeRecord {
  if (!value || typeof value !== 'object') return false;
  const r = value as Record<string, unknown>;
  const strings = ['id', 'branch', 'path', 'cwd', 'repoRoot', 'folder', 'base', 'baseHead', 'baseRef', 'createdAt'];
  return strings.every((k) => typeof r[k] === 'string' && r[k] !== '') && Array.isArray(r.sessions) && r.sessions.every((s) => typeof s === 'string');
}
