// Values that look like secrets, masked in a terminal's output before it is attached for the agent (pure). A terminal
// prints what `env`, `cat .env`, a failing `curl -v` or a `git remote -v` show; the user attaches it to ask about an
// error, not to hand the agent their tokens. Masked: tokens by their well-known shapes (the prefix kept, so the
// agent still sees what kind of token was there), the password of a URL, a private key's body, and the value of
// `KEY=value`, `export KEY=value` and `KEY: value` (also quoted, as in JSON or YAML) when KEY names a secret (a bare
// `token:` only where a key stands, not in prose: `Unexpected token: punc`). Names are matched whatever their case
// (`.env` files shout, YAML does not); a value that only refers to one (`$TOKEN`) is left. Left readable on purpose: paths, commit hashes and other hex digests, UUIDs, version numbers, and names
// that merely contain a secret word (`SSH_KEY_PATH`, `PASSWORD_FILE`, `max_tokens`). Shapes only, no guessing by
// entropy: a secret printed bare, without a name or a known prefix, stays as it is (the chip's tooltip says the text
// is sent raw).

export const MASK = '[masked]';

/** Tokens by the shape of their issuer: group 1 (the prefix) is kept. */
const TOKENS: readonly RegExp[] = [
  /(?<![A-Za-z0-9_])(gh[pousr]_)[A-Za-z0-9]{30,}/g, // GitHub
  /(?<![A-Za-z0-9_])(github_pat_)[A-Za-z0-9_]{20,}/g,
  /(?<![A-Za-z0-9_-])(glpat-)[A-Za-z0-9_-]{20,}/g, // GitLab
  // OpenAI, Anthropic (sk-ant-…), and the like; a digit required, so that a long kebab-case name stays.
  /(?<![A-Za-z0-9_-])(sk-(?:ant-|proj-)?)(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{20,}/g,
  /(?<![A-Za-z0-9_])([sr]k_(?:live|test)_)[A-Za-z0-9]{16,}/g, // Stripe
  /(?<![A-Za-z0-9_-])(xox[abposr]-)[A-Za-z0-9-]{10,}/g, // Slack
  /(?<![A-Za-z0-9])(AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])/g, // AWS access key ids
  /(?<![A-Za-z0-9_])(AIza)[A-Za-z0-9_-]{35}/g, // Google API keys
  /(?<![A-Za-z0-9_])(npm_)[A-Za-z0-9]{36}/g,
  // A Bearer credential before the JWT shape, so that the scheme alone is kept.
  /(\b[Bb]earer[ \t]+)[A-Za-z0-9._~+/-]{20,}=*/g,
  /(?<![A-Za-z0-9_-])(eyJ)[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g, // JWTs
];

const KNOWN = 'token|secret|passwd|passphrase|apikey|authtoken|authorization|cookie|credentials';
/** A name that says its value is a secret: ends in _TOKEN, _SECRET, _KEY (or -, . before them), PASSWORD, or a known name. */
const SUFFIXED = String.raw`[A-Za-z_][\w.-]*?[_.-](?:${KNOWN}|key)|(?:[A-Za-z_][\w.-]*?)?password`;
/** The known names on their own (npm's `_auth` and `_authToken` too): in prose these words precede a colon as well
 * (`Unexpected token: punc`). */
const BARE = `_?(?:${KNOWN}|auth)`;
/** A name standing on its own (a `-` before it is an option's: `--db-password=…`), then an optional closing quote. */
const name = (names: string) => String.raw`(?<![\w.$])(${names})(["']?)`;
/** Where a bare name is one in `KEY: value`: a line's start (after a list's or curl's marker), a quote, `{` or `,`. */
const KEY_PLACE = String.raw`(?<=^[ \t]*(?:[-*+<>][ \t]+)?["']?|[{,][ \t]*["']?|["'])`;
/** An auth scheme before the credential (`Authorization: Basic …`): kept readable. */
const SCHEME = String.raw`((?:basic|bearer|token|digest)[ \t]+)?`;
/** Not a value that only refers to a secret (`$TOKEN`) or is MASK already (a URL's password; masked twice), scheme or not.
 * (MASK spelled as a pattern.) */
const LEFT = String.raw`(?!(?:(?:basic|bearer|token|digest)[ \t]+)?(?:\$|\[masked\]))`;
/** `=` (not `==` or `=>`), the value a quoted string or the word up to a space (or a URL query's `&`). */
const ASSIGNED = new RegExp(String.raw`${name(`${SUFFIXED}|${BARE}`)}([ \t]*=(?![=>~])[ \t]*)${LEFT}${SCHEME}("[^"\n]+"|'[^'\n]+'|[^\s"'\x60&]+)`, 'gi');
/** `:` (not `::` or `:=`), the value a quoted string or the rest of the line up to a quote (a header inside `"…"`). */
const colon = (key: string) =>
  new RegExp(String.raw`${key}([ \t]*:(?![:=/\\])[ \t]*)${LEFT}${SCHEME}("[^"\n]+"|'[^'\n]+'|[^\s"'\x60](?:[^\n"'\x60]*[^\s"'\x60])?)`, 'gim');
const COLONS = [colon(name(SUFFIXED)), colon(KEY_PLACE + name(BARE))];

/** `scheme://user:password@host`: the password. */
const URL_PASSWORD = /(\b[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s/@:]+:)[^\s/@]+(@)/g;
/** A private key's body, to its end line or, cut, to the end of the text. */
const PRIVATE_KEY = /(-----BEGIN [A-Z0-9 ]*PRIVATE KEY[A-Z ]*-----)[\s\S]*?(-----END [A-Z0-9 ]*PRIVATE KEY[A-Z ]*-----|$)/g;

/** A `KEY=value` or `KEY: value` match with its value masked: the name, quote, separator and scheme kept. */
const keepName = (_: string, key: string, quote: string, sep: string, scheme: string | undefined) => `${key}${quote}${sep}${scheme ?? ''}${MASK}`;

/** `text` with the values that look like secrets replaced by MASK (see above for what is and is not). */
export function maskSecrets(text: string): string {
  let masked = text
    .replace(PRIVATE_KEY, (_, begin: string, end: string) => `${begin}\n${MASK}\n${end}`)
    .replace(URL_PASSWORD, `$1${MASK}$2`)
    .replace(ASSIGNED, keepName);
  for (const pattern of COLONS) masked = masked.replace(pattern, keepName);
  for (const token of TOKENS) masked = masked.replace(token, `$1${MASK}`);
  return masked;
}
