/**
 * Balanced JSON extraction: where does the object or array that starts here end?
 *
 * This is a bracket matcher, not a parser. It knows just enough JSON to not be fooled — brackets
 * inside strings and escaped quotes do not count — so a caller can cut `{"code": "if (x) { … }"}`
 * out of surrounding markup before handing it to a real parser. It is resumable: a stream parser
 * keeps one scanner per open value and feeds it the same growing buffer, and the total work over
 * all `feed` calls is one pass over the final text.
 */
import {
  APOSTROPHE,
  BACKSLASH,
  BRACE_CLOSE,
  BRACE_OPEN,
  BRACKET_CLOSE,
  BRACKET_OPEN,
  COLON,
  COMMA,
  EQUALS,
  isSpace,
  PAREN_OPEN,
  QUOTE,
} from './char-codes.js';

export interface JsonScanOptions {
  /**
   * Treat `'…'` as a string too (JSON5 and Python-ish dicts, which models write a lot).
   * Default true. An apostrophe opens a string only where a value or key may start (after
   * `{ [ ( , : =` or another string), so the apostrophe of a bare word like `don't` is text.
   */
  singleQuotes?: boolean;
}

/** Marks "no string open" in the scanner's `quote` field. */
const NO_QUOTE = 0;

/** True when an apostrophe after `previous` (the last significant code outside strings) can open a string. */
function canOpenSingleQuoted(previous: number): boolean {
  return (
    previous === BRACE_OPEN ||
    previous === BRACKET_OPEN ||
    previous === COMMA ||
    previous === COLON ||
    previous === PAREN_OPEN ||
    previous === EQUALS ||
    previous === QUOTE ||
    previous === APOSTROPHE
  );
}

/**
 * Scans ONE JSON object or array that starts at a `{` or `[`, across as many `feed` calls as the
 * text takes to arrive.
 */
export class JsonValueScanner {
  private readonly singleQuotes: boolean;
  /** Closers still expected, innermost last. */
  private readonly closers: number[] = [];
  /** Next index of the buffer to look at; -1 before the first `feed`. */
  private pos = -1;
  /** The quote that opened the current string, or NO_QUOTE. */
  private quote = NO_QUOTE;
  /** The previous code was a backslash inside a string. */
  private escaped = false;
  /** Last non-space code seen outside strings (a closing quote counts), for the apostrophe rule. */
  private previous = 0;
  private end = -1;
  private broken = false;

  constructor(options?: JsonScanOptions) {
    this.singleQuotes = options?.singleQuotes ?? true;
  }

  /** A closer did not match its opener (`{]`), or the value did not start with `{` / `[`. */
  get failed(): boolean {
    return this.broken;
  }

  /** True while the scan position is inside a string, so a close marker seen now is string content. */
  get inString(): boolean {
    return this.quote !== NO_QUOTE;
  }

  /** Brackets open at the scan position; 0 before the value starts and after it ends. */
  get depth(): number {
    return this.closers.length;
  }

  /**
   * Continues scanning `text` — the same buffer, grown, on every call — and returns the index just
   * past the value's closing bracket, or -1 while incomplete (or failed). `from` is where the
   * value starts and is read on the first call only.
   */
  feed(text: string, from: number): number {
    if (this.end >= 0 || this.broken) return this.end;
    if (this.pos < 0) this.pos = from > 0 ? Math.floor(from) : 0;
    const length = text.length;
    const closers = this.closers;
    let i = this.pos;
    let quote = this.quote;
    let escaped = this.escaped;
    let previous = this.previous;
    for (; i < length; i++) {
      const code = text.charCodeAt(i);
      if (quote !== NO_QUOTE) {
        if (escaped) escaped = false;
        else if (code === BACKSLASH) escaped = true;
        else if (code === quote) {
          quote = NO_QUOTE;
          previous = code;
        }
        continue;
      }
      if (closers.length === 0) {
        // The first code of the value: it must open it.
        if (code === BRACE_OPEN) closers.push(BRACE_CLOSE);
        else if (code === BRACKET_OPEN) closers.push(BRACKET_CLOSE);
        else {
          this.broken = true;
          break;
        }
        previous = code;
        continue;
      }
      if (code === QUOTE || (code === APOSTROPHE && this.singleQuotes && canOpenSingleQuoted(previous))) {
        quote = code;
      } else if (code === BRACE_OPEN) {
        closers.push(BRACE_CLOSE);
      } else if (code === BRACKET_OPEN) {
        closers.push(BRACKET_CLOSE);
      } else if (code === BRACE_CLOSE || code === BRACKET_CLOSE) {
        if (closers.pop() !== code) {
          this.broken = true;
          break;
        }
        if (closers.length === 0) {
          this.end = i + 1;
          i++;
          break;
        }
      }
      if (!isSpace(code)) previous = code;
    }
    this.pos = i;
    this.quote = quote;
    this.escaped = escaped;
    this.previous = previous;
    return this.end;
  }
}

/** One-shot: the index just past the object or array that starts at `start`; -1 when incomplete or broken. */
export function findJsonEnd(text: string, start: number, options?: JsonScanOptions): number {
  return new JsonValueScanner(options).feed(text, start);
}

/**
 * Every top-level balanced object or array in `text`, in order, skipping prose between them
 * (JSON lines, `{…}, {…}` payloads, a value after an explanation).
 *
 * One pass with one bracket stack. Scanning from every `{` separately would be quadratic on text
 * like `[[[[…`, so instead every bracket pair that closes is a candidate and the outermost
 * candidates win. A closer that does not match abandons everything open (those openers were
 * prose), keeping the pairs already closed inside them. An opener that never closes is prose too;
 * the values inside it are still found — unless it opened a string that swallows them.
 */
export function findJsonValues(
  text: string,
  options?: JsonScanOptions,
): Array<{ start: number; end: number }> {
  const singleQuotes = options?.singleQuotes ?? true;
  const found: Array<{ start: number; end: number }> = [];
  const closers: number[] = [];
  const starts: number[] = [];
  const length = text.length;
  let quote = NO_QUOTE;
  let escaped = false;
  let previous = 0;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (quote !== NO_QUOTE) {
      if (escaped) escaped = false;
      else if (code === BACKSLASH) escaped = true;
      else if (code === quote) {
        quote = NO_QUOTE;
        previous = code;
      }
      continue;
    }
    if (code === BRACE_OPEN || code === BRACKET_OPEN) {
      closers.push(code === BRACE_OPEN ? BRACE_CLOSE : BRACKET_CLOSE);
      starts.push(i);
    } else if (code === BRACE_CLOSE || code === BRACKET_CLOSE) {
      if (closers.length > 0) {
        if (closers[closers.length - 1] === code) {
          closers.pop();
          const start = starts.pop() ?? 0;
          // Pairs close inner-first, so the candidates this pair contains are the newest ones.
          while (found.length > 0 && (found[found.length - 1]?.start ?? -1) > start) found.pop();
          found.push({ start, end: i + 1 });
        } else {
          closers.length = 0;
          starts.length = 0;
        }
      }
    } else if (closers.length > 0) {
      // Strings count only inside a value: at the top level quotes are prose.
      if (code === QUOTE || (code === APOSTROPHE && singleQuotes && canOpenSingleQuoted(previous))) {
        quote = code;
      }
    }
    if (!isSpace(code)) previous = code;
  }
  return found;
}
