// The public surface of the protocol client (no `vscode` import anywhere in this folder).
export { AcpClient, type AcpClientOptions } from './acpClient';
export { AgentProcess, type AgentExit, type AgentLaunch, type AgentProcessLike } from './agentProcess';
export { AgentExitedError, AgentStartError, NotSupportedError } from './errors';
export { Emitter, type Disposable, type Event } from './events';
export { describeExit } from './exitDescription';
export type { ClientHooks, PendingElicitation, PendingPermission } from './hooks';
export type { Logger } from './logger';
export type { AnswerResult } from './pendingRequests';
export { Session } from './session';
export { applySessionUpdate } from './sessionReducer';
export { applyClientEvent, type ClientEvent } from './clientEvents';
export { emptyTranscript, toSnapshot, type TranscriptState } from './transcriptState';
export type * from './transcript';
