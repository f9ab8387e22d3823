// How the chat's page signals a new approval (from VS Code's setting for it, read in approvalSignal.ts).
export interface ApprovalSignalView {
  /** Play the chime. */
  sound: boolean;
  /** Have a screen reader announce the request. */
  announce: boolean;
}
