// A review as the model reads it: one prompt holding every comment with its file, its lines' numbers and their text,
// grouped by file in the order of the lines, the way a pull request's review reads. The text is for the model, in the
// one language the agent's prompts are written in; what the user reads of it is the chat's own wording.
import type { ReviewThread } from './reviewThreads';

/** What the prompt needs of a thread: its place, its lines, and the user's words on it. */
export type PromptThread = Pick<ReviewThread, 'path' | 'start' | 'end' | 'lines' | 'comments'>;

/** A fence longer than any run of backticks in `text`, so quoted code cannot close it. */
function fence(text: string): string {
  const longest = Math.max(2, ...Array.from(text.matchAll(/`+/gu), (m) => m[0].length));
  return '`'.repeat(longest + 1);
}

function lineLabel(t: Pick<ReviewThread, 'start' | 'end'>): string {
  return t.start === t.end ? `Line ${t.start + 1}` : `Lines ${t.start + 1}-${t.end + 1}`;
}

function quoted(lines: readonly string[]): string {
  const text = lines.join('\n');
  const f = fence(text);
  return `${f}\n${text}\n${f}`;
}

function words(t: PromptThread): string {
  const own = t.comments.filter((c) => c.author === 'user').map((c) => c.body.trim());
  return own.length === 1 ? own[0]! : own.map((b) => `- ${b}`).join('\n');
}

/** The review of a chat's changes, by file: `label` names a file as the user knows it (relative to the workspace). */
export function reviewPrompt(threads: readonly PromptThread[], label: (path: string) => string): string {
  const files = new Map<string, PromptThread[]>();
  // The files in the order their first comment came, each one's comments in the order of its lines.
  for (const t of threads) files.set(t.path, [...(files.get(t.path) ?? []), t]);
  for (const [path, ts] of files)
    files.set(
      path,
      [...ts].sort((a, b) => a.start - b.start),
    );
  const n = threads.length;
  const head = `I reviewed your changes and left ${n} comment${n === 1 ? '' : 's'} on ${files.size} file${files.size === 1 ? '' : 's'}. Please address each one.`;
  const sections = [...files].map(([path, ts]) => [`## ${label(path)}`, ...ts.map((t) => `${lineLabel(t)}:\n${quoted(t.lines)}\n${words(t)}`)].join('\n\n'));
  return [head, ...sections].join('\n\n');
}

/** Feedback on a plan the agent asked to start on: keep planning, with every comment on the plan's lines. */
export function planFeedbackPrompt(threads: readonly PromptThread[]): string {
  const n = threads.length;
  const head = `Keep planning: I left ${n} comment${n === 1 ? '' : 's'} on your plan. Revise the plan to address ${n === 1 ? 'it' : 'each one'}, then present it again.`;
  const body = [...threads].sort((a, b) => a.start - b.start).map((t) => `${lineLabel(t)} of the plan:\n${quoted(t.lines)}\n${words(t)}`);
  return [head, ...body].join('\n\n');
}
