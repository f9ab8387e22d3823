// Deterministic transcripts for the benchmarks, shaped like what claude-agent-acp produces (see
// /work/shared/reference/claude-adapter-wire.md): user prompts, thoughts, markdown answers with code, Bash cards with
// ```console output, Edit cards with diffs, Read cards, permissions mounted in their tool card, turn ends.
// Streamed text is folded with the reducer's own `appendBlock`, so a streamed entry looks exactly like the model's.
import type { ContentBlock } from '@agentclientprotocol/sdk';
import type { TranscriptEntry } from '../../src/acpClient/transcript';
import { appendBlock } from '../../src/acpClient/sessionReducer';
import { T0 } from '../unit/webview/fixtures';

/** Small seeded PRNG (mulberry32) so every run benchmarks the same text. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A typical agent answer: heading, paragraphs with inline code and a link, a list, a fenced TypeScript block. */
export const AGENT_MARKDOWN = `## What changed

I read \`src/config.ts\` and the loader in \`src/load.ts\`. The parser accepted trailing commas but the
validator rejected them, so a file written by the formatter failed on the next start. See
[the JSON5 notes](https://example.com/json5) for the exact grammar.

- The loader now strips comments **before** validation.
- \`validate()\` reports the key path of the first bad value.
- Unknown keys are kept and logged once, not dropped.

\`\`\`ts
export function load(path: string): Config {
  const text = readFileSync(path, 'utf8');
  const value = parse(stripComments(text));
  return validate(value, { path });
}
\`\`\`

Next I ran the tests; all 42 passed. The remaining warning comes from an unrelated fixture.

`;

const CONSOLE_OUTPUT = Array.from({ length: 24 }, (_, i) => `PASS test/unit/case${i}.test.ts (${(i * 7) % 90} ms)`).join('\n');
const OLD_FILE = Array.from({ length: 60 }, (_, i) => `const value${i} = compute(${i});`).join('\n');
const NEW_FILE = OLD_FILE.split('\n')
  .map((l, i) => (i % 15 === 3 ? l.replace('compute', 'computeChecked') : l))
  .join('\n');

/** One user → agent turn of 10 entries; `n` makes the ids unique. */
function turn(n: number): TranscriptEntry[] {
  const ws = '/home/dev/workspace';
  const bash = `toolu_bash_${n}`;
  const edit = `toolu_edit_${n}`;
  const read = `toolu_read_${n}`;
  return [
    { kind: 'user', id: `u${n}`, content: [{ type: 'text', text: `Please fix the config loader (round ${n}) and run the tests.` }], at: T0 },
    {
      kind: 'thought',
      id: `t${n}`,
      content: [{ type: 'text', text: 'The loader and validator disagree about **trailing commas**; read both first.' }],
      at: T0,
      endedAt: T0 + 2100,
    },
    {
      kind: 'tool',
      id: `e-${read}`,
      at: T0,
      toolCall: {
        toolCallId: read,
        name: 'Read',
        title: 'Read src/config.ts',
        kind: 'read',
        status: 'completed',
        rawInput: { file_path: `${ws}/src/config.ts` },
        content: [],
        locations: [{ path: `${ws}/src/config.ts`, line: 1 }],
      },
    },
    {
      kind: 'tool',
      id: `e-${edit}`,
      at: T0,
      toolCall: {
        toolCallId: edit,
        name: 'Edit',
        title: 'Edit src/config.ts',
        kind: 'edit',
        status: 'completed',
        rawInput: { file_path: `${ws}/src/config.ts`, old_string: 'compute(', new_string: 'computeChecked(' },
        content: [{ type: 'diff', path: `${ws}/src/config.ts`, oldText: OLD_FILE, newText: NEW_FILE }],
        locations: [{ path: `${ws}/src/config.ts`, line: 4 }],
      },
    },
    {
      kind: 'permission',
      id: `p${n}`,
      at: T0,
      permission: {
        key: `sess-1:p${n}`,
        toolCallId: edit,
        title: 'Edit src/config.ts',
        options: [
          { optionId: 'allow-once', name: 'Yes', kind: 'allow_once' },
          { optionId: 'reject', name: 'No', kind: 'reject_once' },
        ],
        outcome: { status: 'selected', optionId: 'allow-once', optionName: 'Yes', optionKind: 'allow_once' },
        requestedAt: T0,
        settledAt: T0 + 900,
      },
    },
    { kind: 'agent', id: `a${n}`, messageId: null, content: [{ type: 'text', text: 'I updated the loader. Running the tests now with `npm test`.' }], at: T0 },
    {
      kind: 'tool',
      id: `e-${bash}`,
      at: T0,
      toolCall: {
        toolCallId: bash,
        name: 'Bash',
        title: 'npm test',
        kind: 'execute',
        status: 'completed',
        rawInput: { command: 'npm test', description: 'Run the unit tests' },
        content: [{ type: 'content', content: { type: 'text', text: '```console\n' + CONSOLE_OUTPUT + '\n```' } }],
        locations: [],
      },
    },
    { kind: 'agent', id: `b${n}`, messageId: null, content: [{ type: 'text', text: AGENT_MARKDOWN }], at: T0 },
    { kind: 'notice', id: `n${n}`, severity: 'info', title: 'Context compacted', description: null, at: T0 },
    { kind: 'turn-end', id: `te${n}`, stopReason: 'end_turn', at: T0 },
  ];
}

/** `count` entries (rounded down to whole 10-entry turns). */
export function transcript(count: number): TranscriptEntry[] {
  const out: TranscriptEntry[] = [];
  for (let n = 0; out.length + 10 <= count; n++) out.push(...turn(n));
  return out;
}

/** `count` chunks of 4–16 characters cut from repeated AGENT_MARKDOWN, like agent_message_chunk texts. */
export function chunks(count: number, seed = 7): string[] {
  const rand = rng(seed);
  const out: string[] = [];
  let pos = 0;
  while (out.length < count) {
    const len = 4 + Math.floor(rand() * 13);
    let piece = '';
    while (piece.length < len) {
      const take = Math.min(len - piece.length, AGENT_MARKDOWN.length - pos);
      piece += AGENT_MARKDOWN.slice(pos, pos + take);
      pos = (pos + take) % AGENT_MARKDOWN.length;
    }
    out.push(piece);
  }
  return out;
}

/** The streamed agent entry after each chunk, folded the way sessionReducer folds agent_message_chunk. */
export function streamedEntries(id: string, texts: readonly string[]): Extract<TranscriptEntry, { kind: 'agent' }>[] {
  const out: Extract<TranscriptEntry, { kind: 'agent' }>[] = [];
  let content: ContentBlock[] = [];
  for (const text of texts) {
    content = appendBlock(content, { type: 'text', text });
    out.push({ kind: 'agent', id, messageId: 'msg-stream', content, at: T0 });
  }
  return out;
}
