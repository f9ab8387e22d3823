// The default of an exhaustive switch: the compiler proves it is never reached; at run time it names what slipped by.
export function unreachable(value: never, what = 'value'): never {
  throw new Error(`unexpected ${what} ${JSON.stringify(value)}`);
}
