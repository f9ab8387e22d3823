// The adapter's steering extension, read without loading the SDK (the chat asks while deciding what to offer).
import type { InitializeResponse } from '@agentclientprotocol/sdk';

/** Top-level `InitializeResponse._meta.steering.supported` (not under capabilities). */
export function agentSteers(init: InitializeResponse | undefined): boolean {
  const meta = init?._meta as { steering?: { supported?: unknown } } | null | undefined;
  return meta?.steering?.supported === true;
}
