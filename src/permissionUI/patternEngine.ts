// RE2 for agent-supplied patterns (linear time in the input), loaded at the first pattern checked rather than when
// the extension activates: building its Unicode tables is a quarter of what loading the extension cost. A synchronous
// `require` because the checks are synchronous (a form field's validation as the user types); esbuild bundles it as a
// module initialised on that first call, in the host's bundle and the page's alike.
import type { RE2JS } from 're2js';

declare const require: (id: 're2js') => { RE2JS: typeof RE2JS };

let engine: typeof RE2JS | undefined;

/** Compiles `pattern` with RE2; throws on syntax RE2 lacks or an invalid pattern. */
export function compilePattern(pattern: string): { test(input: string): boolean } {
  engine ??= require('re2js').RE2JS;
  return engine.compile(pattern);
}
