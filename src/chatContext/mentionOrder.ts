// What `@` offers and in what order (pure). The list reads as VS Code's own pickers do: what the typed text names best
// first. `@` alone or a word the categories start with shows them (Problems, Terminal Output, Git Changes) first, then
// the workspace's files and folders, then symbols; `@#name` is symbols only, as `#` is in Quick Open.

export type MentionCategory = 'problems' | 'terminal' | 'changes';

/** The typed `@` text: `#` in front asks for symbols only. */
export interface MentionQuery {
  text: string;
  symbolsOnly: boolean;
}

export function parseMentionQuery(typed: string): MentionQuery {
  return typed.startsWith('#') ? { text: typed.slice(1), symbolsOnly: true } : { text: typed, symbolsOnly: false };
}

/** The words each category answers to (its label's words, and what a user may type for it). */
const CATEGORY_WORDS: Record<MentionCategory, readonly string[]> = {
  problems: ['problems', 'errors', 'warnings', 'diagnostics'],
  terminal: ['terminal', 'output'],
  changes: ['git', 'changes', 'diff'],
};

/** The categories `text` names: all for no text, else those with a word starting with it. */
export function matchingCategories(text: string): MentionCategory[] {
  const q = text.toLowerCase();
  return (Object.keys(CATEGORY_WORDS) as MentionCategory[]).filter((c) => CATEGORY_WORDS[c].some((w) => w.startsWith(q)));
}

/** How well `name` (and then its place, `path`) matches `q`; lower is better, undefined: no match. */
export function matchScore(q: string, name: string, path = name): number | undefined {
  if (!q) return 3;
  const query = q.toLowerCase();
  const n = name.toLowerCase();
  if (n === query) return 0;
  if (n.startsWith(query)) return 1;
  if (n.includes(query)) return 2;
  if (path.toLowerCase().includes(query)) return 3;
  return undefined;
}

export interface RankedCandidate {
  /** What is matched first: a file's or folder's own name, a symbol's name. */
  name: string;
  /** The whole path (relative to the workspace), matched after the name. */
  path: string;
}

/** Those of `candidates` that match `q`, best first (then the shorter path, then by path), at most `limit`. */
export function rankByName<T extends RankedCandidate>(q: string, candidates: readonly T[], limit: number): T[] {
  return candidates
    .map((c) => ({ c, score: matchScore(q, c.name, c.path) }))
    .filter((x): x is { c: T; score: number } => x.score !== undefined)
    .sort((a, b) => a.score - b.score || a.c.path.length - b.c.path.length || a.c.path.localeCompare(b.c.path))
    .slice(0, limit)
    .map((x) => x.c);
}

/** The folders a workspace-relative file (`/`-separated) lies in, outermost first: `a/b/c.ts` → `a`, `a/b`. */
export function ancestorFolders(file: string): string[] {
  const parts = file.split('/').slice(0, -1);
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}

/** The last part of a `/`-separated path. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
