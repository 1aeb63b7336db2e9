/**
 * One hand-written reader for the attribute tags models write as text: XML's `<invoke name="x">`,
 * `<parameter name='k'>`, `<function=NAME>`, `</invoke>`, and DeepSeek's DSML
 * `<｜DSML｜invoke name="x">` / `</|DSML|parameter string="true">`. What differs between the
 * formats is an option (AttributeTagOptions); the scan is the same.
 *
 * Why not an XML parser or regular expressions: model output is not well-formed markup, and
 * architecture/semantics.md (guarantee 8) asks every scan to be linear. A tag is read only up to
 * the next `<` (and, in XML, the next line break), never past `limit`, so reading every tag of a
 * text touches each character a bounded number of times: nextAttributeTag resumes after the `<`
 * that started no tag, and no read from one `<` goes beyond the next.
 */
import {
  APOSTROPHE,
  COLON,
  DIGIT0,
  DIGIT9,
  DOT,
  EQUALS,
  GT,
  isJsonSpace,
  LINE_FEED,
  LOWER_A,
  LOWER_Z,
  LT,
  MINUS,
  QUOTE,
  SLASH,
  UNDERSCORE,
  UPPER_A,
  UPPER_Z,
} from './char-codes.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

export interface AttributeTag {
  /** Index of the `<`. */
  start: number;
  /** Index just past the `>`. */
  end: number;
  closing: boolean;
  /** The name without its prefix: `invoke` for `<invoke>` or `<｜DSML｜invoke>`. */
  local: string;
  /** The namespace prefix without its colon (`antml`, `minimax`), the required prefix that matched (`｜DSML｜`), or ''. */
  prefix: string;
  /** `<function=NAME>` / `<parameter=KEY>` (with `eqForm`): the text after `=`, trimmed and unquoted. */
  eq: string | null;
  /** The `name` attribute, unquoted (the last one written wins). */
  name: string | null;
  /** Every attribute, with `attributes: 'all'` (one written without `=` is ''); null otherwise. */
  attrs: Map<string, string> | null;
}

export interface AttributeTagOptions {
  /**
   * Which characters tag and attribute names are made of. Asked once per ASCII code for each
   * options object (the answers are kept in a table), and for other codes as they come.
   */
  isNameChar(code: number): boolean;
  /** One of these must come right after `<` or `</` (DSML's `｜DSML｜`, `|DSML|`); none when absent. */
  prefixes?: readonly string[];
  /** Split a name at its last `:` into namespace prefix and local name; a name ending in `:` is no tag. */
  namespaces?: boolean;
  /** At most this many characters of the local name are read; the rest is read as attributes. */
  maxLocal?: number;
  /** Accept `<name=value>` on an opening tag: the value runs to the `>` on the same line. */
  eqForm?: boolean;
  /** A quoted attribute value may hold a line feed (it still stops at `<`). */
  quotedSpansLines?: boolean;
  /** A closing tag may carry attributes (XML's may not). */
  closingAttributes?: boolean;
  /** A bare (unquoted) value stops before `/>`. */
  bareStopsAtSelfClose?: boolean;
  /** 'name' keeps only the `name` attribute (no Map per tag); 'all' keeps every attribute in `attrs`. */
  attributes: 'name' | 'all';
}

/** Letters, digits, `_`, `-`, `.`, `:` and anything past ASCII — what XML tag and attribute names are made of. */
export function isXmlNameChar(code: number): boolean {
  return (
    (code >= LOWER_A && code <= LOWER_Z) ||
    (code >= UPPER_A && code <= UPPER_Z) ||
    (code >= DIGIT0 && code <= DIGIT9) ||
    code === UNDERSCORE ||
    code === MINUS ||
    code === DOT ||
    code === COLON ||
    code > 127
  );
}

/**
 * The loose XML models write: `ns:` prefixes, the `<function=NAME>` form, a quoted value ends at a
 * line break, only `name` kept (the XML format's tags and every reader built on them).
 */
export const XML_TAG_OPTIONS: AttributeTagOptions = {
  isNameChar: isXmlNameChar,
  namespaces: true,
  eqForm: true,
  bareStopsAtSelfClose: true,
  attributes: 'name',
};

/** ASCII letters, `_`, `-` — what DSML tag and attribute names are made of. */
export function isAsciiWordChar(code: number): boolean {
  return (
    (code >= LOWER_A && code <= LOWER_Z) ||
    (code >= UPPER_A && code <= UPPER_Z) ||
    code === UNDERSCORE ||
    code === MINUS
  );
}

/**
 * Each options object's `isNameChar` for the ASCII codes, as a table (1: a name character). Names
 * are most of a tag, and a call per character through the options, which hold a different
 * function per format, cost more than the rest of the read: 390 ns a DSML tag.
 */
const nameTables = new WeakMap<AttributeTagOptions, Uint8Array>();
let lastOptions: AttributeTagOptions | null = null;
let lastTable: Uint8Array = new Uint8Array(128);

function nameTable(options: AttributeTagOptions): Uint8Array {
  if (options === lastOptions) return lastTable;
  let table = nameTables.get(options);
  if (table === undefined) {
    table = new Uint8Array(128);
    for (let code = 0; code < 128; code++) table[code] = options.isNameChar(code) ? 1 : 0;
    nameTables.set(options, table);
  }
  lastOptions = options;
  lastTable = table;
  return table;
}

/** Whether `code` is a name character: by the table for ASCII, else by the options' own test. */
function isName(table: Uint8Array, options: AttributeTagOptions, code: number): boolean {
  return code < 128 ? table[code] === 1 : options.isNameChar(code);
}

/** The char code at `i`, or -1 at or past `limit`: nothing past `limit` is ever looked at. */
function at(s: string, i: number, limit: number): number {
  return i < limit ? charCodeAt.call(s, i) : -1;
}

/**
 * Reads the tag at `s[start] === '<'`, or returns null when there is none (`<` in prose, `<!`, a
 * missing prefix, a tag broken by another `<` — or in XML a line break — before its `>`). Never
 * reads at or past `limit`, so a returned tag's `end` is at most `limit`.
 */
export function readAttributeTag(
  s: string,
  start: number,
  limit: number,
  options: AttributeTagOptions,
): AttributeTag | null {
  if (at(s, start, limit) !== LT) return null;
  const names = nameTable(options);
  let i = start + 1;
  let closing = false;
  if (at(s, i, limit) === SLASH) {
    closing = true;
    i++;
  }
  let prefix = '';
  const prefixes = options.prefixes;
  if (prefixes !== undefined) {
    let found: string | undefined;
    for (const p of prefixes) {
      if (i + p.length <= limit && s.startsWith(p, i)) {
        found = p;
        break;
      }
    }
    if (found === undefined) return null;
    prefix = found;
    i += found.length;
  }
  const nameStart = i;
  const nameEnd = options.maxLocal === undefined ? limit : Math.min(limit, i + options.maxLocal);
  // The last `:` of the name is noted as it is read (a namespace prefix ends there).
  let colon = -1;
  while (i < nameEnd) {
    const c = charCodeAt.call(s, i);
    if (!isName(names, options, c)) break;
    if (c === COLON) colon = i;
    i++;
  }
  if (i === nameStart) return null;
  // The name is cut out only once the tag is complete: a `<` that starts none allocates nothing.
  let localStart = nameStart;
  const localEnd = i;
  if (options.namespaces && colon !== -1) {
    if (colon === i - 1) return null;
    localStart = colon + 1;
  }
  let name: string | null = null;
  const attrs = options.attributes === 'all' ? new Map<string, string>() : null;
  if (options.eqForm && !closing && at(s, i, limit) === EQUALS) {
    // `<function=get_weather>`: everything up to `>` on this line.
    const valueStart = i + 1;
    while (i < limit) {
      const c = charCodeAt.call(s, i);
      if (c === GT || c === LT || c === LINE_FEED) break;
      i++;
    }
    if (at(s, i, limit) !== GT) return null;
    const eq = unquote(s.slice(valueStart, i).trim());
    return completeTag(s, start, i + 1, closing, prefix, nameStart, localStart, localEnd, eq, name, attrs);
  }
  const quotedStopsAtLine = !options.quotedSpansLines;
  for (;;) {
    while (i < limit && isJsonSpace(charCodeAt.call(s, i))) i++;
    if (i >= limit) return null;
    const c = charCodeAt.call(s, i);
    if (c === GT || (c === SLASH && at(s, i + 1, limit) === GT)) {
      const end = c === GT ? i + 1 : i + 2;
      return completeTag(s, start, end, closing, prefix, nameStart, localStart, localEnd, null, name, attrs);
    }
    if ((closing && !options.closingAttributes) || !isName(names, options, c)) return null;
    const attrStart = i;
    while (i < limit && isName(names, options, charCodeAt.call(s, i))) i++;
    const attr = s.slice(attrStart, i);
    while (i < limit && isJsonSpace(charCodeAt.call(s, i))) i++;
    if (at(s, i, limit) !== EQUALS) {
      attrs?.set(attr, '');
      continue;
    }
    i++;
    while (i < limit && isJsonSpace(charCodeAt.call(s, i))) i++;
    const q = at(s, i, limit);
    let value: string;
    if (q === QUOTE || q === APOSTROPHE) {
      const valueStart = ++i;
      while (i < limit) {
        const d = charCodeAt.call(s, i);
        if (d === q || d === LT || (d === LINE_FEED && quotedStopsAtLine)) break;
        i++;
      }
      if (at(s, i, limit) !== q) return null;
      value = s.slice(valueStart, i);
      i++;
    } else {
      const valueStart = i;
      while (i < limit) {
        const d = charCodeAt.call(s, i);
        if (isJsonSpace(d) || d === GT || d === LT) break;
        if (d === SLASH && options.bareStopsAtSelfClose && at(s, i + 1, limit) === GT) break;
        i++;
      }
      value = s.slice(valueStart, i);
    }
    if (attr === 'name') name = value;
    attrs?.set(attr, value);
  }
}

/**
 * A tag read to its end, its names cut out of `s`: the local name at `[localStart, localEnd)`, and
 * when it starts past `nameStart` a namespace prefix before its colon (which replaces `prefix`).
 */
function completeTag(
  s: string,
  start: number,
  end: number,
  closing: boolean,
  prefix: string,
  nameStart: number,
  localStart: number,
  localEnd: number,
  eq: string | null,
  name: string | null,
  attrs: Map<string, string> | null,
): AttributeTag {
  const namespace = localStart !== nameStart ? s.slice(nameStart, localStart - 1) : prefix;
  return { start, end, closing, local: s.slice(localStart, localEnd), prefix: namespace, eq, name, attrs };
}

function unquote(v: string): string {
  const first = charCodeAt.call(v, 0);
  if (
    v.length >= 2 &&
    (first === QUOTE || first === APOSTROPHE) &&
    charCodeAt.call(v, v.length - 1) === first
  ) {
    return v.slice(1, -1);
  }
  return v;
}

/** The next tag at or after `from` (before `limit`), skipping `<` that start none. */
export function nextAttributeTag(
  s: string,
  from: number,
  limit: number,
  options: AttributeTagOptions,
): AttributeTag | null {
  let i = from;
  while (i < limit) {
    const lt = s.indexOf('<', i);
    if (lt === -1 || lt >= limit) return null;
    const tag = readAttributeTag(s, lt, limit, options);
    if (tag) return tag;
    i = lt + 1;
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
      let found = this.found[k]!;
      if (found !== -1 && found < from) {
        found = this.text.indexOf(this.needles[k]!, from);
        this.found[k] = found;
      }
      if (found !== -1 && (best === null || found < best.at)) best = { at: found, needle: this.needles[k]! };
    }
    return best;
  }
}
