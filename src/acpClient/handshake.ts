// The `initialize` handshake: honest client capabilities, and a start that fails clearly instead of hanging when
// the agent dies first or answers with a protocol we do not speak.
import * as acp from '@agentclientprotocol/sdk/unstable';
import type { InitializeResponse } from '@agentclientprotocol/sdk';
import type { ClientCapabilities, InitializeRequest } from '@agentclientprotocol/sdk/unstable';
import type { AgentExit } from './agentProcess';
import { AgentStartError } from './errors';
import { describeExit, EXIT_EXPLANATION_WAIT_MS } from './exitDescription';

/**
 * Advertise only what this client serves: `fs` and `terminal` exactly when their services are given. `auth.terminal`:
 * the client can run the agent's terminal login methods (the Claude adapter lists its logins only then).
 */
export function buildClientCapabilities(opts: {
  elicitationForm: boolean;
  terminalOutput: boolean;
  terminalAuth?: boolean;
  files?: boolean;
  terminals?: boolean;
}): ClientCapabilities {
  // `subagents: {}`: Claude's adapter then shows each subagent as a child session of the one that launched it (the
  // RFD form: acp-subagents.js `clientSupportsSubagents`, native-subagents.js `announceNativeSubagent`), routed into
  // the root session as lanes (subagentLanes.ts).
  const caps: ClientCapabilities = { session: { configOptions: { boolean: {} }, notices: {}, compaction: {} }, subagents: {} };
  if (opts.terminalAuth) caps.auth = { terminal: true };
  // An agent that sees `fs` reads and writes through the client; `terminal`, runs commands through it.
  if (opts.files) caps.fs = { readTextFile: true, writeTextFile: true };
  if (opts.terminals) caps.terminal = true;
  if (opts.elicitationForm) caps.elicitation = { form: {} };
  // Claude's extension: Bash output streamed as `_meta.terminal_output` on tool_call_update.
  if (opts.terminalOutput) caps._meta = { terminal_output: true };
  return caps;
}

/**
 * Send initialize (protocol v1); reject with AgentStartError if the agent exits, refuses, speaks another version, or
 * says nothing within `timeoutMs` (the caller then stops it).
 */
export async function performInitialize(args: {
  agent: acp.ClientContext;
  connectionSignal: AbortSignal;
  params: InitializeRequest;
  exited: Promise<AgentExit>;
  exitWithin: (ms: number) => Promise<AgentExit | undefined>;
  timeoutMs?: number;
}): Promise<InitializeResponse> {
  const request = args.agent.request(acp.methods.agent.initialize, args.params);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<{ kind: 'timeout' }>((resolve) => {
    if (args.timeoutMs !== undefined) timer = setTimeout(() => resolve({ kind: 'timeout' }), args.timeoutMs);
  });
  const outcome = await Promise.race([
    request.then(
      (response) => ({ kind: 'ok' as const, response }),
      (error: unknown) => ({ kind: 'error' as const, error }),
    ),
    args.exited.then((exit) => ({ kind: 'exit' as const, exit })),
    timeout,
  ]).finally(() => clearTimeout(timer));
  if (outcome.kind === 'timeout') {
    throw new AgentStartError(`The agent did not answer initialize within ${Math.round(args.timeoutMs! / 1000)} s; it was stopped.`, 'initialize-timeout', {
      timeoutMs: args.timeoutMs,
    });
  }
  if (outcome.kind === 'exit') throw startFailure(outcome.exit);
  if (outcome.kind === 'error') {
    // A write to a dead agent (EPIPE) closes the connection a moment before the exit is reported.
    if (args.connectionSignal.aborted) {
      const exit = await args.exitWithin(EXIT_EXPLANATION_WAIT_MS);
      if (exit) throw startFailure(exit);
    }
    const message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
    throw new AgentStartError(`The agent did not accept initialize: ${message}`);
  }
  const response = outcome.response;
  if (response.protocolVersion !== acp.PROTOCOL_VERSION) {
    throw new AgentStartError(
      `The agent speaks ACP protocol version ${response.protocolVersion}; this extension supports version ${acp.PROTOCOL_VERSION}. ` +
        'Use an agent release that supports ACP v1.',
    );
  }
  return response;
}

function startFailure(exit: AgentExit): AgentStartError {
  const reason = exit.spawnError === 'ENOENT' ? 'not-found' : exit.spawnError === 'EACCES' ? 'not-executable' : 'exited';
  return new AgentStartError(`The agent stopped before it finished starting. ${describeExit(exit)}`, reason, { exit });
}
