// What the client serves to the agent beyond permissions: file reads and writes (`fs/*`). The core defines the
// interface and the error kinds; the editor side implements them (no `vscode` here). Each is advertised only when given.
import * as acp from '@agentclientprotocol/sdk';
import type { ReadTextFileRequest, ReadTextFileResponse, WriteTextFileRequest, WriteTextFileResponse } from '@agentclientprotocol/sdk';

export interface FileService {
  readTextFile(params: ReadTextFileRequest): Promise<ReadTextFileResponse>;
  writeTextFile(params: WriteTextFileRequest): Promise<WriteTextFileResponse>;
}

/** A refusal the agent should read: turned into a JSON-RPC error with a fitting code. */
export class ServiceError extends Error {
  constructor(
    readonly kind: 'invalid-params' | 'not-found' | 'refused',
    message: string,
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

/** The JSON-RPC error the agent gets for a failed service call; an unexpected error keeps its message. */
export function toRequestError(err: unknown, what: string): acp.RequestError {
  if (err instanceof acp.RequestError) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (err instanceof ServiceError) {
    if (err.kind === 'not-found') return new acp.RequestError(-32002, `Resource not found: ${message}`, { reason: message });
    // A refused path is a wrong parameter from the client's point of view; the message says why.
    return acp.RequestError.invalidParams({ reason: message }, message);
  }
  return acp.RequestError.internalError({ reason: message }, `${what} failed: ${message}`);
}
