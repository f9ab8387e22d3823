// What the client serves to the agent beyond permissions: file reads and writes (`fs/*`). The core defines the
// interface and the error kinds; the editor side implements them (no `vscode` here). Each is advertised only when given.
// No SDK values here: the editor side imports this at activation, and the SDK loads with the connection.
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
