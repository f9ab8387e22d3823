// What an "always" answer changed, read from Claude Code's settings files rather than from the option's label (the
// adapter applies a PermissionUpdate the client cannot see; permission-extension.md: "the client must not infer
// storage scope, lifetime, or permission effects from kind or button text"). Pure: two readings of the rules in,
// the effect out.
import { diffRules, type Rule, type Scope } from './claudeRules';

export type { GrantView } from '../webview/protocol/protocol';

export type GrantEffect =
  /** Rules the answer added, each with the file it is kept in. */
  | { kind: 'file'; added: { rule: Rule; path: string }[] }
  /** No file changed: the grant lasts as long as the conversation (the agent keeps it in memory). */
  | { kind: 'session' };

/** The effect of an answer, from the rules before it and after the tool call it allowed. */
export function grantEffect(before: readonly Rule[], after: readonly Rule[], paths: Readonly<Record<Scope, string>>): GrantEffect {
  const { added } = diffRules(before, after);
  return added.length ? { kind: 'file', added: added.map((rule) => ({ rule, path: paths[rule.scope] })) } : { kind: 'session' };
}

/** Whether an answer is one whose effect outlasts the call (an option of kind allow_always or reject_always). */
export function isDurableKind(kind: string | undefined): boolean {
  return kind === 'allow_always' || kind === 'reject_always';
}
