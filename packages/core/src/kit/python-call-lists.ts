/**
 * Pythonic call lists in free text — `[get_weather(city="Paris"), get_time()]` after a sentence,
 * between paragraphs — for a format that reads its bare lists anywhere with an explicit format
 * (`prose-calls.ts` runs the finder). A `[` followed by blanks and an identifier is a candidate;
 * it is a call list only when the literal parser reads a non-empty list of calls there, never
 * evaluated. Everything else stays text.
 *
 * A list the sentence goes on after is a mention (architecture/precision.md), read with the
 * parse's `mentions` option; `listRuns` keeps one that another list follows on the same line
 * (`[a(x=1)] and [b(y=2)]`).
 *
 * Cost, linear by construction (architecture/semantics.md, guarantee 8): a candidate that fails
 * to parse is abandoned where the parser gave up and the next one is looked for after that point
 * (1 MiB of `hello world[A(A=` is one pass), and the list after a mention, looked at to decide
 * it, is kept for the next call rather than parsed again. A candidate no `)` and `]` follow is
 * not parsed at all (`CallListBound`).
 */
import { BRACKET_CLOSE, CARRIAGE_RETURN, isAsciiIdentStart, isJsonSpace, LINE_FEED } from './char-codes.js';
import { textContinuesSentence } from './evidence.js';
import type { BodyContext } from './markup-spec.js';
import type { ProseFinder, ProseMatch } from './prose-calls.js';
import { PythonCallListReader } from './python-calls.js';
import { pythonNoteIssues } from './python-notes.js';
import { pythonRawCalls } from './python-raw-calls.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

export interface PythonCallListsOptions {
  /** The tool name a written name stands for (`brave_search.call` is `brave_search`). */
  rename?: (name: string) => string;
  /** A list another list follows on its line is not a mention, whatever follows the last one. */
  listRuns?: boolean;
}

/** Where the next `[` that may open a call list (`[` + blanks + an identifier) is, from `from`; -1 if none. */
export function nextCallListCandidate(text: string, from: number): number {
  let at = text.indexOf('[', from);
  while (at !== -1) {
    let p = at + 1;
    while (p < text.length && isJsonSpace(charCodeAt.call(text, p))) p++;
    if (p < text.length && isAsciiIdentStart(charCodeAt.call(text, p))) return at;
    at = text.indexOf('[', p);
  }
  return -1;
}

/**
 * Whether a call list can start at a candidate: it closes with `]` after its first call's `)`, so
 * a `)` that a `]` follows must come after it. Output cut inside a call, repeated, has none, and
 * its candidates need not be parsed. Each search starts where the last one's answer ran out, so
 * the text is searched once over (architecture/semantics.md, guarantee 8).
 */
export class CallListBound {
  /** A `)` that a `]` follows; candidates before it can start a list. -1: none found yet. */
  private paren = -1;
  /** The first `]` after some earlier `)`: a `)` before it has a `]` after it. */
  private close = -1;
  /** Candidates from here on cannot start a list. */
  private noneFrom = Number.POSITIVE_INFINITY;

  constructor(readonly text: string) {}

  mayStartAt(at: number): boolean {
    if (at < this.paren) return true;
    if (at >= this.noneFrom) return false;
    const t = this.text;
    const paren = t.indexOf(')', at + 1);
    if (paren !== -1 && this.close <= paren) this.close = t.indexOf(']', paren + 1);
    if (paren === -1 || this.close === -1) {
      this.noneFrom = at;
      return false;
    }
    this.paren = paren;
    return true;
  }
}

function hasLineBreak(text: string, from: number, to: number): boolean {
  for (let p = from; p < to; p++) {
    const c = charCodeAt.call(text, p);
    if (c === LINE_FEED || c === CARRIAGE_RETURN) return true;
  }
  return false;
}

class PythonCallLists implements ProseFinder {
  /** The last list looked up, by the position it was looked up from. */
  private aheadFrom = -1;
  private ahead: ProseMatch | null = null;
  /** Made on the first candidate: most texts have none. */
  private reader: PythonCallListReader | null = null;
  /** Made on the first candidate. */
  private bound: CallListBound | null = null;

  constructor(
    readonly text: string,
    readonly ctx: BodyContext,
    readonly options: PythonCallListsOptions,
  ) {}

  /** The first call list at or after `from`, mention or not. */
  private listFrom(from: number): ProseMatch | null {
    if (from === this.aheadFrom) return this.ahead;
    const t = this.text;
    let at = nextCallListCandidate(t, from);
    let found: ProseMatch | null = null;
    while (at !== -1) {
      this.bound ??= new CallListBound(t);
      if (!this.bound.mayStartAt(at)) break;
      this.reader ??= new PythonCallListReader(t, this.ctx.options.maxDepth);
      const parsed = this.reader.read(at);
      if (parsed === null || parsed.calls.length === 0) {
        at = nextCallListCandidate(t, Math.max(at + 1, parsed === null ? this.reader.failedAt : parsed.end));
        continue;
      }
      // The parser's end includes the blanks after the list; they are the text's.
      let end = parsed.end;
      while (end > at && charCodeAt.call(t, end - 1) !== BRACKET_CLOSE) end--;
      const raw = t.slice(at, end);
      const issues = pythonNoteIssues(parsed.notes, raw);
      const calls = pythonRawCalls(parsed.calls, this.ctx, raw, issues, this.options.rename);
      found = { start: at, end, result: { calls, issues } };
      break;
    }
    this.aheadFrom = from;
    this.ahead = found;
    return found;
  }

  next(from: number): ProseMatch | null {
    let list = this.listFrom(from);
    while (list !== null) {
      if (!this.ctx.options.mentions || !textContinuesSentence(this.text, list.end)) return list;
      const after = this.listFrom(list.end);
      if (this.options.listRuns && after !== null && !hasLineBreak(this.text, list.end, after.start))
        return list;
      list = after;
    }
    return null;
  }
}

/** The finder of pythonic call lists in `text` (for `callsInProse`). */
export function pythonCallLists(
  text: string,
  ctx: BodyContext,
  options: PythonCallListsOptions = {},
): ProseFinder {
  return new PythonCallLists(text, ctx, options);
}
