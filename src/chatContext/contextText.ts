// What Add Context attaches as text, bounded (pure): the workspace's problems, a terminal's output kept from a line's
// start, and a text cut to fit a prompt with a line that says so.

/** One problem as VS Code reports it (a `vscode.Diagnostic` with its file, reduced to what is shown). */
export interface Problem {
  /** Relative to the workspace. */
  file: string;
  /** 1-based. */
  line: number;
  column: number;
  severity: 'error' | 'warning' | 'info' | 'hint';
  message: string;
  source?: string;
}

export const MAX_PROBLEMS = 100;
export const MAX_CONTEXT_CHARS = 32 * 1024;

const ORDER: Record<Problem['severity'], number> = { error: 0, warning: 1, info: 2, hint: 3 };

/** The problems as lines, errors first, at most MAX_PROBLEMS (the rest counted); hints left out. */
export function problemsText(problems: readonly Problem[]): { text: string; count: number } {
  const shown = problems
    .filter((p) => p.severity !== 'hint')
    .sort((a, b) => ORDER[a.severity] - ORDER[b.severity] || a.file.localeCompare(b.file) || a.line - b.line);
  const lines = shown
    .slice(0, MAX_PROBLEMS)
    .map((p) => `${p.file}:${p.line}:${p.column} ${p.severity}${p.source ? ` (${p.source})` : ''}: ${p.message.replace(/\s+/gu, ' ').trim()}`);
  if (shown.length > MAX_PROBLEMS) lines.push(`… and ${shown.length - MAX_PROBLEMS} more`);
  return { text: lines.join('\n'), count: shown.length };
}

/**
 * The last `max` characters of `text`, from a line's start when one is among them: a line cut at its front may hold
 * the rest of a secret whose prefix or name was cut off, which the mask (secretMask.ts) could no longer recognize.
 */
export function lineTail(text: string, max: number): string {
  if (text.length <= max) return text;
  const kept = text.slice(-max);
  const start = kept.indexOf('\n');
  return start >= 0 ? kept.slice(start + 1) : kept;
}

/** `text` cut to `max` characters at a line's end where one is near, with a last line saying how much was left out. */
export function bounded(text: string, max = MAX_CONTEXT_CHARS): string {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf('\n', max);
  const end = cut > max / 2 ? cut : max;
  return `${text.slice(0, end)}\n… (${text.length - end} more characters left out)`;
}
