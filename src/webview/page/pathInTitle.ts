// Whether a tool card's title names a file: the path as the chat shows it, as a whole word of the title ("Edit
// src/cart.js", "touch hi.txt && …"), not inside a longer name ("cat data.txt" does not name a.txt).

const BEFORE = /[\s"'`(=]/u;
const AFTER = /[\s"'`),;:]/u;

export function titleNamesPath(title: string, shown: string): boolean {
  if (!shown) return false;
  for (let at = title.indexOf(shown); at !== -1; at = title.indexOf(shown, at + 1)) {
    const before = at === 0 ? ' ' : title[at - 1]!;
    const after = at + shown.length === title.length ? ' ' : title[at + shown.length]!;
    if (BEFORE.test(before) && AFTER.test(after)) return true;
  }
  return false;
}
