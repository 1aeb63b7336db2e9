/**
 * From the raw text between a parameter's tags to the text a tool's value is typed from: CDATA
 * unwrapped, XML entities decoded, the newline the format puts around a value removed. Shared by
 * every reader of XML-style parameter tags (parameter-tags.ts and the formats' own element readers),
 * with what such a reader passes over between tags and must report (`StrayText`).
 */
import {
  BACKSLASH,
  CARRIAGE_RETURN,
  DIGIT0,
  DIGIT9,
  HASH,
  isBlank,
  LINE_FEED,
  LOWER_A,
  LOWER_Z,
  SEMICOLON,
  skipSpacesAndTabs,
  spacesAndTabsBefore,
  UPPER_A,
  UPPER_Z,
} from './char-codes.js';
import type { BodyIssue } from './markup-spec.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/**
 * Whether `s[from, to)` is layout between tags: blanks, and the `\n`, `\r`, `\t` escapes of an
 * output that was JSON-escaped as a whole.
 */
export function isTagLayout(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = charCodeAt.call(s, i);
    if (isBlank(c)) continue;
    if (c !== BACKSLASH || i + 1 === to) return false;
    const e = s[i + 1];
    if (e !== 'n' && e !== 'r' && e !== 't') return false;
    i++;
  }
  return true;
}

/**
 * What a call's reader passed over between its tags and that is not layout (words, a tag of no
 * element): collected, then reported as one issue, so that nothing inside a call block is dropped
 * in silence (architecture/semantics.md, guarantee 1). One issue per call, whatever the pieces:
 * past MAX_STRAY_PIECES, the rest is kept as one span from the next piece to the last, so that a
 * megabyte of words between tags costs one slice, not one per word.
 */
export class StrayText {
  private pieces: string[] | null = null;
  private restFrom = -1;
  private restTo = -1;

  constructor(private readonly body: string) {}

  /** `body[from, to)` was passed over. */
  add(from: number, to: number): void {
    if (to <= from || isTagLayout(this.body, from, to)) return;
    this.pieces ??= [];
    if (this.pieces.length < MAX_STRAY_PIECES) this.pieces.push(this.body.slice(from, to).trim());
    else {
      if (this.restFrom === -1) this.restFrom = from;
      this.restTo = to;
    }
  }

  /** One `trailing-text` issue, `Text inside ${where} … was removed`, when anything was passed over. */
  report(where: string, issues: BodyIssue[]): void {
    if (this.pieces === null) return;
    if (this.restFrom !== -1) this.pieces.push(this.body.slice(this.restFrom, this.restTo).trim());
    issues.push({
      kind: 'trailing-text',
      message: `Text inside ${where} was removed.`,
      raw: this.pieces.join('\n'),
    });
  }
}

/** Pieces of stray text kept apart in an issue's raw text (see StrayText). */
const MAX_STRAY_PIECES = 64;

/** How a format lays a value out between its tags. */
export type ValueLayout =
  /**
   * Qwen3-Coder writes `<parameter=k>\nvalue\n</parameter>`: one newline after the open tag and
   * one before the close belong to the format, and each goes on its own.
   */
  | 'lines'
  /**
   * `<parameter name="k">value</parameter>`: the value is written as is; only a newline on both
   * sides (`>\nvalue\n<`) is taken for layout, so `return 1\n` keeps its newline (vLLM's Step-3 tests).
   */
  | 'inline'
  /**
   * MiMo (vLLM's `mimo`): the text between the tags is the value, newlines and all; the model
   * writes `<parameter=k>value</parameter>` with nothing around the value that is not its own.
   */
  | 'verbatim';

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** An entity name is letters, digits and `#`. */
function isEntityChar(c: number): boolean {
  return (
    (c >= DIGIT0 && c <= DIGIT9) ||
    (c >= UPPER_A && c <= UPPER_Z) ||
    (c >= LOWER_A && c <= LOWER_Z) ||
    c === HASH
  );
}

/**
 * Decodes `&lt; &gt; &amp; &quot; &apos; &#NN; &#xHH;` and unwraps `<![CDATA[…]]>` (its inside is
 * kept verbatim). Anything else that starts with `&` is text: models write raw `&` in values.
 */
export function decodeXmlText(raw: string): string {
  let amp = raw.indexOf('&');
  let cdata = raw.indexOf('<![CDATA[');
  if (amp === -1 && cdata === -1) return raw;
  let out = '';
  /** Start of the raw text not yet copied to `out`. */
  let last = 0;
  // Each search goes forward only: linear in the text, however many `&` are plain text.
  for (;;) {
    if (cdata !== -1 && (amp === -1 || cdata < amp)) {
      const close = raw.indexOf(']]>', cdata + 9);
      if (close === -1) break;
      out += raw.slice(last, cdata) + raw.slice(cdata + 9, close);
      last = close + 3;
      cdata = raw.indexOf('<![CDATA[', last);
      if (amp !== -1 && amp < last) amp = raw.indexOf('&', last);
      continue;
    }
    if (amp === -1) break;
    let semi = -1;
    for (let j = amp + 1; j < raw.length && j <= amp + 10; j++) {
      const c = charCodeAt.call(raw, j);
      if (c === SEMICOLON) semi = j;
      // Anything but an entity character ends the look.
      if (!isEntityChar(c)) break;
    }
    const entity = semi === -1 ? null : decodeEntity(raw.slice(amp + 1, semi));
    if (entity !== null) {
      out += raw.slice(last, amp) + entity;
      last = semi + 1;
    }
    amp = raw.indexOf('&', entity === null ? amp + 1 : last);
  }
  return last === 0 ? raw : out + raw.slice(last);
}

function decodeEntity(name: string): string | null {
  if (Object.hasOwn(NAMED_ENTITIES, name)) return NAMED_ENTITIES[name]!;
  if (charCodeAt.call(name, 0) !== HASH) return null;
  const hex = name[1] === 'x' || name[1] === 'X';
  const digits = name.slice(hex ? 2 : 1);
  if (digits === '') return null;
  let code = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = Number.parseInt(digits[i]!, hex ? 16 : 10);
    if (Number.isNaN(d)) return null;
    code = code * (hex ? 16 : 10) + d;
  }
  if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return null;
  return String.fromCodePoint(code);
}

/** Removes the newline(s) the layout adds around a value. */
export function unwrapLayout(text: string, layout: ValueLayout): string {
  if (layout === 'verbatim') return text;
  // A value written on the tag's own line (`<parameter=path> a.txt`, `<parameter=cmd>ls -la </tool_call>`):
  // the model left out the template's newlines, and the blanks where it writes them — before the
  // value, and before its close or its end — are layout too, in the line layout.
  const first = charCodeAt.call(text, 0);
  if (layout === 'lines' && first !== LINE_FEED && first !== CARRIAGE_RETURN) {
    const p = skipSpacesAndTabs(text, 0, text.length);
    if (
      p < text.length &&
      charCodeAt.call(text, p) !== LINE_FEED &&
      charCodeAt.call(text, p) !== CARRIAGE_RETURN
    ) {
      // The blanks before a closing newline go too (a scan from the end: no regex over the value).
      const nl = text.endsWith('\r\n') ? 2 : text.endsWith('\n') ? 1 : 0;
      return text.slice(p, spacesAndTabsBefore(text, text.length - nl, p));
    }
  }
  const lead = text.startsWith('\r\n') ? 2 : text.startsWith('\n') ? 1 : 0;
  const trail = text.endsWith('\r\n') ? 2 : text.endsWith('\n') ? 1 : 0;
  if (layout === 'inline' && (lead === 0 || trail === 0)) return text;
  if (lead + trail > text.length) return '';
  return text.slice(lead, text.length - trail);
}

/** The text of one value as written: CDATA and entities resolved, layout newlines removed. */
export function valueText(raw: string, layout: ValueLayout): string {
  // A value that is one CDATA section is exactly its inside.
  const trimmed = raw.trim();
  if (
    trimmed.startsWith('<![CDATA[') &&
    trimmed.endsWith(']]>') &&
    trimmed.indexOf(']]>') === trimmed.length - 3
  ) {
    return trimmed.slice(9, -3);
  }
  return decodeXmlText(unwrapLayout(raw, layout));
}

/** Names and keys are written raw or entity-encoded; either way they are trimmed. */
export function decodeName(raw: string): string {
  return valueText(raw, 'inline').trim();
}
