// The status bar text for waiting requests; pure so the wording is tested without VS Code.

/** "$(shield) 1 approval waiting" / "$(shield) 3 approvals waiting"; undefined when nothing waits (item hidden). */
export function pendingStatusText(count: number): string | undefined {
  if (!Number.isInteger(count) || count <= 0) return undefined;
  return `$(shield) ${count} ${count === 1 ? 'approval' : 'approvals'} waiting`;
}
