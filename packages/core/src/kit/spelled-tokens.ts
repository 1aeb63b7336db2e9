/**
 * Special tokens in the look-alike spellings real outputs hold. A token such as
 * `<｜tool▁call▁begin｜>` (U+FF5C bars, U+2581 joints) reaches the text as the model's tokenizer
 * spells it, or, from servers that do not treat it as special and models that copy it from prose,
 * with ASCII bars (`|`) and `_`, a space or a markdown-escaped `\_` for a joint — the spellings
 * llama.cpp accepts. A format declares the characters its bars and joints may be, and each
 * token's word (joints written `_`, lower case); this reader tells which token stands at a `<`,
 * every spelling read alike, and lists a token's spellings for the markers of a markup.
 *
 * Cost: the word between the bars is read by char codes, hashed as it goes and looked up once,
 * never built as a string; a read stops after `maxWord` characters, so a scan that tries every
 * `<` of a text stays linear, and nothing is allocated for a `<` that starts no token.
 */
import { BACKSLASH, GT, LOWER_A, LOWER_Z, UNDERSCORE, UPPER_A, UPPER_Z } from './char-codes.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

export interface SpelledTokensSpec<K extends string> {
  /** The characters a bar around the word may be written as (`'｜|'`), the model's own first. */
  bars: string;
  /** The characters a joint between words may be written as (`'▁_ '`), all read as `_`; `\_` too. */
  joints: string;
  /** Each token's word, joints written `_`, in lower case (`tool_call_begin`), and its kind. */
  words: ReadonlyMap<string, K>;
  /** Characters of a word read at most (default: the longest word with every joint escaped, plus one). */
  maxWord?: number;
}

export interface SpelledToken<K extends string> {
  kind: K;
  /** Index of the `<`. */
  start: number;
  /** Index just past the `>`. */
  end: number;
}

function wordHash(word: string): number {
  let h = 0;
  for (let i = 0; i < word.length; i++) h = (Math.imul(h, 31) + charCodeAt.call(word, i)) | 0;
  return h;
}

/** ASCII upper-case letters are read lower-cased: the offset between the two. */
const CASE = LOWER_A - UPPER_A;

/** What a code unit is to a spelled token: one table load per character, not a list search. */
const BAR = 1;
const JOINT = 2;

/** Spellings a reader remembers (a block's tokens are a handful). */
const RECENT = 8;

/** The reader of one family's spelled tokens. */
export class SpelledTokens<K extends string> {
  /** BAR or JOINT by code unit (every UTF-16 code unit has a slot). */
  private readonly kinds = new Uint8Array(0x10000);
  /** The words by their hash, to look a word up without building it as a string. */
  private readonly byHash = new Map<number, Array<[string, K]>>();
  private readonly maxWord: number;
  /** How many characters the last `wordCode` read spans (`\_` is two). */
  private width = 0;
  /**
   * The last few spellings read, exactly as written, and their kinds: the same characters read
   * alike, so a text that writes its tokens one way (they all do) has each compared, not hashed
   * and read again. A ring of RECENT entries.
   */
  private readonly recent: string[] = [];
  private readonly recentKinds: K[] = [];
  private recentNext = 0;

  constructor(private readonly spec: SpelledTokensSpec<K>) {
    for (const c of spec.bars) this.kinds[charCodeAt.call(c, 0)] = BAR;
    for (const c of spec.joints) this.kinds[charCodeAt.call(c, 0)] = JOINT;
    let longest = 0;
    for (const [word, kind] of spec.words) {
      const h = wordHash(word);
      const list = this.byHash.get(h);
      if (list) list.push([word, kind]);
      else this.byHash.set(h, [[word, kind]]);
      longest = Math.max(longest, word.length + word.split('_').length);
    }
    this.maxWord = spec.maxWord ?? longest;
  }

  /**
   * The normalised code of the word character at `i` (`_` for every joint, letters lowercased),
   * its span in `width`; 0 when no word character is there.
   */
  private wordCode(text: string, i: number): number {
    const c = charCodeAt.call(text, i);
    this.width = 1;
    if (this.kinds[c] === JOINT) return UNDERSCORE;
    // `<｜tool\_calls\_begin｜>`: a markdown-escaped underscore.
    if (c === BACKSLASH && charCodeAt.call(text, i + 1) === UNDERSCORE) {
      this.width = 2;
      return UNDERSCORE;
    }
    if (c >= LOWER_A && c <= LOWER_Z) return c;
    if (c >= UPPER_A && c <= UPPER_Z) return c + CASE;
    return 0;
  }

  /** True when the word written from `from` reads as `word` once normalised. */
  private wordIs(text: string, from: number, word: string): boolean {
    let i = from;
    for (let k = 0; k < word.length; k++) {
      if (this.wordCode(text, i) !== charCodeAt.call(word, k)) return false;
      i += this.width;
    }
    return true;
  }

  /** The token starting at `at` (which holds `<`), in any spelling, or null. */
  at(text: string, at: number): SpelledToken<K> | null {
    if (this.kinds[charCodeAt.call(text, at + 1)] !== BAR) return null;
    const recent = this.recent;
    for (let k = 0; k < recent.length; k++) {
      const spelling = recent[k]!;
      if (text.startsWith(spelling, at))
        return { kind: this.recentKinds[k]!, start: at, end: at + spelling.length };
    }
    let hash = 0;
    let length = 0;
    const limit = Math.min(text.length, at + 2 + this.maxWord);
    for (let i = at + 2; i < limit; ) {
      const c = charCodeAt.call(text, i);
      if (this.kinds[c] === BAR) {
        if (charCodeAt.call(text, i + 1) !== GT) return null;
        const candidates = this.byHash.get(hash);
        if (candidates === undefined) return null;
        for (const [word, kind] of candidates) {
          if (word.length === length && this.wordIs(text, at + 2, word)) {
            this.remember(text, at, i + 2, kind);
            return { kind, start: at, end: i + 2 };
          }
        }
        return null;
      }
      const code = this.wordCode(text, i);
      if (code === 0) return null;
      hash = (Math.imul(hash, 31) + code) | 0;
      length++;
      i += this.width;
    }
    return null;
  }

  private remember(text: string, start: number, end: number, kind: K): void {
    // Copied code by code: a slice could keep the whole text it came from alive in the ring.
    const codes: number[] = [];
    for (let i = start; i < end; i++) codes.push(charCodeAt.call(text, i));
    const k = this.recentNext;
    this.recent[k] = String.fromCharCode(...codes);
    this.recentKinds[k] = kind;
    this.recentNext = (k + 1) % RECENT;
  }

  /**
   * The first token at or after `from`, or null: each `<` is looked at once, for a bounded length,
   * so reading every token of a text (`next(text, t.end)` after each) is linear.
   */
  next(text: string, from: number): SpelledToken<K> | null {
    for (let lt = text.indexOf('<', from); lt !== -1; lt = text.indexOf('<', lt + 1)) {
      const t = this.at(text, lt);
      if (t !== null) return t;
    }
    return null;
  }

  /**
   * Every spelling of the token of these words (`['tool', 'call', 'begin']`): each bar with each
   * joint, the model's own first, without repeats; `\_` is read but not listed.
   */
  spellings(words: readonly string[]): string[] {
    const out = new Set<string>();
    for (const bar of this.spec.bars) {
      for (const joint of this.spec.joints) out.add(`<${bar}${words.join(joint)}${bar}>`);
    }
    return [...out];
  }
}
