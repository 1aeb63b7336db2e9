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

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

export interface JsonScanOptions {
  /**
   * Treat `'…'` as a string too (JSON5 and Python-ish dicts, which models write a lot).
   * Default true. An apostrophe opens a string only where a value or key may start (after
   * `{ [ ( , : =` or another string), so the apostrophe of a bare word like `don't` is text.
   */
  singleQuotes?: boolean;
}

/** Marks "no string open" in the scanners' `quote` state. */
const NO_QUOTE = 0;

// Character classes for the code outside strings; one table load instead of a chain of compares.
const OTHER = 0;
const BLANK = 1;
const STRING_QUOTE = 2;
const SINGLE_QUOTE = 3;
const OPENER = 4;
const CLOSER = 5;
/** May precede a value or key, so an apostrophe after it opens a string. */
const VALUE_LEAD = 6;

const CLASS = new Uint8Array(128);
for (let code = 0; code < 128; code++) if (isSpace(code)) CLASS[code] = BLANK;
CLASS[QUOTE] = STRING_QUOTE;
CLASS[APOSTROPHE] = SINGLE_QUOTE;
CLASS[BRACE_OPEN] = OPENER;
CLASS[BRACKET_OPEN] = OPENER;
CLASS[BRACE_CLOSE] = CLOSER;
CLASS[BRACKET_CLOSE] = CLOSER;
CLASS[COMMA] = VALUE_LEAD;
CLASS[COLON] = VALUE_LEAD;
CLASS[PAREN_OPEN] = VALUE_LEAD;
CLASS[EQUALS] = VALUE_LEAD;

function classOf(code: number): number {
  return code < 128 ? (CLASS[code] as number) : OTHER;
}

/**
 * Whether an apostrophe after `previous` (the last significant code outside strings, a closing
 * quote included) opens a string.
 */
function canOpenSingleQuoted(previous: number): boolean {
  const kind = classOf(previous);
  return kind === OPENER || kind === VALUE_LEAD || kind === STRING_QUOTE || kind === SINGLE_QUOTE;
}

/** The closer that matches an opener. */
function closerOf(opener: number): number {
  return opener === BRACE_OPEN ? BRACE_CLOSE : BRACKET_CLOSE;
}

/** A typed stack grows by doubling: a million pushes cost a fraction of what a JS array's do. */
function grown<T extends Uint8Array | Int32Array>(stack: T, make: (length: number) => T): T {
  const bigger = make(stack.length * 2);
  bigger.set(stack);
  return bigger;
}

const makeBytes = (length: number) => new Uint8Array(length);
const makeInts = (length: number) => new Int32Array(length);

/**
 * Scans ONE JSON object or array that starts at a `{` or `[`, across as many `feed` calls as the
 * text takes to arrive.
 */
export class JsonValueScanner {
  private readonly singleQuotes: boolean;
  /**
   * Closers still expected, as runs of one closer: `runClosers[k]` is expected `runCounts[k]` times,
   * the innermost run at `runs - 1`. A run of the same opener (`{{{{…`, what hostile text is made
   * of) is counted in one tight loop and kept as one entry.
   */
  private runClosers = new Uint8Array(16);
  private runCounts = new Int32Array(16);
  private runs = 0;
  /** Brackets open: the sum of the run counts. */
  private open = 0;
  /** Next index of the buffer to look at; -1 before the first `feed`. */
  private pos = -1;
  /** The quote that opened the current string, or NO_QUOTE. */
  private quote = NO_QUOTE;
  /** The buffer ended right after a backslash inside a string: the next code is escaped. */
  private escaped = false;
  /** Last non-space code seen outside strings (a closing quote counts), for the apostrophe rule. */
  private previous = 0;
  private end = -1;
  private broken = false;
  /** Where the outermost value's last element that is a bracket starts (see openElement). */
  private element = -1;

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
    return this.open;
  }

  /** The index just past the value's closing bracket once it came, else -1. */
  get valueEnd(): number {
    return this.end;
  }

  /**
   * Where the object or array inside the outermost value that is open at the scan position starts
   * (`[{"a": 1}, {"b": ` → the second `{`), or -1 when none is. Such an element does not close
   * before the scan position: a scan of it alone would read the same text to the same end.
   */
  get openElement(): number {
    return this.open >= 2 ? this.element : -1;
  }

  /**
   * Continues scanning `text` — the same buffer, grown, on every call — and returns the index just
   * past the value's closing bracket, or -1 while incomplete (or failed). `from` is where the
   * value starts and is read on the first call only.
   */
  feed(text: string, from: number): number {
    if (this.end >= 0 || this.broken) return this.end;
    if (typeof text !== 'string') return -1;
    // Whole, by steps every first call takes (no branch of its own): see the scan loop's comment.
    if (this.pos < 0) this.pos = Math.max(0, from | 0);
    const length = text.length;
    let i = this.pos;
    let quote = this.quote;
    let previous = this.previous;
    let open = this.open;
    let runs = this.runs;
    let runClosers = this.runClosers;
    let runCounts = this.runCounts;
    if (this.escaped && i < length) {
      this.escaped = false;
      i++;
    }
    let stop = false;
    // Every way out of the scan passes the loop's head, inside the loop: a way out after it would
    // keep V8 from compiling this method again (architecture/stream-engine.md, "Long loops").
    scan: for (;;) {
      if (stop || i >= length) {
        this.pos = i;
        this.quote = quote;
        this.previous = previous;
        this.open = open;
        this.runs = runs;
        this.runClosers = runClosers;
        this.runCounts = runCounts;
        return this.end;
      }
      if (quote !== NO_QUOTE) {
        // Inside a string only the quote and the backslash matter: a tight loop.
        for (;;) {
          if (i >= length) continue scan;
          const code = charCodeAt.call(text, i);
          if (code === quote) {
            quote = NO_QUOTE;
            previous = code;
            i++;
            continue scan;
          }
          if (code === BACKSLASH) {
            if (i + 1 >= length) {
              this.escaped = true;
              i++;
              continue scan;
            }
            i += 2;
          } else {
            i++;
          }
        }
      }
      const code = charCodeAt.call(text, i);
      const kind = classOf(code);
      if (kind === OPENER) {
        // This opener and the same ones right after it, counted.
        let count = 1;
        while (i + count < length && charCodeAt.call(text, i + count) === code) count++;
        const closer = closerOf(code);
        if (runs > 0 && runClosers[runs - 1] === closer) {
          runCounts[runs - 1] = (runCounts[runs - 1] as number) + count;
        } else {
          if (runs === runClosers.length) {
            runClosers = grown(runClosers, makeBytes);
            runCounts = grown(runCounts, makeInts);
          }
          runClosers[runs] = closer;
          runCounts[runs] = count;
          runs++;
        }
        // Where the outermost value's element opens (just after the value's own opener, when
        // both are in this run). It is read only while two or more are open, so a return to depth
        // 1 needs no word here, and the scan's closers stay as they were.
        if (open < 2) this.element = open === 0 ? i + 1 : i;
        open += count;
        previous = code;
        i += count;
        continue;
      }
      if (open === 0) {
        // The first code of the value must open it.
        this.broken = true;
        stop = true;
        continue;
      }
      if (kind === CLOSER) {
        if (runClosers[runs - 1] !== code) {
          this.broken = true;
          stop = true;
          continue;
        }
        open--;
        const left = (runCounts[runs - 1] as number) - 1;
        runCounts[runs - 1] = left;
        if (left === 0) runs--;
        if (open === 0) {
          this.end = i + 1;
          i++;
          stop = true;
          continue;
        }
      } else if (
        kind === STRING_QUOTE ||
        (kind === SINGLE_QUOTE && this.singleQuotes && canOpenSingleQuoted(previous))
      ) {
        quote = code;
      } else if (kind === BLANK) {
        i++;
        continue;
      }
      previous = code;
      i++;
    }
  }
}

/** One-shot: the index just past the object or array that starts at `start`; -1 when incomplete or broken. */
export function findJsonEnd(text: string, start: number, options?: JsonScanOptions): number {
  return scanJsonValue(text, start, options).valueEnd;
}

/**
 * One-shot: the scanner left after reading the object or array that starts at `start` — its
 * `valueEnd`, or how it did not close (`failed`, `inString`, `depth`, `openElement`). Read it; do
 * not feed it again (inside `sharingJsonEnds` another reader may be handed the same one).
 */
export function scanJsonValue(text: string, start: number, options?: JsonScanOptions): JsonValueScanner {
  const singleQuotes = options?.singleQuotes ?? true;
  // `last` is kept only inside a sharingJsonEnds scope.
  if (last !== null && last.start === start && last.singleQuotes === singleQuotes && last.text === text)
    return last.scan;
  const scan = new JsonValueScanner(options);
  scan.feed(text, start);
  if (sharing > 0) last = { text, start, singleQuotes, scan };
  return scan;
}

/** Open `sharingJsonEnds` scopes, and the one scan of `scanJsonValue` they keep. */
let sharing = 0;
let last: { text: string; start: number; singleQuotes: boolean; scan: JsonValueScanner } | null = null;

/**
 * Runs `read` with `findJsonEnd` and `scanJsonValue` remembering their last scan, so several
 * readers of one text (the whole-output forms auto mode tries in turn) scan a value once: a
 * megabyte that never closes is one pass, not one per reader. Nothing is kept once the outermost
 * scope returns.
 */
export function sharingJsonEnds<T>(read: () => T): T {
  sharing++;
  try {
    return read();
  } finally {
    if (--sharing === 0) last = null;
  }
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
  const found: Array<{ start: number; end: number }> = [];
  if (typeof text !== 'string') return found;
  const singleQuotes = options?.singleQuotes ?? true;
  /** Where each open bracket is; its kind is read back from the text. */
  let starts = new Int32Array(16);
  let open = 0;
  const length = text.length;
  let quote = NO_QUOTE;
  let previous = 0;
  for (let i = 0; i < length; i++) {
    const code = charCodeAt.call(text, i);
    if (quote !== NO_QUOTE) {
      if (code === BACKSLASH) i++;
      else if (code === quote) {
        quote = NO_QUOTE;
        previous = code;
      }
      continue;
    }
    const kind = classOf(code);
    if (kind === OPENER) {
      if (open === starts.length) starts = grown(starts, makeInts);
      starts[open++] = i;
    } else if (kind === CLOSER) {
      if (open > 0) {
        const start = starts[open - 1] as number;
        if (closerOf(charCodeAt.call(text, start)) === code) {
          open--;
          // Pairs close inner-first, so the candidates this pair contains are the newest ones.
          while (found.length > 0 && (found[found.length - 1] as { start: number }).start > start)
            found.pop();
          found.push({ start, end: i + 1 });
        } else {
          open = 0;
        }
      }
    } else if (kind === BLANK) {
      continue;
    } else if (open > 0) {
      // Strings count only inside a value: at the top level quotes are prose.
      if (kind === STRING_QUOTE || (kind === SINGLE_QUOTE && singleQuotes && canOpenSingleQuoted(previous))) {
        quote = code;
      }
    }
    previous = code;
  }
  return found;
}

/** The index just past the JSON string whose opening quote is at `start`, or -1 when it does not close. */
export function jsonStringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = charCodeAt.call(text, i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i + 1;
  }
  return -1;
}
