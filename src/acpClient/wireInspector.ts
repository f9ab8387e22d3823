// Watches the agent's stdout on its way to the SDK and logs input the SDK would only print to the console (or drop
// silently): lines that are not a JSON-RPC object, and session/update variants this client does not know. The bytes
// pass through unchanged; the check is a cheap scan, not a second parse of every message.
import { Transform } from 'node:stream';
import type { Logger } from './logger';

/**
 * The `sessionUpdate` variants of ACP v1 this client takes (SDK 2.4's unstable schema, see acpClient.ts): the stable
 * ones, the subagent updates, and the unstable plan updates (not advertised; dropped and logged once by the router).
 */
const KNOWN_UPDATES = new Set([
  'user_message_chunk',
  'agent_message_chunk',
  'agent_thought_chunk',
  'tool_call',
  'tool_call_update',
  'plan',
  'available_commands_update',
  'current_mode_update',
  'config_option_update',
  'session_info_update',
  'usage_update',
  'notice',
  'compaction_update',
  'compaction_summary_chunk',
  'subagent_update',
  'session_message',
  'session_message_chunk',
  'plan_update',
  'plan_removed',
]);

const UPDATE_KIND = /"sessionUpdate"\s*:\s*"([^"\\]{1,100})"/;
const SHOWN = 200;

/** What is wrong with one line from the agent, or undefined when it looks like a well-formed message. */
export function inspectAgentLine(line: string): string | undefined {
  const text = line.trim();
  if (text === '') return undefined;
  if (!text.startsWith('{') || !text.endsWith('}')) {
    return `the agent sent a line that is not a JSON-RPC message: ${JSON.stringify(text.slice(0, SHOWN))}`;
  }
  const kind = text.includes('"session/update"') ? UPDATE_KIND.exec(text)?.[1] : undefined;
  if (kind !== undefined && !KNOWN_UPDATES.has(kind)) {
    return `the agent sent an unknown session/update variant "${kind}"; it was ignored`;
  }
  return undefined;
}

/** A pass-through stream that logs what `inspectAgentLine` finds. */
export function createWireInspector(logger: Logger): Transform {
  let partial = '';
  const inspect = (line: string) => {
    const problem = inspectAgentLine(line);
    if (problem) logger.error(`[acpClient] ${problem}`);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      // A very long line still in transit is only checked once complete; cap what is held for the check.
      if (partial.length > 1 << 20) partial = partial.slice(0, 1 << 20);
      for (const line of lines) inspect(line);
      done(null, chunk);
    },
    flush(done) {
      inspect(partial);
      done();
    },
  });
}
