/** Character codes the scanners compare against; named so the hot loops read as prose. */
/* Plain consts rather than an enum: they inline in hot loops under every toolchain. */
export const TAB = 9;
export const LINE_FEED = 10;
export const CARRIAGE_RETURN = 13;
export const SPACE = 32;
export const QUOTE = 34; // "
export const HASH = 35; // #
export const APOSTROPHE = 39; // '
export const PAREN_OPEN = 40;
export const PAREN_CLOSE = 41;
export const COMMA = 44;
export const MINUS = 45;
export const DOT = 46;
export const SLASH = 47;
export const DIGIT0 = 48;
export const DIGIT9 = 57;
export const COLON = 58;
export const SEMICOLON = 59;
export const EQUALS = 61;
export const LT = 60;
export const GT = 62;
export const UPPER_A = 65;
export const UPPER_Z = 90;
export const BRACKET_OPEN = 91;
export const BACKSLASH = 92;
export const BRACKET_CLOSE = 93;
export const UNDERSCORE = 95;
export const BACKTICK = 96;
export const LOWER_A = 97;
export const LOWER_Z = 122;
export const BRACE_OPEN = 123;
export const PIPE = 124;
export const BRACE_CLOSE = 125;
export const TILDE = 126;

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/** JSON / Markdown whitespace: space, tab, CR, LF (and the rarer vertical tab / form feed). */
export function isSpace(code: number): boolean {
  return code === SPACE || (code >= TAB && code <= CARRIAGE_RETURN);
}

/** `A-Z`, `a-z`, `_`: where an ASCII identifier (a tool name in bare text) may start. */
export function isAsciiIdentStart(code: number): boolean {
  return (code >= LOWER_A && code <= LOWER_Z) || (code >= UPPER_A && code <= UPPER_Z) || code === UNDERSCORE;
}

export function isIdentStart(code: number): boolean {
  return (
    (code >= LOWER_A && code <= LOWER_Z) ||
    (code >= UPPER_A && code <= UPPER_Z) ||
    code === UNDERSCORE ||
    code > 127
  );
}

export function isIdentPart(code: number): boolean {
  return isIdentStart(code) || (code >= DIGIT0 && code <= DIGIT9);
}

/** `0-9`, `A-Z`, `a-z`. */
export function isAsciiAlphanumeric(code: number): boolean {
  return (
    (code >= DIGIT0 && code <= DIGIT9) ||
    (code >= UPPER_A && code <= UPPER_Z) ||
    (code >= LOWER_A && code <= LOWER_Z)
  );
}

/** `A-Z`, `a-z`, `0-9`, `_`, `-`, `.`: the characters of a tool name as most formats write one. */
export function isToolNameChar(code: number): boolean {
  return isAsciiAlphanumeric(code) || code === UNDERSCORE || code === MINUS || code === DOT;
}

/** `0-9`. */
export function isDigit(code: number): boolean {
  return code >= DIGIT0 && code <= DIGIT9;
}

/** `0-9`, `A-F`, `a-f`. */
export function isHex(code: number): boolean {
  return (code >= DIGIT0 && code <= DIGIT9) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
}

/** Blanks models write around call markup: JSON whitespace, a no-break space, a byte-order mark. */
export function isBlank(code: number): boolean {
  return (
    code === SPACE ||
    code === LINE_FEED ||
    code === CARRIAGE_RETURN ||
    code === TAB ||
    code === 0xa0 ||
    code === 0xfeff
  );
}

/** U+200B: no width, no `/\s/` match, yet models leak it where a blank would go. */
export const ZERO_WIDTH_SPACE = 0x200b;

/**
 * White space in any script: exactly what `/\s/` matches and `String.prototype.trim` removes
 * (ASCII blanks, no-break spaces, the U+2000 block, line and paragraph separators, the
 * ideographic space, the byte-order mark), without a regular expression.
 */
export function isUnicodeSpace(code: number): boolean {
  if (code < 128) return code === SPACE || (code >= TAB && code <= CARRIAGE_RETURN);
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** The first index at or after `pos` that is not white space in any script (`isUnicodeSpace`). */
export function skipUnicodeSpace(text: string, pos: number): number {
  let p = pos;
  while (p < text.length && isUnicodeSpace(charCodeAt.call(text, p))) p++;
  return p;
}

/** JSON's whitespace: space, line feed, carriage return, tab (what a JSON body may hold between tokens). */
export function isJsonSpace(code: number): boolean {
  return code === SPACE || code === LINE_FEED || code === CARRIAGE_RETURN || code === TAB;
}

/** The first index in `[pos, to)` that is not JSON whitespace (nor, with `commas`, a comma). */
export function skipJsonSpace(text: string, pos: number, commas = false, to = text.length): number {
  let p = pos;
  while (p < to) {
    const c = charCodeAt.call(text, p);
    if (!(isJsonSpace(c) || (commas && c === COMMA))) break;
    p++;
  }
  return p;
}

/** A blank inside a line: space or tab (a line break ends what is being read). */
/** Whether `[from, to)` holds only spaces, tabs and carriage returns: a line with nothing on it. */
export function isBlankRange(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = charCodeAt.call(text, i);
    if (c !== SPACE && c !== TAB && c !== CARRIAGE_RETURN) return false;
  }
  return true;
}

export function isSpaceOrTab(code: number): boolean {
  return code === SPACE || code === TAB;
}

/** The first index at or after `pos` that is not a blank (nor, with `commas`, a comma). */
export function skipBlank(text: string, pos: number, commas = false): number {
  let p = pos;
  while (p < text.length) {
    const c = charCodeAt.call(text, p);
    if (!(isBlank(c) || (commas && c === COMMA))) break;
    p++;
  }
  return p;
}
