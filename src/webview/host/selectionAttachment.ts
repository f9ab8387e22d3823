// "Add Selection to Chat": an editor selection as a composer attachment. Pure (positions in, attachment out), so the
// line rule is tested without VS Code.
import type { Attachment } from '../protocol/protocol';

/** A 0-based editor position (a `vscode.Position` fits). */
export interface Position {
  line: number;
  character: number;
}

/** The 1-based, inclusive line range a selection covers. */
export function selectedLines(start: Position, end: Position): { startLine: number; endLine: number } {
  // Whole lines selected end at column 0 of the next line, which holds no selected character: not part of the range.
  const endsAtLineStart = end.character === 0 && end.line > start.line;
  return { startLine: start.line + 1, endLine: endsAtLineStart ? end.line : end.line + 1 };
}

/** The attachment for a selection; undefined for an empty one (nothing to attach). */
export function selectionAttachment(args: { path: string; name: string; start: Position; end: Position; text: string }): Attachment | undefined {
  const { path, name, start, end, text } = args;
  if (start.line === end.line && start.character === end.character) return undefined;
  return { type: 'selection', path, name, ...selectedLines(start, end), text };
}
