// The `initialize` handshake: honest client capabilities, and a start that fails clearly instead of hanging when
// the agent dies first or answers with a protocol we do not speak.
import * as acp from '@agentclientprotocol/sdk';
import type { ClientCapabilities, InitializeRequest, InitializeResponse } from '@agentclientprotocol/sdk';
import type { AgentExit } from './agentProcess';
import { AgentStartError } from './errors';
import { describeExit, EXIT_EXPLANATION_WAIT_MS } from './exitDescription';

/** Advertise only what this client serves: no fs/terminal handlers, so neither is advertised. */
export function buildClientCapabilities(opts: { elicitationForm: boolean; terminalOutput: boolean }): ClientCapabilities {
  const caps: ClientCapabilities = { session: { configOptions: { boolean: {} }, notices: {}, compaction: {} } };
  if (opts.elicitationForm) caps.elicitation = { form: {} };
  // Claude's extension: Bash output streamed as `_meta.terminal_output` on tool_call_update.
  if (opts.terminalOutput) caps._meta = { terminal_output: true };
  return caps;
}

/** Send initialize (protocol v1); reject with AgentStartError if the agent exits, refuses, or speaks another version. */
export async function performInitialize(args: {
  agent: acp.ClientContext;
  connectionSignal: AbortSignal;
  params: InitializeRequest;
  exited: Promise<AgentExit>;
  exitWithin: (ms: number) => Promise<AgentExit | undefined>;
}): Promise<InitializeResponse> {
  const request = args.agent.request(acp.methods.agent.initialize, args.params);
  const outcome = await Promise.race([
    request.then(
      (response) => ({ kind: 'ok' as const, response }),
      (error: unknown) => ({ kind: 'error' as const, error }),
    ),
    args.exited.then((exit) => ({ kind: 'exit' as const, exit })),
  ]);
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
  return new AgentStartError(`The agent stopped before it finished starting. ${describeExit(exit)}`);
}
