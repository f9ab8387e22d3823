// A plan from the agent, made safe for VS Code's markdown preview: the preview loads `https:` images (its default
// CSP allows them), so a plan could make the editor fetch a URL the agent chose (a beacon). Images and the HTML that
// loads media become inert text; links stay links (nothing loads until clicked), and code is left exactly as written.

/** HTML that loads something by itself, or carries a style that could. */
const LOADING_TAG = /<\/?(?:img|picture|source|video|audio|iframe|frame|object|embed|svg|image|link|meta|style|base|track|input)\b[^>]*>|<[a-z][^>]*\s(?:src|srcset|poster|background|style|data)\s*=[^>]*>/giu;

/** Inline and reference-style markdown images. */
const IMAGE = /!\[((?:[^\]\\]|\\.)*)\](?:\([^)]*\)|\[[^\]]*\])/gu;

/** `markdown` without anything the preview would load on its own. */
export function inertPlan(markdown: string): string {
  let fence: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^\s{0,3}(`{3,}|~{3,})/u.exec(line)?.[1];
      if (marker) {
        if (fence === undefined) fence = marker[0];
        else if (marker[0] === fence) fence = undefined;
        return line;
      }
      if (fence !== undefined) return line;
      // Outside inline code spans only (the odd pieces between backticks are code).
      return line
        .split('`')
        .map((part, i) => (i % 2 === 1 ? part : part.replace(IMAGE, (_, alt: string) => (alt ? `[image: ${alt}]` : '[image]')).replace(LOADING_TAG, '')))
        .join('`');
    })
    .join('\n');
}
