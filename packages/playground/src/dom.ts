/** Small DOM helpers. Model output only ever reaches the page as text nodes (never as HTML). */

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  return el as T;
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const child of children) node.append(child);
  return node;
}

/** A table row of cells, each text or a node. */
export function row(cells: Array<Node | string>, attrs: Record<string, string> = {}): HTMLTableRowElement {
  return el('tr', attrs, ...cells.map((c) => el('td', {}, c)));
}

export function preText(text: string): HTMLPreElement {
  return el('pre', {}, text);
}
