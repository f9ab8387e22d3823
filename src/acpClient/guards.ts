// Type guards for untrusted data (agent JSON, webview messages): one definition each, shared by every reader.

/** A plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The value when it is a string, else undefined. */
export function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
