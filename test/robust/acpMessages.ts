// Generators of ACP traffic for the fuzzing area: well-formed agent messages of every kind, and mutations of them
// (fields dropped or retyped, truncated lines, oversized strings, unknown variants and methods, reused ids, updates
// for unknown sessions). fast-check drives them, so a failure shrinks to a small message.
import fc from 'fast-check';

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('<img src=x onerror=alert(1)>', '\u202e\u0000\u001b[31m', '../../etc/passwd', 'C:\\Windows', ''),
);
const id = fc.oneof(fc.constantFrom('t1', 't2', 't3', 'm1', 'm2'), fc.string({ maxLength: 8 }));
const contentBlock = fc.oneof(
  fc.record({ type: fc.constant('text'), text }),
  fc.record({ type: fc.constant('image'), data: fc.base64String({ maxLength: 16 }), mimeType: fc.constantFrom('image/png', 'x') }),
  fc.record({ type: fc.constant('resource_link'), uri: fc.constantFrom('file:///w/a.ts', 'command:workbench.action.quit', 'https://x.test'), name: text }),
);
const toolContent = fc.oneof(
  fc.record({ type: fc.constant('content'), content: contentBlock }),
  fc.record({ type: fc.constant('diff'), path: fc.constantFrom('/w/a.ts', '../x', 'rel.ts', '\\\\srv\\share\\f'), oldText: fc.option(text), newText: text }),
  fc.record({ type: fc.constant('terminal'), terminalId: id }),
);
const status = fc.constantFrom('pending', 'in_progress', 'completed', 'failed', 'cancelled');
const kind = fc.constantFrom('read', 'edit', 'delete', 'move', 'search', 'execute', 'think', 'fetch', 'switch_mode', 'other');
const location = fc.record(
  { path: fc.constantFrom('/w/a.ts', '/etc/hosts', 'rel/x', 'file:///etc/passwd'), line: fc.option(fc.integer({ min: -2, max: 1e6 })) },
  { requiredKeys: ['path'] },
);
const meta = fc.option(fc.record({ terminal_output: fc.record({ terminal_id: id, data: text }) }, { requiredKeys: [] }), { nil: undefined });

export const sessionUpdate = fc.oneof(
  fc.record(
    { sessionUpdate: fc.constantFrom('agent_message_chunk', 'agent_thought_chunk', 'user_message_chunk'), content: contentBlock, messageId: fc.option(id) },
    { requiredKeys: ['sessionUpdate', 'content'] },
  ),
  fc.record(
    {
      sessionUpdate: fc.constantFrom('tool_call', 'tool_call_update'),
      toolCallId: id,
      title: text,
      kind,
      status,
      content: fc.array(toolContent, { maxLength: 3 }),
      locations: fc.array(location, { maxLength: 3 }),
      rawInput: fc.jsonValue({ maxDepth: 2 }),
      rawOutput: fc.jsonValue({ maxDepth: 2 }),
      _meta: meta,
    },
    { requiredKeys: ['sessionUpdate', 'toolCallId'] },
  ),
  fc.record({
    sessionUpdate: fc.constant('plan'),
    entries: fc.array(
      fc.record({ content: text, priority: fc.constantFrom('high', 'medium', 'low'), status: fc.constantFrom('pending', 'in_progress', 'completed') }),
      { maxLength: 4 },
    ),
  }),
  fc.record({
    sessionUpdate: fc.constant('available_commands_update'),
    availableCommands: fc.array(fc.record({ name: text, description: text }), { maxLength: 3 }),
  }),
  fc.record({ sessionUpdate: fc.constant('current_mode_update'), currentModeId: fc.constantFrom('default', 'auto', 'plan', 'nope') }),
  fc.record(
    { sessionUpdate: fc.constant('session_info_update'), title: fc.option(text), updatedAt: fc.option(fc.constant('2026-01-01T00:00:00Z')) },
    { requiredKeys: ['sessionUpdate'] },
  ),
  fc.record(
    {
      sessionUpdate: fc.constant('usage_update'),
      used: fc.integer(),
      size: fc.integer(),
      cost: fc.option(fc.record({ amount: fc.double(), currency: fc.constant('USD') })),
    },
    { requiredKeys: ['sessionUpdate', 'used', 'size'] },
  ),
  fc.record({
    sessionUpdate: fc.constant('config_option_update'),
    configOptions: fc.array(
      fc.record({
        id: fc.constantFrom('mode', 'model'),
        name: text,
        type: fc.constant('select'),
        currentValue: text,
        options: fc.array(fc.record({ value: text, name: text }), { maxLength: 3 }),
      }),
      { maxLength: 2 },
    ),
  }),
);

const permissionOption = fc.record({
  optionId: fc.constantFrom('allow', 'allow-always', 'reject', 'x'),
  name: text,
  kind: fc.constantFrom('allow_once', 'allow_always', 'reject_once', 'reject_always', 'weird'),
});
export const permissionParams = (sessionId: fc.Arbitrary<string>) =>
  fc.record({
    sessionId,
    toolCall: fc.record(
      {
        toolCallId: id,
        title: fc.option(text),
        kind: fc.option(kind),
        rawInput: fc.jsonValue({ maxDepth: 2 }),
        content: fc.option(fc.array(toolContent, { maxLength: 2 })),
        locations: fc.option(fc.array(location, { maxLength: 2 })),
      },
      { requiredKeys: ['toolCallId'] },
    ),
    options: fc.array(permissionOption, { minLength: 1, maxLength: 4 }),
  });

export const elicitationParams = (sessionId: fc.Arbitrary<string>) =>
  fc.record({
    mode: fc.constantFrom('form', 'url', 'other'),
    sessionId,
    message: text,
    requestedSchema: fc.record(
      {
        type: fc.constant('object'),
        title: fc.option(text),
        properties: fc.dictionary(
          fc.constantFrom('question_0', 'question_1', 'name', 'n', '__proto__', 'constructor'),
          fc.oneof(
            fc.record({ type: fc.constant('string'), title: text, oneOf: fc.array(fc.record({ const: text, title: text }), { maxLength: 3 }) }),
            fc.record(
              {
                type: fc.constant('string'),
                title: text,
                pattern: fc.constantFrom('^(a+)+$', '^[a-z]+$', '(', '(?<x>a)\\k<x>'),
                minLength: fc.integer({ min: -1, max: 5 }),
              },
              { requiredKeys: ['type'] },
            ),
            fc.record({ type: fc.constantFrom('number', 'integer'), minimum: fc.double(), maximum: fc.double() }, { requiredKeys: ['type'] }),
            fc.record({ type: fc.constant('array'), items: fc.record({ anyOf: fc.array(fc.record({ const: text, title: text }), { maxLength: 3 }) }) }),
            fc.record({ type: fc.constant('boolean'), default: fc.anything() }, { requiredKeys: ['type'] }),
            fc.anything(),
          ),
        ),
        required: fc.array(fc.constantFrom('question_0', 'name', 'n', 'missing'), { maxLength: 3 }),
      },
      { requiredKeys: ['type', 'properties'] },
    ),
  });

export type Mutation = (v: unknown, rnd: () => number) => unknown;

/** Replace, drop or retype one value somewhere inside `v` (chosen by `rnd`). */
export function mutate(v: unknown, rnd: () => number, replacement: unknown): unknown {
  if (v === null || typeof v !== 'object') return replacement;
  const clone: Record<string, unknown> | unknown[] = Array.isArray(v) ? [...v] : { ...(v as Record<string, unknown>) };
  const keys = Object.keys(clone);
  if (keys.length === 0) return replacement;
  const k = keys[Math.floor(rnd() * keys.length)]!;
  const r = rnd();
  const target = clone as Record<string, unknown>;
  if (r < 0.25) delete target[k];
  else if (r < 0.6) target[k] = mutate(target[k], rnd, replacement);
  else target[k] = replacement;
  return clone;
}

/** Odd values to put where a field was: wrong types, huge strings, prototype keys, deep nesting. */
export const oddValue = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.constantFrom(null, undefined, 0, -1, NaN, 1e308, true, '', [], {}, { __proto__: { polluted: true } }, 'x'.repeat(300_000)),
  fc.string({ maxLength: 5 }).map((s) => s.repeat(1000)),
);
