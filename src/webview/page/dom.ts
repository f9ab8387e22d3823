// Tiny DOM helpers: build elements without innerHTML, so agent text can only ever become text nodes.

type Attrs = Record<string, string | number | boolean | undefined | null>;
type Child = Node | string | null | undefined | false;

/** Creates an element; attributes with false/null/undefined are skipped, `true` sets an empty attribute. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') el.className = String(v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  append(el, ...children);
  return el;
}

export function append(el: Node, ...children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
  }
}

/** A codicon glyph, hidden from assistive technology (the surrounding control carries the label). */
export function icon(name: string, extra = ''): HTMLSpanElement {
  return h('span', { class: `codicon codicon-${name}${extra ? ' ' + extra : ''}`, 'aria-hidden': 'true' });
}

export function clear(el: Element): void {
  while (el.firstChild) el.removeChild(el.firstChild);
}

/** Replaces an element's children. */
export function setChildren(el: Element, ...children: Child[]): void {
  clear(el);
  append(el, ...children);
}

/**
 * Text with a line break offered after each path separator, so a path wraps between its folders and a file's name is
 * not split (the CSS breaks a word only when it alone is wider than its line).
 */
export function breakAtSeparators(text: string): Child[] {
  return text.split(/(?<=[\\/])/u).flatMap((part, i) => (i === 0 ? [part] : [h('wbr'), part]));
}

/** A button that never submits a form. */
export function button(label: string, attrs: Attrs = {}, ...children: Child[]): HTMLButtonElement {
  return h('button', { type: 'button', 'aria-label': label, title: label, ...attrs }, ...(children.length ? children : [label]));
}
