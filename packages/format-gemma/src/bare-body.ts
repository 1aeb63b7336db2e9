/**
 * Calls written without an open marker, read with an explicit format only (prose and code look
 * the same): Gemma's prompted pythonic list `[f(a=1), g(b="x")]`, and LM Studio's
 * `{"name": …, "arguments": …}\n[END_TOOL_REQUEST]` (optionally `1 {…}`, a line number first).
 * Everything else stays text.
 *
 * Cost, linear by construction:
 * - a `[` candidate that fails to parse is abandoned where the parser gave up, and the next one
 *   is looked for after that point (the issue's 1 MiB of unbalanced `(`);
 * - a `{` candidate is only tried when an `[END_TOOL_REQUEST]` follows somewhere, its JSON end is
 *   looked for only up to that marker, and a candidate that does not close there gives up the
 *   whole stretch up to the marker: every character is scanned at most twice.
 */
import {
  type BodyContext,
  type BodyIssue,
  type BodyResult,
  BRACE_OPEN,
  findJsonEnd,
  isAsciiIdentStart,
  isExactJsonCall,
  isJsonSpace,
  parseJsonLadder,
  parsePythonCalls,
  type RawCall,
  skipBlank,
  textContinuesSentence,
} from '@toolformat/core/kit';
import { callFromObject, readJsonCall, skipLineNumber } from './json-call.js';
import { toRawCalls } from './tool-code-body.js';

export const END_TOOL_REQUEST = '[END_TOOL_REQUEST]';

/** The next `[` that may open a call list (`[` + blanks + an identifier) from `from`, or -1. */
function nextList(text: string, from: number): number {
  let at = text.indexOf('[', from);
  while (at !== -1) {
    let p = at + 1;
    while (p < text.length && isJsonSpace(text.charCodeAt(p))) p++;
    if (p < text.length && isAsciiIdentStart(text.charCodeAt(p)) && !text.startsWith(END_TOOL_REQUEST, at))
      return at;
    at = text.indexOf('[', p);
  }
  return -1;
}

/** Start of the line holding `at`, when only a line number and blanks stand before `at` on it; else `at`. */
function lineNumberStart(text: string, at: number, floor: number): number {
  const lineStart = Math.max(floor, text.lastIndexOf('\n', at - 1) + 1);
  return skipLineNumber(text, lineStart) === at ? lineStart : at;
}

interface Found {
  start: number;
  end: number;
  result: BodyResult;
}

class BareScanner {
  private endMarker = -2;
  private listAt = -2;

  constructor(
    readonly text: string,
    readonly ctx: BodyContext,
  ) {}

  /** The next `{json}[END_TOOL_REQUEST]` at or after `from`. */
  private nextRequest(from: number): Found | null {
    const t = this.text;
    let pos = from;
    for (;;) {
      if (this.endMarker !== -1 && this.endMarker < pos) this.endMarker = t.indexOf(END_TOOL_REQUEST, pos);
      if (this.endMarker === -1) return null;
      const limit = this.endMarker;
      const open = t.indexOf('{', pos);
      if (open === -1 || open > limit) {
        pos = limit + END_TOOL_REQUEST.length;
        continue;
      }
      // Sliced to the marker: the scan never runs past it. (A V8 slice is a view: no copy.)
      const rel = findJsonEnd(t.slice(open, limit), 0);
      const end = rel === -1 ? -1 : open + rel;
      if (end === -1) {
        pos = limit + END_TOOL_REQUEST.length;
        continue;
      }
      let after = end;
      while (after < limit && isJsonSpace(t.charCodeAt(after))) after++;
      if (after !== limit) {
        pos = end;
        continue;
      }
      return {
        start: lineNumberStart(t, open, from),
        end: limit + END_TOOL_REQUEST.length,
        result: readJsonCall(t.slice(open, end)),
      };
    }
  }

  /** The next pythonic call list at or after `from`. */
  private nextPythonic(from: number): Found | null {
    const t = this.text;
    if (this.listAt !== -1 && this.listAt < from) this.listAt = nextList(t, from);
    while (this.listAt !== -1) {
      const at = this.listAt;
      const parsed = parsePythonCalls(t, {
        start: at,
        maxDepth: this.ctx.options.maxDepth,
        allowBareCall: false,
      });
      if (!parsed.ok || parsed.calls.length === 0) {
        this.listAt = nextList(t, Math.max(at + 1, parsed.ok ? parsed.end : parsed.offset));
        continue;
      }
      // The parser's end includes the blanks after the list; they are the text's.
      let end = parsed.end;
      while (end > at && t.charCodeAt(end - 1) !== 93) end--;
      // A list the sentence goes on after is a mention (architecture/precision.md).
      if (this.ctx.options.mentions && textContinuesSentence(t, end)) {
        this.listAt = nextList(t, end);
        continue;
      }
      const raw = t.slice(at, end);
      const issues: BodyIssue[] = [];
      for (const note of parsed.notes ?? [])
        issues.push({ kind: 'json-repaired', message: note.message, raw });
      const calls = toRawCalls(parsed.calls, this.ctx, raw, issues);
      return { start: at, end, result: { calls, issues } };
    }
    return null;
  }

  run(): BodyResult {
    const t = this.text;
    const calls: RawCall[] = [];
    const issues: BodyIssue[] = [];
    let out = '';
    let last = 0;
    let request = this.nextRequest(0);
    let list = this.nextPythonic(0);
    while (request !== null || list !== null) {
      const found: Found =
        request !== null && (list === null || request.start <= list.start) ? request : list!;
      if (found.result.error === undefined && found.result.calls.length > 0) {
        out += t.slice(last, found.start);
        last = found.end;
        calls.push(...found.result.calls);
        issues.push(...(found.result.issues ?? []));
      }
      const from = Math.max(found.end, found.start + 1);
      if (request !== null && request.start < from) request = this.nextRequest(from);
      if (list !== null && list.start < from) list = this.nextPythonic(from);
    }
    if (calls.length === 0) return { calls: [], notMarkup: true };
    out += t.slice(last);
    return out.trim() === '' ? { calls, issues } : { calls, issues, text: out };
  }
}

/** The body of the bare block: its open character belongs to the text. */
export function bareBody(body: string, ctx: BodyContext): BodyResult {
  return new BareScanner(ctx.open + body, ctx).run();
}

/**
 * The whole output is calls: a pythonic list, or one JSON call `{"name": …, "parameters"|"arguments":
 * {…}}` (the form Gemma 3's function-calling prompts teach, and tools fine-tunes write). Taken by
 * the engine when every call names a declared tool or, without tools, has the exact call shape.
 * `jsonFormat`: the format a JSON call is reported as.
 */
export function wholeBody(jsonFormat: string) {
  return (body: string, ctx: BodyContext): BodyResult => {
    const start = skipBlank(body, 0);
    return body.charCodeAt(start) === BRACE_OPEN
      ? { ...wholeJson(body.slice(start)), format: jsonFormat }
      : wholeList(body, ctx);
  };
}

/** One JSON call and nothing after it. */
function wholeJson(text: string): BodyResult {
  const end = findJsonEnd(text, 0);
  if (end === -1 || text.slice(end).trim() !== '') return { calls: [], error: 'not one JSON call' };
  const json = text.slice(0, end);
  const parsed = parseJsonLadder(json);
  if (!parsed.ok) return { calls: [], error: `the JSON does not parse: ${parsed.error}` };
  const call = callFromObject(parsed.value);
  if (call === null) return { calls: [], error: 'the JSON has no "name"' };
  if (parsed.repaired !== null) {
    const message = `Repaired JSON: ${parsed.repairs.join('; ')}.`;
    return { calls: [call], issues: [{ kind: 'json-repaired', message, raw: json }] };
  }
  return isExactJsonCall(parsed.value) ? { calls: [call], exactShape: true } : { calls: [call] };
}

/** A pythonic call list and nothing after it. */
function wholeList(body: string, ctx: BodyContext): BodyResult {
  const parsed = parsePythonCalls(body, { maxDepth: ctx.options.maxDepth, allowBareCall: false });
  if (!parsed.ok || parsed.calls.length === 0) return { calls: [], error: 'not a call list' };
  if (parsed.end < body.length && body.slice(parsed.end).trim() !== '')
    return { calls: [], error: 'text follows the calls' };
  const issues: BodyIssue[] = [];
  for (const note of parsed.notes ?? [])
    issues.push({ kind: 'json-repaired', message: note.message, raw: body });
  return { calls: toRawCalls(parsed.calls, ctx, body, issues), issues };
}
