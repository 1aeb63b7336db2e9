/**
 * Pythonic calls — `[get_weather(city="Paris"), get_time()]` (Llama 3.2 / 4 docs), bare
 * `f(a=1)` lines (OLMo 3 inside `<function_calls>`), `brave_search.call(query="…")` (Llama 3.1
 * built-in tools) — read by core's literal parser: model output is never evaluated.
 *
 * `readPythonCalls` reads a block body that must be calls. `scanPythonLists` reads bare text, where
 * a list is a call list only if it parses as one; everything else stays text.
 *
 * Cost of the scan: a candidate `[` that fails to parse is abandoned at the offset where the
 * parser gave up, and the next candidate is looked for after that point, so candidates never
 * re-read each other's text and the scan is linear (the issue's 1 MiB `hello world[A(A=` input).
 */
import {
  type BodyContext,
  type BodyIssue,
  type BodyResult,
  isAsciiIdentStart,
  LINE_FEED,
  type PythonCall,
  parsePythonCalls,
  pythonRawCalls,
  type RawCall,
  readPythonCallList,
  SPACE,
  textContinuesSentence,
} from '@toolformat/core/kit';

/** `brave_search.call(…)`: the built-in tool's name is the object, `.call` the method. */
const CALL_SUFFIX = '.call';

export function callName(name: string): string {
  return name.endsWith(CALL_SUFFIX) && name.length > CALL_SUFFIX.length
    ? name.slice(0, -CALL_SUFFIX.length)
    : name;
}

/** A body that must be a call list or bare calls. */
export function readPythonCalls(body: string, ctx: BodyContext): BodyResult {
  return readPythonCallList(body, ctx, { rename: callName, vouchExact: true });
}

/** Where the next `[` that may open a call list (`[` + blanks + an identifier) is, from `from`; -1 if none. */
function nextCandidate(text: string, from: number): number {
  let at = text.indexOf('[', from);
  while (at !== -1) {
    let p = at + 1;
    while (p < text.length && (text.charCodeAt(p) === SPACE || text.charCodeAt(p) === LINE_FEED)) p++;
    if (p < text.length && isAsciiIdentStart(text.charCodeAt(p))) return at;
    at = text.indexOf('[', p);
  }
  return -1;
}

/**
 * Bare text: every `[…]` that parses as a non-empty call list is calls; the rest is text. A list
 * the sentence goes on after is a mention (architecture/precision.md), unless another list
 * follows on the same line (`[a(x=1)] and [b(y=2)]`).
 */
export function scanPythonLists(text: string, ctx: BodyContext): BodyResult {
  const found: Array<{
    at: number;
    end: number;
    calls: PythonCall[];
    notes: readonly { message: string }[];
  }> = [];
  let at = nextCandidate(text, 0);
  const options = { start: at, maxDepth: ctx.options.maxDepth, allowBareCall: false };
  while (at !== -1) {
    options.start = at;
    const parsed = parsePythonCalls(text, options);
    if (!parsed.ok || parsed.calls.length === 0) {
      at = nextCandidate(text, Math.max(at + 1, parsed.ok ? parsed.end : parsed.offset));
      continue;
    }
    // The parser's end includes blanks after the list; they are the text's.
    let end = parsed.end;
    while (end > at && text.charCodeAt(end - 1) !== 93) end--;
    found.push({ at, end, calls: parsed.calls, notes: parsed.notes ?? [] });
    at = nextCandidate(text, end);
  }
  const calls: RawCall[] = [];
  const issues: BodyIssue[] = [];
  let out = '';
  let last = 0;
  for (let i = 0; i < found.length; i++) {
    const { at: start, end, calls: listed, notes } = found[i]!;
    const next = found[i + 1];
    const nextOnLine = next !== undefined && !hasLineBreak(text, end, next.at);
    if (ctx.options.mentions && textContinuesSentence(text, end) && !nextOnLine) continue;
    const raw = text.slice(start, end);
    for (const note of notes) issues.push({ kind: 'json-repaired', message: note.message, raw });
    calls.push(...pythonRawCalls(listed, ctx, raw, issues, callName));
    out += text.slice(last, start);
    last = end;
  }
  if (calls.length === 0) return { calls: [], notMarkup: true };
  out += text.slice(last);
  return out.trim() === '' ? { calls, issues } : { calls, issues, text: out };
}

function hasLineBreak(text: string, from: number, to: number): boolean {
  for (let p = from; p < to; p++) {
    const c = text.charCodeAt(p);
    if (c === 10 || c === 13) return true;
  }
  return false;
}
