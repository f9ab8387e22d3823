// A sign-in method as a QuickPick item. Its name and description are the agent's text: bounded, and with `$(name)`
// escaped, since a QuickPick renders it as an icon that would hide or fake part of what the method says.
import type { AuthMethod } from '@agentclientprotocol/sdk';
import { escapeCodicons, toDisplayText } from '../acpClient/displayText';

export function methodItem(method: AuthMethod): { label: string; detail?: string } {
  const detail = method.description ? escapeCodicons(toDisplayText(method.description, 300)) : undefined;
  return { label: escapeCodicons(toDisplayText(method.name, 100)), ...(detail ? { detail } : {}) };
}
