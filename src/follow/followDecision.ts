// What "Follow the agent" does with a location the agent points at: show it, ask first, or leave it. The agent picks
// the path and the user did not click, so the decision is taken on the path's text before anything touches the
// filesystem: touching a path already acts (see PathKind). Network and device paths are refused; a path outside the
// workspace is asked about before any realpath or stat, at most once per turn, so an agent cannot raise a dialog per
// path; only a path inside the workspace gets the real-location check (symlinks followed), which then decides again.
import * as nodePath from 'node:path';
import type { TranscriptChange, TurnState } from '../acpClient/transcript';
import { checkLocation, pathKind, type LocationCheck, type PathFlavour } from '../workbench/locationLinks';
import { checkRealLocation, type Realpath } from '../workbench/realLocation';

type OkCheck = Extract<LocationCheck, { ok: true }>;

export type FollowDecision =
  | { kind: 'show'; check: OkCheck }
  | { kind: 'ask'; check: OkCheck }
  /** Left unshown for now (declined before, or this turn's question was asked). */
  | { kind: 'skip'; reason: string }
  /** Never shown, never asked. */
  | { kind: 'refuse'; reason: string };

/** What the user was asked already: answers per outside path, and whether this turn's one question is used. */
export interface AskedSoFar {
  answers: ReadonlyMap<string, boolean>;
  askedThisTurn: boolean;
}

/** The decision for the agent's `path`, given its check (lexical, or real for a path inside by its text). */
export function decideFollow(path: unknown, check: LocationCheck, asked: AskedSoFar, flavour: PathFlavour = nodePath): FollowDecision {
  if (!check.ok) return { kind: 'refuse', reason: check.reason };
  const kinds = [pathKind(check.path, flavour), typeof path === 'string' ? pathKind(path, flavour) : 'local'];
  if (kinds.includes('device')) return { kind: 'refuse', reason: `${check.path} is a device path.` }; // l10n-ignore: written only to the log
  // A workspace on a network share is the user's own: its files reach no host VS Code has not reached already.
  if (check.insideWorkspace) return { kind: 'show', check };
  if (kinds.includes('network')) return { kind: 'refuse', reason: `${check.path} is a network path outside the workspace.` }; // l10n-ignore: written only to the log
  const answer = asked.answers.get(check.path);
  if (answer !== undefined) return answer ? { kind: 'show', check } : { kind: 'skip', reason: `${check.path}: declined before.` }; // l10n-ignore: written only to the log
  if (asked.askedThisTurn) return { kind: 'skip', reason: `${check.path}: outside the workspace, and this turn already asked once.` }; // l10n-ignore: written only to the log
  return { kind: 'ask', check };
}

/** The filesystem and the question, injected so tests can count calls and their order. */
export interface FollowIo {
  realpath: Realpath;
  /** Whether the path is an existing file (not a folder, not a file about to be created); may reject. */
  isFile(path: string): Promise<boolean>;
  /** The question before a location outside the workspace is shown; true when the user said yes. */
  confirm(check: OkCheck): Promise<boolean>;
}

export type FollowOutcome = Exclude<FollowDecision, { kind: 'ask' }>;

/** Runs decideFollow's steps for one follower, remembering the answers and which turn asked. */
export class FollowGate {
  private readonly answers = new Map<string, boolean>();
  private askedInTurn: number | undefined;

  constructor(
    private readonly io: FollowIo,
    private readonly workspaceFolders: () => readonly string[],
    /** For the checks on the path's text (tests take Windows paths on Linux); realpath results are the platform's. */
    private readonly flavour: PathFlavour = nodePath,
  ) {}

  /** The location to show for the agent's path during `turn`, or why none is shown. */
  async resolve(path: unknown, line: unknown, turn: number): Promise<FollowOutcome> {
    const folders = this.workspaceFolders();
    let decision = this.decide(path, checkLocation(path, line, folders, this.flavour), turn);
    // Inside by its text: realpath stays within the workspace unless a symlink leads out, and then the real location decides.
    if (decision.kind === 'show' && decision.check.insideWorkspace) {
      decision = this.decide(path, await checkRealLocation(path, line, folders, this.io.realpath), turn);
    }
    if (decision.kind === 'ask') {
      const { check } = decision;
      this.askedInTurn = turn;
      const yes = await this.io.confirm(check);
      this.answers.set(check.path, yes);
      decision = yes ? { kind: 'show', check } : { kind: 'skip', reason: `${check.path}: declined.` }; // l10n-ignore: written only to the log
    }
    if (decision.kind !== 'show') return decision;
    try {
      if (!(await this.io.isFile(decision.check.path))) return { kind: 'skip', reason: `${decision.check.path} is not a file (yet).` }; // l10n-ignore: written only to the log
    } catch (err) {
      return { kind: 'skip', reason: `${decision.check.path} cannot be read: ${String(err)}` }; // l10n-ignore: written only to the log
    }
    return decision;
  }

  private decide(path: unknown, check: LocationCheck, turn: number): FollowDecision {
    return decideFollow(path, check, { answers: this.answers, askedThisTurn: this.askedInTurn === turn }, this.flavour);
  }
}

/**
 * Numbers the turns as a session's changes arrive. A turn ends when the client records its end (a turn-end entry) or
 * the session is idle; the agent can cause neither, whereas its `user_message_chunk` adds user entries, so those do not count.
 */
export class TurnCounter {
  private current = 0;

  /** The turn this batch of changes belongs to (a batch that ends a turn still belongs to it). */
  observe(changes: readonly TranscriptChange[], state: TurnState): number {
    const turn = this.current;
    if (state === 'idle' || changes.some((c) => c.type === 'entry-added' && c.entry.kind === 'turn-end')) this.current += 1;
    return turn;
  }

  /** Another session is followed: its changes start a turn of their own. */
  restart(): void {
    this.current += 1;
  }
}
