/**
 * DeepSeek's special tokens and the look-alike spellings real outputs contain. The tokens are
 * `<｜tool▁call▁begin｜>` with U+FF5C `｜` and U+2581 `▁`; servers that do not treat them as
 * special, and models that copy them from prose, write `|` for `｜` and `_` (or a space, or `\_`)
 * for `▁` — the spellings llama.cpp accepts. Inside a block every spelling is read alike: the
 * scanner below reads the word between the bars and normalises it, so one Map lookup covers them.
 */
import {
  type AttributeTagOptions,
  BACKSLASH,
  GT,
  isAsciiWordChar,
  PIPE,
  SPACE,
  UNDERSCORE,
} from '@toolformat/core/kit';

export const FW_BAR = '\uFF5C';
export const LOW_BLOCK = '\u2581';

/** A canonical token: `tok('tool', 'call', 'begin')` → `<｜tool▁call▁begin｜>`. */
export function tok(...words: string[]): string {
  return `<${FW_BAR}${words.join(LOW_BLOCK)}${FW_BAR}>`;
}

/** The prefix every DSML tag carries: `<｜DSML｜invoke>`, or `<|DSML|invoke>` where a server mangled the bars. */
const DSML_PREFIXES = [`${FW_BAR}DSML${FW_BAR}`, '|DSML|'];

/**
 * DSML's tags for the kit's attribute-tag reader: every attribute kept (parameters carry
 * `string="true|false"`), a quoted value may span lines, a closing tag may carry attributes.
 */
export const DSML_TAGS: AttributeTagOptions = {
  prefixes: DSML_PREFIXES,
  attributes: 'all',
  quotedSpansLines: true,
  closingAttributes: true,
  isNameChar: isAsciiWordChar,
  maxLocal: 32,
};

/** Both spellings of a DSML tag: `dsml('parameter', true)` → `</｜DSML｜parameter>`, `</|DSML|parameter>`. */
export function dsml(local: string, closing = false, suffix = '>'): string[] {
  return DSML_PREFIXES.map((p) => `<${closing ? '/' : ''}${p}${local}${suffix}`);
}

export const T = {
  callsBegin: tok('tool', 'calls', 'begin'),
  callsEnd: tok('tool', 'calls', 'end'),
  callBegin: tok('tool', 'call', 'begin'),
  callEnd: tok('tool', 'call', 'end'),
  sep: tok('tool', 'sep'),
  outputsBegin: tok('tool', 'outputs', 'begin'),
  outputsEnd: tok('tool', 'outputs', 'end'),
  outputBegin: tok('tool', 'output', 'begin'),
  outputEnd: tok('tool', 'output', 'end'),
  eos: tok('end', 'of', 'sentence'),
  user: tok('User'),
} as const;

/**
 * Every spelling of a token: the bars fullwidth or ASCII, the word joints `▁`, `_` or a space.
 * `step3: false` leaves out `<｜tool_calls_begin｜>` (fullwidth bars, ASCII `_`), which StepFun
 * Step-3 writes as its own markup (the XML package reads it).
 */
export function spellings(
  words: readonly string[],
  opts: { step3?: boolean; ascii?: boolean } = {},
): string[] {
  const out = new Set<string>();
  for (const bar of [FW_BAR, '|']) {
    for (const joint of [LOW_BLOCK, '_', ' ']) {
      if (opts.step3 === false && bar === FW_BAR && joint === '_' && words.length > 1) continue;
      if (opts.ascii === false && bar === '|' && joint === '_') continue;
      out.add(`<${bar}${words.join(joint)}${bar}>`);
    }
  }
  return [...out];
}

/** The spellings `spellings` leaves out with `step3: false` / `ascii: false`. */
export function step3Spelling(words: readonly string[]): string {
  return `<${FW_BAR}${words.join('_')}${FW_BAR}>`;
}
export function asciiSpelling(words: readonly string[]): string {
  return `<|${words.join('_')}|>`;
}

export type TokenKind = 'callsBegin' | 'callsEnd' | 'callBegin' | 'callEnd' | 'sep' | 'eos';

/** Normalised word → kind. `tool_calls` alone is llama.cpp's spelling of the wrapper's begin. */
const WORDS = new Map<string, TokenKind>([
  ['tool_calls_begin', 'callsBegin'],
  ['tool_calls', 'callsBegin'],
  ['tool_calls_end', 'callsEnd'],
  ['tool_call_begin', 'callBegin'],
  ['tool_call_end', 'callEnd'],
  ['tool_sep', 'sep'],
  ['end_of_sentence', 'eos'],
]);

/** The longest word between the bars worth reading (`end▁of▁sentence` with `\_` joints is 19). */
const MAX_WORD = 24;

export interface Token {
  kind: TokenKind;
  start: number;
  end: number;
}

/** `｜` (U+FF5C) and `▁` (U+2581): DeepSeek's own token characters, not ASCII. */
const FW_BAR_CODE = 0xff5c;
const LOW_BLOCK_CODE = 0x2581;

function isBarCode(c: number): boolean {
  return c === FW_BAR_CODE || c === PIPE;
}

/**
 * The normalised code of the word character at `i` (`_` for every joint, letters lowercased), and
 * how many characters it spans (`\_` is two); 0 when no word character is there.
 */
let codeWidth = 0;
function wordCode(text: string, i: number): number {
  const c = text.charCodeAt(i);
  codeWidth = 1;
  if (c === LOW_BLOCK_CODE || c === SPACE || c === UNDERSCORE) return UNDERSCORE;
  // `<｜tool\_calls\_begin｜>`: a markdown-escaped underscore.
  if (c === BACKSLASH && text.charCodeAt(i + 1) === UNDERSCORE) {
    codeWidth = 2;
    return UNDERSCORE;
  }
  if (c >= 97 && c <= 122) return c;
  if (c >= 65 && c <= 90) return c + 32;
  return 0;
}

function wordHash(word: string): number {
  let h = 0;
  for (let i = 0; i < word.length; i++) h = (Math.imul(h, 31) + word.charCodeAt(i)) | 0;
  return h;
}

/** The words by their hash, to look a word up without building it as a string. */
const BY_HASH = new Map<number, Array<[string, TokenKind]>>();
for (const [word, kind] of WORDS) {
  const h = wordHash(word);
  const list = BY_HASH.get(h);
  if (list) list.push([word, kind]);
  else BY_HASH.set(h, [[word, kind]]);
}

/** True when the word written from `from` reads as `word` once normalised. */
function wordIs(text: string, from: number, word: string): boolean {
  let i = from;
  for (let k = 0; k < word.length; k++) {
    if (wordCode(text, i) !== word.charCodeAt(k)) return false;
    i += codeWidth;
  }
  return true;
}

/**
 * The token starting at `at` (which holds `<`), or null. Reads at most MAX_WORD characters, so a
 * scan that tries every `<` stays linear; char codes only, nothing allocated for a non-token.
 */
export function tokenAt(text: string, at: number): Token | null {
  if (!isBarCode(text.charCodeAt(at + 1))) return null;
  let hash = 0;
  let length = 0;
  const limit = Math.min(text.length, at + 2 + MAX_WORD);
  for (let i = at + 2; i < limit; ) {
    const c = text.charCodeAt(i);
    if (isBarCode(c)) {
      if (text.charCodeAt(i + 1) !== GT) return null;
      const candidates = BY_HASH.get(hash);
      if (candidates === undefined) return null;
      for (const [word, kind] of candidates) {
        if (word.length === length && wordIs(text, at + 2, word)) return { kind, start: at, end: i + 2 };
      }
      return null;
    }
    const code = wordCode(text, i);
    if (code === 0) return null;
    hash = (Math.imul(hash, 31) + code) | 0;
    length++;
    i += codeWidth;
  }
  return null;
}

/** The next token at or after `from` and before `limit` whose kind is in `kinds`. */
export function nextToken(
  text: string,
  from: number,
  kinds: ReadonlySet<TokenKind>,
  limit = text.length,
): Token | null {
  let i = from;
  while (i < limit) {
    const lt = text.indexOf('<', i);
    if (lt === -1 || lt >= limit) return null;
    const t = tokenAt(text, lt);
    if (t !== null && t.end <= limit && kinds.has(t.kind)) return t;
    i = lt + 1;
  }
  return null;
}
