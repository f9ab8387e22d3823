// Codicons for the protocol's option and tool kinds. One table each, shared by the VS Code prompts and the chat
// webview (pure data, so the browser bundle can import it), so a request looks the same on every surface.
import type { PermissionOption, ToolKind } from '@agentclientprotocol/sdk';

/** Codicon per option kind; unknown (future) kinds get a neutral icon at the call site. */
export const OPTION_KIND_ICON: Record<PermissionOption['kind'], string> = {
  allow_once: 'check',
  allow_always: 'unlock',
  reject_once: 'close',
  reject_always: 'circle-slash',
};

/** Codicon per tool kind. */
export const TOOL_KIND_ICON: Record<ToolKind, string> = {
  read: 'eye',
  edit: 'edit',
  delete: 'trash',
  move: 'arrow-swap',
  search: 'search',
  execute: 'terminal',
  think: 'lightbulb',
  fetch: 'globe',
  switch_mode: 'list-selection',
  other: 'tools',
};
