// The webview→host message shapes, written out from the protocol (src/webview/protocol/messageValidation.ts) as plain
// predicates: the fuzz area's second opinion on each message. One right verdict per input: accepted (with the fields
// the host then gets) or refused (with why). Kept independent of zod so a validator that drifts from the protocol
// shows up as a disagreement.
type Check = (v: unknown) => boolean;

const MAX_TEXT = 1_000_000;
const MAX_IMAGE_BASE64 = 20 * 1024 * 1024;

const str =
  (max = 4096): Check =>
  (v) =>
    typeof v === 'string' && v.length <= max;
const int =
  (min?: number): Check =>
  (v) =>
    Number.isSafeInteger(v) && (min === undefined || (v as number) >= min);
const num: Check = (v) => typeof v === 'number' && Number.isFinite(v);
const bool: Check = (v) => typeof v === 'boolean';
const oneOf =
  (...values: unknown[]): Check =>
  (v) =>
    values.includes(v);
const optional =
  (f: Check): Check =>
  (v) =>
    v === undefined || f(v);
const nullable =
  (f: Check): Check =>
  (v) =>
    v === null || f(v);
const either =
  (...fs: Check[]): Check =>
  (v) =>
    fs.some((f) => f(v));
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
// Every index, holes included (a hole is `undefined`, which `every` would skip).
const arrayOf =
  (f: Check, max: number): Check =>
  (v) =>
    Array.isArray(v) && v.length <= max && Array.from(v).every((x) => f(x));
const recordOf =
  (f: Check): Check =>
  (v) =>
    isObject(v) && Object.keys(v).every((k) => f(v[k]));

type Shape = Record<string, Check>;
const fits = (shape: Shape) => (v: unknown) => isObject(v) && Object.entries(shape).every(([k, f]) => f(v[k]));

const ATTACHMENTS: Record<string, Shape> = {
  file: { path: str(), name: str(), folder: optional(bool) },
  selection: { path: str(), name: str(), startLine: int(1), endLine: int(1), text: str(MAX_TEXT) },
  image: { mimeType: (v) => typeof v === 'string' && /^image\/[a-z0-9.+-]+$/i.test(v), data: str(MAX_IMAGE_BASE64), name: str() },
};
const attachment: Check = (v) => isObject(v) && typeof v.type === 'string' && Object.hasOwn(ATTACHMENTS, v.type) && fits(ATTACHMENTS[v.type]!)(v);
const MENTIONS: Record<string, Shape> = {
  file: { path: str() },
  folder: { path: str() },
  symbol: { path: str(), name: str(256), startLine: int(1), endLine: int(1) },
  problems: {},
  terminal: {},
  changes: {},
};
const mention: Check = (v) => isObject(v) && typeof v.kind === 'string' && Object.hasOwn(MENTIONS, v.kind) && fits(MENTIONS[v.kind]!)(v);
const elicitationValue = either(str(MAX_TEXT), num, bool, arrayOf(str(MAX_TEXT), 1000));

/** Each message type and its fields (besides `type`). */
const MESSAGES: Record<string, Shape> = {
  ready: { v: num },
  resync: { reason: str(256) },
  focused: {},
  sendPrompt: { text: str(MAX_TEXT), attachments: arrayOf(attachment, 100) },
  cancelTurn: {},
  cancelSubagent: { sessionId: (v) => typeof v === 'string' && v.length >= 1 && v.length <= 256 },
  queuedPrompt: { id: str(64), action: oneOf('remove', 'steer', 'send') },
  editQueuedPrompt: { id: str(64), text: str(MAX_TEXT) },
  restartAgent: {},
  setMode: { modeId: str(256) },
  setConfigOption: { configId: str(256), value: either(str(1024), bool) },
  answerPermission: { key: str(512), optionId: str(256) },
  answerElicitation: {
    key: str(512),
    action: oneOf('accept', 'decline', 'cancel'),
    content: optional((v) => recordOf(elicitationValue)(v) && !Object.hasOwn(v as object, '__proto__')),
  },
  openLocation: { path: str(), line: optional(nullable(int(0))) },
  openDiff: { toolCallId: str(512), contentIndex: int(0) },
  openLink: { href: str(8192) },
  completeMentions: { requestId: int(), query: str(1024) },
  attachMention: { mention },
  dropUris: { uris: arrayOf(str(8192), 100) },
  reviewTurnChanges: { id: str(128) },
  revertTurnChanges: { id: str(128), path: optional(str()) },
  setFollowAgent: { enabled: bool },
  selectAgent: { name: str(60) },
  noticeAction: { noticeId: int(), action: str(64), methodId: optional(str(256)), resend: optional(bool) },
};

export type Verdict = { ok: true; message: Record<string, unknown> } | { ok: false; why: string };

/** Whether the protocol accepts `input`, and if so the message the host receives: its known fields, nothing else. */
export function webviewVerdict(input: unknown): Verdict {
  if (!isObject(input)) return { ok: false, why: 'not an object' };
  const type = input.type;
  if (typeof type !== 'string' || !Object.hasOwn(MESSAGES, type)) return { ok: false, why: `unknown type ${String(type).slice(0, 40)}` };
  const shape = MESSAGES[type]!;
  const wrong = Object.keys(shape).find((k) => !shape[k]!(input[k]));
  if (wrong !== undefined) return { ok: false, why: `${type}.${wrong}` };
  const message: Record<string, unknown> = { type };
  for (const k of Object.keys(shape)) if (input[k] !== undefined) message[k] = input[k];
  return { ok: true, message };
}
