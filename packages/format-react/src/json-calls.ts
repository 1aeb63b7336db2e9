/**
 * JSON call lists as the line-keyed families write them: Command R's `[{"tool_name", "parameters"}]`
 * after `Action:`, Command R7B's `<|START_ACTION|>[{"tool_call_id", "tool_name", "parameters"}]`,
 * and the `<tool_call>{"name", "arguments"}` a ReAct-prompted model drifts into (a ReAct agent’s drift). One
 * reader for all of them: values through the core JSON ladder, every repair reported.
 *
 * Truncation versus breakage: a value the output ended inside of (`closed: false`) may have been
 * cut off, so there only complete values count and a cut-off element is a `partial-call` issue,
 * never a call with half its arguments (llama.cpp drops it too).
 */
import {
  type BodyContext,
  type BodyIssue,
  type BodyResult,
  findJsonEnd,
  getOwn,
  isPlainObject,
  JsonValueScanner,
  parseJsonLadder,
  type RawCall,
  skipJsonSpace,
} from '@toolformat/core/kit';

/** Keys that carry the tool name, Command R's first. */
const NAME_KEYS = ['tool_name', 'name', 'function', 'tool'] as const;
/** Keys that carry the arguments. */
const ARGUMENT_KEYS = ['parameters', 'arguments', 'args', 'input'] as const;
/** Command R's pseudo-tool for "no tool needed": a choice, not a call. */
const NO_TOOL = new Set(['directly-answer', 'directly_answer']);

export interface JsonCalls {
  calls: RawCall[];
  issues: BodyIssue[];
  /** Why values held no call (the first one is the block's error when nothing was extracted). */
  rejected: string[];
  /** Command R's `directly-answer` came: no tool, by choice. */
  declined?: boolean;
}

/**
 * Whether a repair of JSON that breaks off lost part of a call: closing the last brackets is a
 * common slip and fine; an unterminated string or a dropped key means the arguments are incomplete.
 */
export function lostToTruncation(repairs: readonly string[]): string | null {
  if (!repairs.some((r) => r.includes('truncated output'))) return null;
  for (const r of repairs) {
    if (r.startsWith('closed a bracket left open at the end')) continue;
    if (r.includes('truncated output') || r.startsWith('removed a trailing comma')) return r;
  }
  return null;
}

/**
 * Why a JSON value that never closed (it starts at `start` and runs to the end of `text`) cannot
 * be repaired, decided by one bracket scan before the JSON ladder is tried: the output ended inside
 * a string (the arguments are cut off), or the brackets nest deeper than `maxDepth`. Null when only
 * closing brackets are missing, which the ladder repairs. (The scan keeps adversarial input —
 * a megabyte of `[` — away from `JSON.parse`.)
 */
export function unclosedProblem(
  text: string,
  start: number,
  maxDepth: number,
): { kind: 'partial-call' | 'malformed-call'; reason: string } | null {
  const scanner = new JsonValueScanner();
  scanner.feed(text, start);
  if (scanner.failed) return null;
  if (scanner.inString) {
    return {
      kind: 'partial-call',
      reason: 'the output ended inside a string of its JSON, so the arguments are incomplete',
    };
  }
  if (scanner.depth > maxDepth)
    return { kind: 'malformed-call', reason: `its JSON nests deeper than ${maxDepth} levels` };
  return null;
}

/** The calls in a parsed value: an object or an array of them. */
export function collectCalls(value: unknown, out: JsonCalls): void {
  const items = Array.isArray(value) ? value : [value];
  if (items.length === 0) out.rejected.push('an empty list');
  for (const item of items) {
    if (!isPlainObject(item)) {
      out.issues.push({
        kind: 'malformed-call',
        message: 'Not a call: not a JSON object.',
        raw: safeJson(item),
      });
      continue;
    }
    let name: string | undefined;
    for (const key of NAME_KEYS) {
      const v = getOwn(item, key);
      if (typeof v === 'string' && v.trim() !== '') {
        name = v.trim();
        break;
      }
    }
    if (name === undefined) {
      out.issues.push({
        kind: 'malformed-call',
        message: 'Not a call: no "tool_name" (or "name") string.',
        raw: safeJson(item),
      });
      continue;
    }
    if (NO_TOOL.has(name)) {
      out.declined = true;
      continue;
    }
    let args: unknown = {};
    for (const key of ARGUMENT_KEYS) {
      if (Object.hasOwn(item, key)) {
        args = getOwn(item, key);
        break;
      }
    }
    const call: RawCall = { name, arguments: args };
    const id = getOwn(item, 'tool_call_id') ?? getOwn(item, 'id');
    if ((typeof id === 'string' && id.trim() !== '') || typeof id === 'number') call.id = String(id);
    out.calls.push(call);
  }
}

/** Parses one complete JSON text and collects its calls. */
export function takeJson(text: string, out: JsonCalls, maxDepth: number): void {
  const parsed = parseJsonLadder(text, { maxDepth });
  if (!parsed.ok) {
    out.rejected.push(`the JSON does not parse (${parsed.error})`);
    out.issues.push({ kind: 'malformed-call', message: `Not extracted: ${parsed.error}.`, raw: text });
    return;
  }
  if (parsed.repaired !== null) {
    const lost = lostToTruncation(parsed.repairs);
    if (lost !== null) {
      out.rejected.push(`the JSON breaks off (${lost}), so the call is incomplete`);
      out.issues.push({
        kind: 'partial-call',
        message: `Not extracted: the JSON breaks off (${lost}), so the call is incomplete.`,
        raw: text,
      });
      return;
    }
    out.issues.push({
      kind: 'json-repaired',
      message: `Repaired JSON: ${parsed.repairs.join('; ')}.`,
      raw: text,
    });
  }
  collectCalls(parsed.value, out);
}

/**
 * Reads the JSON value at `start` of `text` (an object or a list of calls). Returns where it ended
 * (the end of `text` when it did not). A value the output ended inside of (`closed` false) counts
 * only for its complete elements.
 */
export function readJsonValue(
  text: string,
  start: number,
  closed: boolean,
  out: JsonCalls,
  maxDepth: number,
): number {
  const end = findJsonEnd(text, start);
  if (end !== -1) {
    takeJson(text.slice(start, end), out, maxDepth);
    return end;
  }
  if (closed) {
    const problem = unclosedProblem(text, start, maxDepth);
    if (problem === null) takeJson(text.slice(start).trimEnd(), out, maxDepth);
    else {
      out.rejected.push(problem.reason);
      out.issues.push({
        kind: problem.kind,
        message: `Not extracted: ${problem.reason}.`,
        raw: text.slice(start),
      });
    }
    return text.length;
  }
  if (text.charCodeAt(start) !== 91) {
    partial(text.slice(start), out);
    return text.length;
  }
  // An array cut off by the end of the output: its complete elements are calls.
  let p = start + 1;
  for (;;) {
    p = skipJsonSpace(text, p, true);
    if (p >= text.length || text.charCodeAt(p) === 93) return text.length;
    const c = text.charCodeAt(p);
    const elementEnd = c === 123 || c === 91 ? findJsonEnd(text, p) : -1;
    if (elementEnd === -1) {
      partial(text.slice(p), out);
      return text.length;
    }
    takeJson(text.slice(p, elementEnd), out, maxDepth);
    p = elementEnd;
  }
}

function partial(raw: string, out: JsonCalls): void {
  const reason = 'the output ended inside this call, so its arguments are incomplete';
  out.rejected.push(reason);
  out.issues.push({ kind: 'partial-call', message: `Not extracted: ${reason}.`, raw });
}

/**
 * The body of a JSON-in-tag block (`<|START_ACTION|>…<|END_ACTION|>`, `<tool_call>…</tool_call>`):
 * one value, then nothing but blanks (anything else is reported as trailing text).
 */
export function jsonBlockBody(body: string, ctx: BodyContext): BodyResult {
  const start = skipJsonSpace(body, 0);
  if (start === body.length) return { calls: [], error: 'the block is empty' };
  const first = body.charCodeAt(start);
  if (first !== 123 && first !== 91) return { calls: [], notMarkup: true };
  const out: JsonCalls = { calls: [], issues: [], rejected: [] };
  const end = readJsonValue(body, start, ctx.closed, out, ctx.options.maxDepth);
  const rest = body.slice(end).trim();
  if (rest !== '') {
    out.issues.push({
      kind: 'trailing-text',
      message: 'Text after the JSON inside a call block was removed.',
      raw: rest,
    });
  }
  if (out.calls.length === 0) {
    // Only `directly-answer`: the markup of the format, and no call; nothing for the user either.
    if (out.declined && out.issues.length === 0) return { calls: [], text: '' };
    return { calls: [], error: out.rejected[0] ?? out.issues[0]?.message ?? 'the block holds no call' };
  }
  return { calls: out.calls, issues: out.issues };
}

export function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
