/**
 * The position rule of the evidence model (architecture/precision.md): a span that reads as a
 * call is a mention when the sentence it stands in goes on after it on the same line
 * (`…</tool_call> which means…`, `{…} is what a call looks like.`). A new sentence after it
 * (`{…} Would you like…`), a line break, more markup, or text glued to its close
 * (`</tool_call>Hello`, how templates join messages) leave it a call.
 *
 * The engine applies the rule to every block (`MarkupStreamParser.decidePending`, one character
 * after the blanks decides); `textContinuesSentence` is the form for body parsers that find
 * calls inside free text (bare JSON, bare pythonic lists) and for whole-output readings.
 */
import { CARRIAGE_RETURN, LINE_FEED, SPACE, TAB } from './char-codes.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

const LEFT_BRACKET = 0x5b;
const LEFT_BRACE = 0x7b;
const LESS_THAN = 0x3c;

/**
 * Does the character `code`, the first non-blank after a call on its line, carry the sentence
 * on? `glued`: no blank stands between the call and it.
 */
export function continuesSentence(code: number, glued: boolean): boolean {
  if (code === LINE_FEED || code === CARRIAGE_RETURN) return false;
  // What may open more markup (another call, a token the format does not list).
  if (code === LESS_THAN || code === LEFT_BRACKET || code === LEFT_BRACE) return false;
  const ch = String.fromCharCode(code);
  const lower = ch.toLowerCase();
  const upper = ch.toUpperCase();
  if (lower !== upper) {
    // A cased letter: glued to the close it is the next message; after a blank, lower case goes
    // on with the sentence and upper case starts a new one.
    return !glued && ch === lower;
  }
  if ((code >= 0x30 && code <= 0x39) || code > 0x2e7f) return false; // digits, CJK and other scripts
  // Punctuation: a closing quote or bracket, a comma, a full stop, a dash: the sentence goes on.
  return true;
}

/**
 * `continuesSentence` for the text after a call that ends at `at`. A tag or token glued to the
 * call (`</tool_call>`, `<|eot_id|>`) is passed over first: another format's close is not prose.
 */
export function textContinuesSentence(text: string, at: number): boolean {
  let p = skipTag(text, at);
  while (p < text.length && (charCodeAt.call(text, p) === SPACE || charCodeAt.call(text, p) === TAB)) p++;
  if (p === text.length) return false;
  return continuesSentence(charCodeAt.call(text, p), p === at || charCodeAt.call(text, p - 1) === 0x3e);
}

/** After a `<…>` tag of at most 64 characters with no blank in it at `at`, else `at`. */
function skipTag(text: string, at: number): number {
  if (charCodeAt.call(text, at) !== LESS_THAN) return at;
  const limit = Math.min(text.length, at + 64);
  for (let p = at + 1; p < limit; p++) {
    const c = charCodeAt.call(text, p);
    if (c === 0x3e) return p + 1;
    if (c === SPACE || c === TAB || c === LINE_FEED || c === CARRIAGE_RETURN) return at;
  }
  return at;
}

/**
 * A span whose open marker is followed by a blank and a lower-case word (`[TOOL_CALLS] followed
 * by a JSON list`) is the marker named in a sentence, not markup with a payload.
 */
export function opensProse(body: string): boolean {
  const first = charCodeAt.call(body, 0);
  if (first !== SPACE && first !== TAB) return false;
  let p = 1;
  while (p < body.length && (charCodeAt.call(body, p) === SPACE || charCodeAt.call(body, p) === TAB)) p++;
  if (p === body.length) return false;
  const ch = body[p]!;
  return ch !== ch.toUpperCase() && ch === ch.toLowerCase();
}

/** True when only spaces or tabs stand between `end` and a line break or the end of `text`. */
export function endsItsLine(text: string, end: number): boolean {
  for (let p = end; p < text.length; p++) {
    const c = charCodeAt.call(text, p);
    if (c === LINE_FEED || c === CARRIAGE_RETURN) return true;
    if (c !== SPACE && c !== TAB) return false;
  }
  return true;
}

/** A character that glues an open marker to the word before it (`prefix text<｜tool▁calls▁begin｜>`). */
export function gluesToMarker(code: number): boolean {
  if (code < 0) return false;
  const ch = String.fromCharCode(code);
  return (
    ch.toLowerCase() !== ch.toUpperCase() ||
    (code >= 0x30 && code <= 0x39) ||
    code === 0x2e ||
    code === 0x21 ||
    code === 0x3f ||
    code === 0x3a
  );
}

/**
 * Words of a sentence outside any quoted string (a blank, then two lower-case letters): what a
 * span cut off by the end holds when it is a marker named in prose (`shows
 * <｜tool▁call▁begin｜>function<｜tool▁sep｜>search as text`), not a payload cut mid-way.
 */
export function holdsProse(body: string): boolean {
  let inString = false;
  for (let p = 0; p < body.length; p++) {
    const c = charCodeAt.call(body, p);
    if (c === 0x22) {
      let b = p - 1;
      while (b >= 0 && charCodeAt.call(body, b) === 0x5c) b--;
      if ((p - 1 - b) % 2 === 0) inString = !inString;
      continue;
    }
    if (inString || (c !== SPACE && c !== TAB)) continue;
    const a = charCodeAt.call(body, p + 1);
    const b = charCodeAt.call(body, p + 2);
    if (a >= 0x61 && a <= 0x7a && b >= 0x61 && b <= 0x7a) return true;
  }
  return false;
}
