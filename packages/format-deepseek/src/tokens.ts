/**
 * DeepSeek's special tokens and the look-alike spellings real outputs contain. The tokens are
 * `<｜tool▁call▁begin｜>` with U+FF5C `｜` and U+2581 `▁`; servers that do not treat them as
 * special, and models that copy them from prose, write `|` for `｜` and `_` (or a space, or `\_`)
 * for `▁` — the spellings llama.cpp accepts. Inside a block every spelling is read alike, by the
 * kit's spelled-token reader (`TOKENS`).
 */
import {
  type AttributeTagOptions,
  isAsciiWordChar,
  type SpelledToken,
  SpelledTokens,
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

export type TokenKind = 'callsBegin' | 'callsEnd' | 'callBegin' | 'callEnd' | 'sep' | 'eos';

/**
 * The tokens a call block holds, for the kit's spelled-token reader: the bars fullwidth or ASCII,
 * the word joints `▁`, `_` or a space (or `\_`), any case. `tool_calls` alone is llama.cpp's
 * spelling of the wrapper's begin. A word is read up to 24 characters (`end▁of▁sentence` with
 * `\_` joints is 19).
 */
export const TOKENS = new SpelledTokens<TokenKind>({
  bars: `${FW_BAR}|`,
  joints: `${LOW_BLOCK}_ `,
  words: new Map<string, TokenKind>([
    ['tool_calls_begin', 'callsBegin'],
    ['tool_calls', 'callsBegin'],
    ['tool_calls_end', 'callsEnd'],
    ['tool_call_begin', 'callBegin'],
    ['tool_call_end', 'callEnd'],
    ['tool_sep', 'sep'],
    ['end_of_sentence', 'eos'],
  ]),
  maxWord: 24,
});

export type Token = SpelledToken<TokenKind>;

/** The token starting at `at` (which holds `<`), or null. */
export function tokenAt(text: string, at: number): Token | null {
  return TOKENS.at(text, at);
}

/** The spellings `spellings` leaves out with `step3: false` / `ascii: false`. */
export function step3Spelling(words: readonly string[]): string {
  return `<${FW_BAR}${words.join('_')}${FW_BAR}>`;
}
export function asciiSpelling(words: readonly string[]): string {
  return `<|${words.join('_')}|>`;
}

/**
 * Every spelling of a token (the kit's). `step3: false` leaves out `<｜tool_calls_begin｜>`
 * (fullwidth bars, ASCII `_`), which StepFun Step-3 writes as its own markup (the XML package
 * reads it); `ascii: false` leaves out `<|tool_call_begin|>`, Kimi K2's.
 */
export function spellings(
  words: readonly string[],
  opts: { step3?: boolean; ascii?: boolean } = {},
): string[] {
  const all = TOKENS.spellings(words);
  if (words.length < 2) return all;
  const step3 = opts.step3 === false ? step3Spelling(words) : null;
  const ascii = opts.ascii === false ? asciiSpelling(words) : null;
  return all.filter((s) => s !== step3 && s !== ascii);
}
