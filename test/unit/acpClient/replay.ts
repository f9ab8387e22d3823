// Test helper: fold recorded or hand-written updates through the pure reducers.
import type { SessionUpdate } from '@agentclientprotocol/sdk';
import { applyClientEvent, type ClientEvent } from '../../../src/acpClient/clientEvents';
import { applySessionUpdate } from '../../../src/acpClient/sessionReducer';
import type { TranscriptChange } from '../../../src/acpClient/transcript';
import { emptyTranscript, type TranscriptState } from '../../../src/acpClient/transcriptState';

export type Step = SessionUpdate | ClientEvent;

export function fold(steps: Step[], state: TranscriptState = emptyTranscript('s1')) {
  const changes: TranscriptChange[][] = [];
  let now = 1000;
  for (const step of steps) {
    const r = 'sessionUpdate' in step ? applySessionUpdate(state, step, now++) : applyClientEvent(state, step, now++);
    state = r.state;
    changes.push(r.changes);
  }
  return { state, changes, last: changes[changes.length - 1] ?? [] };
}

export interface RecordedStep {
  t: number;
  kind: 'update' | 'permission';
  update?: SessionUpdate;
  params?: unknown;
}
