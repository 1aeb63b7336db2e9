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

// Called directly, never as `text.charCodeAt` or `text.slice`: see architecture/stream-engine.md,
// "Reading code units".
const charCodeAt = String.prototype.charCodeAt;
const slice = String.prototype.slice;

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
    if (((p - pos) & BLANK_RUN_MASK) === 0) p = skipBlankRun(text, p, to);
  }
  return p;
}

/**
 * How many units a run of one blank is compared at a time, and the runs themselves. A megabyte of
 * one blank (a model stuck on a space or a line break, hostile output) is the longest thing the
 * blank-skipping loops read; compared natively a run at a time it costs a tenth of a look at each
 * unit (architecture/stream-engine.md, "Long runs of one blank").
 */
const BLANK_RUN = 256;
const BLANK_RUN_MASK = BLANK_RUN - 1;
const SPACE_RUN = ' '.repeat(BLANK_RUN);
const LINE_FEED_RUN = '\n'.repeat(BLANK_RUN);
const TAB_RUN = '\t'.repeat(BLANK_RUN);

/** The run of `BLANK_RUN` copies of `code` when it is a blank that comes in long runs, else ''. */
function blankRun(code: number): string {
  return code === SPACE ? SPACE_RUN : code === LINE_FEED ? LINE_FEED_RUN : code === TAB ? TAB_RUN : '';
}

/**
 * Past whole runs of `BLANK_RUN` copies of the blank before `pos` that start at `pos`, up to `to`
 * (`pos` itself when none does). The loops that skip blanks call it every `BLANK_RUN` units, so a
 * mixed run costs one comparison more per `BLANK_RUN` units. A run is compared as a slice equal to
 * it: a native comparison of memory, where `startsWith` with a pattern that is not a constant
 * costs a call into the runtime (about 250 ns each, more than the units it spares).
 * The text must have a unit before `pos`.
 */
function skipBlankRun(text: string, pos: number, to: number): number {
  const run = blankRun(charCodeAt.call(text, pos - 1));
  if (run === '') return pos;
  let p = pos;
  while (p + BLANK_RUN <= to && slice.call(text, p, p + BLANK_RUN) === run) p += BLANK_RUN;
  return p;
}

/** The first index in `[pos, to)` that is not a space or a tab (a blank inside a line). */
export function skipSpacesAndTabs(text: string, pos: number, to: number): number {
  let p = pos;
  while (p < to && isSpaceOrTab(charCodeAt.call(text, p))) {
    p++;
    if (((p - pos) & BLANK_RUN_MASK) === 0) p = skipBlankRun(text, p, to);
  }
  return p;
}

/** Where the spaces and tabs that end `[floor, end)` start (`end` when none do). */
export function spacesAndTabsBefore(text: string, end: number, floor: number): number {
  let q = end;
  while (q > floor && isSpaceOrTab(charCodeAt.call(text, q - 1))) {
    q--;
    if (((end - q) & BLANK_RUN_MASK) === 0) q = skipBlankRunBack(text, q, floor);
  }
  return q;
}

/** Where the white space (`isSpace`) that ends `text` starts: `text.length` when none does. */
export function trailingSpaceStart(text: string): number {
  const n = text.length;
  let q = n;
  while (q > 0 && isSpace(charCodeAt.call(text, q - 1))) {
    q--;
    if (((n - q) & BLANK_RUN_MASK) === 0) q = skipBlankRunBack(text, q, 0);
  }
  return q;
}

/** `skipBlankRun` backwards: before whole runs of the blank at `end` that end at `end`, down to `floor`. */
function skipBlankRunBack(text: string, end: number, floor: number): number {
  const run = blankRun(charCodeAt.call(text, end));
  if (run === '') return end;
  let q = end;
  while (q - BLANK_RUN >= floor && slice.call(text, q - BLANK_RUN, q) === run) q -= BLANK_RUN;
  return q;
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
  const n = text.length;
  while (p < n) {
    const c = charCodeAt.call(text, p);
    if (!(isBlank(c) || (commas && c === COMMA))) break;
    p++;
    if (((p - pos) & BLANK_RUN_MASK) === 0) p = skipBlankRun(text, p, n);
  }
  return p;
}
