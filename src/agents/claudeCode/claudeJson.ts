// A Claude Code JSON file's text read as Claude Code reads it: blank is `{}`; otherwise one leading byte-order mark is
// dropped and the rest is strict JSON (no comments, no trailing commas), used only when it is an object. Found in the
// bundled CLI (Claude Code 2.1.318, @anthropic-ai/claude-agent-sdk-linux-x64/claude, its embedded JS): the reader starts
// `if(e.trim()==="")return{settings:{},errors:[],loadState:"loaded"};let s=nt(e,!1)`, where `nt` is
// `JSON.parse(ls(e))` ("safeParseJSON: invalid JSON") and `function ls(e){return e.startsWith("\uFEFF")?e.slice(1):e}`
// (String.prototype.trim drops a byte-order mark too). Its JSONC reader reads only VS Code's own settings.json. Pure.
import { isRecord } from '../../acpClient/guards';

export type ClaudeJson =
  { ok: true; value: Record<string, unknown> } | { ok: false; problem: 'invalid'; cause: unknown } | { ok: false; problem: 'not-object' };

/** The text without the one leading byte-order mark Claude Code drops. */
export function withoutBom(text: string): string {
  return text.startsWith('\ufeff') ? text.slice(1) : text;
}

export function readClaudeJson(text: string): ClaudeJson {
  if (text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(withoutBom(text));
  } catch (cause) {
    return { ok: false, problem: 'invalid', cause };
  }
  return isRecord(value) ? { ok: true, value } : { ok: false, problem: 'not-object' };
}
