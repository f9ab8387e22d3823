// The adapter's steering and prompt queueing extensions, read without loading the SDK (the chat asks while deciding
// what to offer).
import type { AgentCapabilities, InitializeResponse } from '@agentclientprotocol/sdk';

/** Top-level `InitializeResponse._meta.steering.supported` (not under capabilities). */
export function agentSteers(init: InitializeResponse | undefined): boolean {
  const meta = init?._meta as { steering?: { supported?: unknown } } | null | undefined;
  return meta?.steering?.supported === true;
}

/** Claude's adapter accepts a prompt while a turn runs (`agentCapabilities._meta.claudeCode.promptQueueing`). */
export function agentQueuesPrompts(capabilities: AgentCapabilities | undefined): boolean {
  const meta = capabilities?._meta as { claudeCode?: { promptQueueing?: unknown } } | null | undefined;
  return meta?.claudeCode?.promptQueueing === true;
}
