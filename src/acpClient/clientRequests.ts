// What the agent sends the client, wired onto the SDK's client app: permission and elicitation requests (presented
// through the hooks), the files and terminals it may be served, session updates and other notifications. Apart from
// acpClient.ts, which owns the connection they arrive on and the sessions they go to.
// The unstable surface, as the connection's (acpClient.ts): its `session/update` has the subagent updates.
import * as acp from '@agentclientprotocol/sdk/unstable';
import type { SessionNotification } from '@agentclientprotocol/sdk/unstable';
import { ServiceError, type FileService } from './clientServices';
import type { TerminalService, TerminalWatcher } from './commandRuns';
import { handleElicitationRequest } from './elicitationHandler';
import type { ClientHooks } from './hooks';
import type { Logger } from './logger';
import type { PendingRequests } from './pendingRequests';
import { handlePermissionRequest, type PermissionSessionView } from './permissionHandler';
import type { Session } from './session';

/** What serving the agent needs of the client. */
export interface ClientRequestsDeps {
  clientName: string;
  hooks: ClientHooks;
  logger: Logger;
  pending: PendingRequests;
  /** Serves `fs/read_text_file` and `fs/write_text_file` when given. */
  files?: FileService;
  /** Serves `terminal/*` when given. */
  terminals?: TerminalService;
  /** The open session of that id, or for a subagent's child session its root session (laneRouting.ts). */
  session(sessionId: string): Session | undefined;
  /** Where a permission request of that session id is recorded (a subagent's: in its root session's lane). */
  permissionView(sessionId: string): PermissionSessionView | undefined;
  /** The root session and the subagent a request of that session id is from. */
  requestOwner(sessionId: string): { sessionId: string; subagent?: { sessionId: string; title?: string } } | undefined;
  /** The connection's signal: the app is connected before any request arrives. */
  connectionSignal(): AbortSignal;
  /** A session/update, applied synchronously, so updates of a session land in arrival order (the SDK does not await handlers). */
  onUpdate(notification: SessionNotification): void;
  /** Claude's `_auth/status_update`. */
  onAuthStatus(params: unknown): void;
}

/** The SDK's client app, with a handler for everything the agent may send; anything else is logged or refused. */
export function clientApp(deps: ClientRequestsDeps): acp.ClientApp {
  const { hooks, logger, pending } = deps;
  let app = acp
    .client({ name: deps.clientName })
    .onRequest(acp.methods.client.session.requestPermission, (ctx) =>
      handlePermissionRequest({
        params: ctx.params,
        requestId: ctx.requestId,
        signal: ctx.signal,
        connectionSignal: deps.connectionSignal(),
        session: deps.permissionView(ctx.params.sessionId),
        hooks,
        pending,
        logger,
      }),
    )
    .onNotification(acp.methods.client.session.update, (ctx) => deps.onUpdate(ctx.params))
    .onNotification('*', (ctx) => {
      if (ctx.method === '_auth/status_update') return deps.onAuthStatus(ctx.params);
      logger.info(`[acpClient] notification ${ctx.method} not handled`, ctx.params);
    })
    .onRequest('*', (ctx) => {
      logger.warn(`[acpClient] the agent called ${ctx.method}, which this client does not serve; answering method-not-found`);
      throw acp.RequestError.methodNotFound(ctx.method);
    });
  const serve = <T>(method: string, sessionId: string, call: () => Promise<T>) => serveCall(deps, method, sessionId, call);
  const files = deps.files;
  if (files) {
    app = app
      .onRequest(acp.methods.client.fs.readTextFile, (ctx) => serve('fs/read_text_file', ctx.params.sessionId, () => files.readTextFile(ctx.params)))
      .onRequest(acp.methods.client.fs.writeTextFile, (ctx) => serve('fs/write_text_file', ctx.params.sessionId, () => files.writeTextFile(ctx.params)));
  }
  const terminals = deps.terminals;
  if (terminals) {
    const t = acp.methods.client.terminal;
    app = app
      .onRequest(t.create, (ctx) =>
        serve('terminal/create', ctx.params.sessionId, () => terminals.create(ctx.params, terminalWatcher(deps, ctx.params.sessionId))),
      )
      .onRequest(t.output, (ctx) => serve('terminal/output', ctx.params.sessionId, () => terminals.output(ctx.params)))
      .onRequest(t.waitForExit, (ctx) => serve('terminal/wait_for_exit', ctx.params.sessionId, () => terminals.waitForExit(ctx.params)))
      .onRequest(t.kill, (ctx) => serve('terminal/kill', ctx.params.sessionId, () => terminals.kill(ctx.params)))
      .onRequest(t.release, (ctx) =>
        serve('terminal/release', ctx.params.sessionId, async () => {
          const released = await terminals.release(ctx.params);
          deps.session(ctx.params.sessionId)?.terminalReleased(ctx.params.terminalId);
          return released;
        }),
      );
  }
  const createElicitation = hooks.createElicitation?.bind(hooks);
  if (createElicitation) {
    app = app.onRequest(acp.methods.client.elicitation.create, (ctx) =>
      handleElicitationRequest({
        params: ctx.params,
        requestId: ctx.requestId,
        signal: ctx.signal,
        connectionSignal: deps.connectionSignal(),
        createElicitation,
        owner: deps.requestOwner,
        pending,
        logger,
      }),
    );
  }
  return app;
}

/** Runs a service call for a known session; a failure becomes the JSON-RPC error the agent reads (and is logged). */
async function serveCall<T>(deps: ClientRequestsDeps, method: string, sessionId: string, call: () => Promise<T>): Promise<T> {
  if (!deps.session(sessionId)) throw acp.RequestError.sessionNotFound(sessionId);
  try {
    return await call();
  } catch (err) {
    const error = toRequestError(err, method);
    deps.logger.warn(`[acpClient] ${method} refused: ${error.message}`);
    throw error;
  }
}

/** A terminal's output and exit go to the session that created it, which shows them in the tool call embedding it. */
function terminalWatcher(deps: ClientRequestsDeps, sessionId: string): TerminalWatcher {
  return {
    output: (terminalId, text) => deps.session(sessionId)?.terminalOutput(terminalId, text),
    exited: (terminalId, status) => deps.session(sessionId)?.terminalExited(terminalId, { exitCode: status.exitCode ?? null, signal: status.signal ?? null }),
  };
}

/** The JSON-RPC error the agent gets for a failed service call; an unexpected error keeps its message. */
function toRequestError(err: unknown, what: string): acp.RequestError {
  if (err instanceof acp.RequestError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof ServiceError) {
    if (err.kind === 'not-found') return new acp.RequestError(-32002, `Resource not found: ${message}`, { reason: message });
    // A refused path is a wrong parameter from the client's point of view; the message says why.
    return acp.RequestError.invalidParams({ reason: message }, message);
  }
  return acp.RequestError.internalError({ reason: message }, `${what} failed: ${message}`);
}
