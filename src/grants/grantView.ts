// What a durable answer did, as the chat shows it on the approval's card: data only (the page reads it through the
// protocol, which must not bring the host's modules along).

/** A durable answer's effect as the chat shows it on the approval's card. */
export interface GrantView {
  /** The permission record's key: the card it belongs to. */
  key: string;
  /** The rules the answer added: the rule, allow/ask/deny, the file (as the chat names it) and what that file means. */
  rules: { rule: string; behaviour: string; file: string; where: string }[];
  /** No file changed: the grant lasts for this conversation only. */
  sessionOnly?: boolean;
  /** The user took the rules back (Undo). */
  undone?: boolean;
}
