/**
 * The key-value line (LLxprt Code’s text parser): `✦ tool_call: NAME for KEY VALUE KEY VALUE`,
 * e.g. `✦ tool_call: list_directory for path /home/user ignore *.log`. The engine hands over the
 * rest of the line (the block ends before a newline); several calls may share it, each after its
 * own `✦ tool_call:`.
 *
 * A value in double quotes is one token, read exactly: blanks in it are kept, a `✦` in it does not
 * start a call, and it ends at a `"` that no backslash escapes and a blank or the end of the line
 * follows. The writer (render.ts) escapes `\`, `"` and line breaks in it as `\\`, `\"`, `\n`, `\r`,
 * and those are read back; but models are taught no escapes, and LLxprt Code reads none, so a value
 * with any other backslash was written raw (`"C:\Program Files\x"`, `"\d+ files"`) and is taken as
 * written. Unquoted words are read as written, backslashes included.
 *
 * A quote that never closes on the line is no quote: from it on the line is read again, once, as
 * plain words cut at every `✦` (the reading before quoted values were tokens), which keeps the
 * scan linear. The line is scanned so twice: to check that it is calls (nothing is built for a line
 * of prose), then to read them one call at a time.
 *
 * Keys and values are then paired by the kit's `wordArguments`: with a declared schema a word that
 * names a parameter starts the next pair, else words alternate key and value.
 */
import {
  BACKSLASH,
  type BodyContext,
  type BodyIssue,
  type BodyParser,
  type BodyResult,
  isJsonSpace,
  isNameToken,
  QUOTE,
  type RawCall,
  wordArguments,
} from '@toolformat/core/kit';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/** The open markers of the line, as models space them. */
export const KEY_VALUE_OPEN = ['✦ tool_call:', '✦tool_call:', '✦  tool_call:'] as const;

/** `✦`: it starts the next call on the line (or, followed by anything else, prose). */
const SPARKLE = 0x2726;
const LOWER_N = 110;
const LOWER_R = 114;

/**
 * Reads the line's words in order: `word` for each (a quoted value kept in its quotes, so the
 * pairing reads it as one quoted word and takes them off), `marker` at each `✦ tool_call:` after
 * the first, where the next call starts. Returns false, having stopped, when a `✦` outside a
 * quoted value starts no call marker: the line then quotes the markup in prose
 * (`✦ tool_call: x ✦ that is the syntax`). Without `sink` it only checks that.
 */
function scanLine(line: string, sink: LineSink | null): boolean {
  const n = line.length;
  // Quoted values count until one never closes; from it on, a quote is a character like any other.
  let quotes = true;
  let i = 0;
  while (i < n) {
    const c = charCodeAt.call(line, i);
    if (isJsonSpace(c)) {
      i++;
      continue;
    }
    if (c === SPARKLE) {
      const marker = KEY_VALUE_OPEN.find((m) => line.startsWith(m, i));
      if (marker === undefined) return false;
      sink?.marker(i);
      i += marker.length;
      continue;
    }
    if (c === QUOTE && quotes) {
      const close = closingQuote(line, i + 1);
      if (close !== -1) {
        sink?.word(`"${readEscapes(line, i + 1, close)}"`);
        i = close + 1;
        continue;
      }
      quotes = false;
    }
    // A plain word: up to a blank or a `✦` (the quote that never closed is part of it).
    const start = i;
    i++;
    while (i < n) {
      const d = charCodeAt.call(line, i);
      if (isJsonSpace(d) || d === SPARKLE) break;
      i++;
    }
    sink?.word(line.slice(start, i));
  }
  return true;
}

interface LineSink {
  word(word: string): void;
  /** A call marker at `at` starts the next call. */
  marker(at: number): void;
}

/**
 * The index of the `"` that closes a value opened before `from`: not escaped, and followed by a
 * blank or the end of the line. -1 when none does.
 */
function closingQuote(line: string, from: number): number {
  const n = line.length;
  for (let i = from; i < n; i++) {
    const c = charCodeAt.call(line, i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE && (i + 1 === n || isJsonSpace(charCodeAt.call(line, i + 1)))) return i;
  }
  return -1;
}

/**
 * `line[from, to)`, a quoted value, with its escapes read when every backslash in it is one the
 * writer writes (`\"`, `\\`, `\n`, `\r`); a value with any other backslash (`"C:\Program Files"`,
 * `"\bword\b"`) was written raw, and is taken as written.
 */
function readEscapes(line: string, from: number, to: number): string {
  let out = '';
  let last = from;
  for (let i = from; i < to; i++) {
    if (charCodeAt.call(line, i) !== BACKSLASH) continue;
    // The value's closing quote is never escaped, so a backslash in it has a character after it.
    const read = escapedChar(charCodeAt.call(line, i + 1));
    if (read === null) return line.slice(from, to);
    out += line.slice(last, i) + read;
    last = i + 2;
    i++;
  }
  return last === from ? line.slice(from, to) : out + line.slice(last, to);
}

/** What `\` and the character `code` stand for in the writer's escapes, or null. */
function escapedChar(code: number): string | null {
  switch (code) {
    case QUOTE:
      return '"';
    case BACKSLASH:
      return '\\';
    case LOWER_N:
      return '\n';
    case LOWER_R:
      return '\r';
    default:
      return null;
  }
}

/** One call from its words: the name, then `for` and the pairs. */
function readCall(words: readonly string[], ctx: BodyContext, issues: BodyIssue[]): RawCall | string {
  const name = words[0];
  if (name === undefined) return 'no tool name after `tool_call:`';
  if (!isNameToken(name)) return `${JSON.stringify(name)} is not a tool name`;
  if (words.length === 1) return { name, arguments: {} };
  if (words[1] !== 'for') return 'expected `for` and key-value pairs after the tool name';
  return { name, arguments: wordArguments(words.slice(2), name, ctx, issues) };
}

/** `✦ tool_call: NAME for KEY VALUE …` to the end of the line: its calls. */
export const keyValueBody: BodyParser = (body, ctx): BodyResult => {
  // Checked first, so that a line of prose builds nothing; then each call is read as its words
  // end, and none is kept past it (a megabyte of calls on one line is read call by call).
  if (!scanLine(body, null)) return { calls: [], notMarkup: true };
  const issues: BodyIssue[] = [];
  const calls: RawCall[] = [];
  // The calls that failed: where they are and why (their issues are made only when another call
  // on the line stands).
  const failed: number[] = [];
  const reasons: string[] = [];
  let words: string[] = [];
  let start = 0;
  const read = (end: number) => {
    const call = readCall(words, ctx, issues);
    if (typeof call !== 'string') calls.push(call);
    else {
      failed.push(start, end);
      reasons.push(call);
    }
  };
  scanLine(body, {
    word: (word) => words.push(word),
    marker: (at) => {
      read(at);
      words = [];
      start = at;
    },
  });
  read(body.length);
  if (calls.length === 0) return { calls: [], error: reasons[0]! };
  // Several calls on the line: one that cannot be read is reported with its text, the others stand.
  for (let k = 0; k < failed.length; k += 2) {
    const from = failed[k]!;
    // The first call's marker is the block's own, not in the body.
    const raw = (from === 0 ? ctx.open : '') + body.slice(from, failed[k + 1]).trim();
    issues.push({ kind: 'malformed-call', message: `Removed: ${reasons[k / 2]}.`, raw });
  }
  return { calls, issues };
};
