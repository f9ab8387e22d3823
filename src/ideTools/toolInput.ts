// What the editor tools read from a call's input and how they bound what they answer. Pure: the model's input is
// checked here, each problem worded for the model (it reads the message and tries again), and every answer is cut to
// a size a model's context takes without crowding out the conversation.
import { ToolFailure } from './toolServer';

/** The most items one answer lists (diagnostics, references, symbols). */
export const MAX_ITEMS = 100;
/** The most characters one answer holds. */
export const MAX_CHARS = 20_000;

/** A place in a file as the model names it: 1-based line and column, or a symbol on that line. */
export interface PositionInput {
  path: string;
  line: number;
  /** 1-based; when absent, the symbol's column on the line, else the line's first non-blank character. */
  column?: number;
  symbol?: string;
}

export function optionalString(input: Record<string, unknown>, key: string): string | undefined {
  const value = input[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.trim() === '') throw new ToolFailure(`"${key}" must be a non-empty string.`);
  return value;
}

export function requiredString(input: Record<string, unknown>, key: string): string {
  const value = optionalString(input, key);
  if (value === undefined) throw new ToolFailure(`"${key}" is required.`);
  return value;
}

function positiveInteger(input: Record<string, unknown>, key: string): number | undefined {
  const value = input[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
    throw new ToolFailure(`"${key}" must be a whole number from 1 (lines and columns count from 1).`);
  return value;
}

export function optionalLine(input: Record<string, unknown>): number | undefined {
  return positiveInteger(input, 'line');
}

/** `path` and `line`, with `column` or `symbol` to say where on the line. */
export function positionInput(input: Record<string, unknown>): PositionInput {
  const path = requiredString(input, 'path');
  const line = positiveInteger(input, 'line');
  if (line === undefined) throw new ToolFailure('"line" is required (1-based).');
  return { path, line, column: positiveInteger(input, 'column'), symbol: optionalString(input, 'symbol') };
}

/** The 0-based character where `position` points on `lineText`, or a ToolFailure saying why there is none. */
export function characterOn(lineText: string, position: PositionInput): number {
  if (position.column !== undefined) {
    if (position.column > lineText.length + 1)
      throw new ToolFailure(`Line ${position.line} has ${lineText.length} characters; column ${position.column} is past its end.`);
    return position.column - 1;
  }
  if (position.symbol !== undefined) {
    const at = wholeWord(lineText, position.symbol);
    if (at < 0) throw new ToolFailure(`"${position.symbol}" is not on line ${position.line}: ${lineText.trim().slice(0, 200)}`);
    return at;
  }
  return lineText.length - lineText.trimStart().length;
}

/** Where `word` first stands on its own in `text` (not inside a longer identifier), or -1. */
function wholeWord(text: string, word: string): number {
  const part = /[\p{L}\p{N}_$]/u;
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    const before = at === 0 ? '' : text[at - 1]!;
    const after = text[at + word.length] ?? '';
    if (!part.test(before) && !part.test(after)) return at;
  }
  return -1;
}

/** `lines` as one answer: at most MAX_ITEMS of them and MAX_CHARS in all, saying how many were left out. */
export function listAnswer(lines: readonly string[], noun: string): string {
  const shown: string[] = [];
  let size = 0;
  for (const line of lines.slice(0, MAX_ITEMS)) {
    if (size + line.length + 1 > MAX_CHARS) break;
    shown.push(line);
    size += line.length + 1;
  }
  const left = lines.length - shown.length;
  return left > 0 ? `${shown.join('\n')}\n… and ${left} more ${noun} not shown.` : shown.join('\n');
}

/** `text` cut to MAX_CHARS, saying so. */
export function clipped(text: string): string {
  return text.length <= MAX_CHARS ? text : `${text.slice(0, MAX_CHARS)}\n… (cut: ${text.length - MAX_CHARS} more characters).`;
}

/** `work`, or a ToolFailure when it takes longer than `ms` (a language server that hangs must not hold the turn). */
export async function withinTime<T>(work: Thenable<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      Promise.resolve(work),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ToolFailure(`${what} took longer than ${ms / 1000} s; the language service may still be starting.`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
