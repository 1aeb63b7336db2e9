/**
 * A hand-written reader for DSML tags, `<｜DSML｜invoke name="x">` and `</｜DSML｜parameter>`
 * (U+FF5C bars, or ASCII `|` where a server mangled them). Every scan is bounded so that reading
 * a body stays linear however the tags are broken: a tag that does not close is given up at the
 * next `<`, and close markers are searched through a Finder that never searches the same text twice.
 */
import { isJsonSpace } from '@toolformat/core/kit';
import { FW_BAR } from './tokens.js';

export interface DsmlTag {
  start: number;
  end: number;
  closing: boolean;
  /** `invoke`, `parameter`, `function_calls`, `tool_calls`. */
  local: string;
  attrs: Map<string, string>;
}

const PREFIXES = [`${FW_BAR}DSML${FW_BAR}`, '|DSML|'];
const MAX_LOCAL = 32;

function isLocalChar(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || c === '-';
}

/**
 * The DSML tag at `at` (a `<`), or where scanning may resume: `{ tag: null, next }` with `next`
 * past everything this call looked at that cannot start another tag.
 */
export function readTag(text: string, at: number, limit: number): { tag: DsmlTag | null; next: number } {
  let i = at + 1;
  const closing = text[i] === '/';
  if (closing) i++;
  const prefix = PREFIXES.find((p) => text.startsWith(p, i));
  if (prefix === undefined || i + prefix.length > limit) return { tag: null, next: at + 1 };
  i += prefix.length;
  const localStart = i;
  while (i < limit && i - localStart < MAX_LOCAL && isLocalChar(text[i]!)) i++;
  const local = text.slice(localStart, i);
  if (local === '') return { tag: null, next: i };
  const attrs = new Map<string, string>();
  for (;;) {
    while (i < limit && isJsonSpace(text.charCodeAt(i))) i++;
    if (i >= limit) return { tag: null, next: limit };
    const c = text[i]!;
    if (c === '>') return { tag: { start: at, end: i + 1, closing, local, attrs }, next: i + 1 };
    if (c === '/' && text[i + 1] === '>')
      return { tag: { start: at, end: i + 2, closing, local, attrs }, next: i + 2 };
    if (c === '<') return { tag: null, next: i };
    // An attribute: name, `=`, a quoted (or bare) value.
    const nameStart = i;
    while (i < limit && isLocalChar(text[i]!)) i++;
    const name = text.slice(nameStart, i);
    if (name === '') return { tag: null, next: i + 1 };
    while (i < limit && isJsonSpace(text.charCodeAt(i))) i++;
    if (text[i] !== '=') {
      attrs.set(name, '');
      continue;
    }
    i++;
    while (i < limit && isJsonSpace(text.charCodeAt(i))) i++;
    const quote = text[i];
    if (quote === '"' || quote === "'") {
      const valueStart = ++i;
      while (i < limit && text[i] !== quote && text[i] !== '<') i++;
      if (i >= limit || text[i] !== quote) return { tag: null, next: i };
      attrs.set(name, text.slice(valueStart, i));
      i++;
    } else {
      const valueStart = i;
      while (i < limit && !isJsonSpace(text.charCodeAt(i)) && text[i] !== '>' && text[i] !== '<') i++;
      attrs.set(name, text.slice(valueStart, i));
    }
  }
}

/** The next DSML tag at or after `from`. */
export function nextTag(text: string, from: number, limit: number): DsmlTag | null {
  let i = from;
  while (i < limit) {
    const lt = text.indexOf('<', i);
    if (lt === -1 || lt >= limit) return null;
    const { tag, next } = readTag(text, lt, limit);
    if (tag !== null) return tag;
    i = Math.max(next, lt + 1);
  }
  return null;
}

/**
 * Finds the nearest of several needles at or after a position that only grows: each needle's last
 * answer is kept and searched again only once the position has passed it, so all searches together
 * read the text once per needle.
 */
export class Finder {
  private readonly found: number[];

  constructor(
    private readonly text: string,
    private readonly needles: readonly string[],
  ) {
    this.found = needles.map(() => -2);
  }

  next(from: number): { at: number; needle: string } | null {
    let best: { at: number; needle: string } | null = null;
    for (let k = 0; k < this.needles.length; k++) {
      let at = this.found[k]!;
      if (at !== -1 && at < from) {
        at = this.text.indexOf(this.needles[k]!, from);
        this.found[k] = at;
      }
      if (at !== -1 && (best === null || at < best.at)) best = { at, needle: this.needles[k]! };
    }
    return best;
  }
}

/** Both spellings of a DSML tag: `dsml('parameter', true)` → `</｜DSML｜parameter>`, `</|DSML|parameter>`. */
export function dsml(local: string, closing = false, suffix = '>'): string[] {
  return PREFIXES.map((p) => `<${closing ? '/' : ''}${p}${local}${suffix}`);
}
