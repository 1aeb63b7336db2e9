/**
 * The arguments of a call written as NAME-and-ID tokens followed by JSON (Kimi K2, Solar Open):
 * read, checked to be an object (or JSON of one), and every repair or cut-off reported.
 */

import { BRACE_OPEN, BRACKET_OPEN, skipBlank } from './char-codes.js';
import { type JsonLadderResult, parseJsonLadder } from './json-ladder.js';
import { findJsonEnd } from './json-scan.js';
import type { BodyContext, BodyIssue, BodyResult } from './markup-spec.js';
import { isPlainObject } from './safe-object.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/** The block is not a call: removed and reported by the engine (or kept, with `onMalformed: 'keep'`). */
function malformed(reason: string): BodyResult {
  return { calls: [], error: reason };
}

/**
 * The output ended inside the call. Reported as `partial-call` with the raw text; the span leaves the
 * content unless the caller asked to keep malformed spans (architecture/semantics.md, guarantee 1).
 */
export function partialCall(body: string, ctx: BodyContext, reason: string): BodyResult {
  const raw = ctx.open + body;
  return {
    calls: [],
    issues: [notExtracted('partial-call', reason, raw)],
    text: ctx.options.onMalformed === 'keep' ? raw : '',
  };
}

/**
 * The issue of a value that looked like a call and did not become one: `partial-call` when the
 * output ended inside it, `malformed-call` when it is broken (architecture/semantics.md, the
 * cut-off rule). Every JSON reader builds it here, so the wording is one.
 */
export function notExtracted(
  kind: 'partial-call' | 'malformed-call',
  reason: string,
  raw: string,
): BodyIssue {
  return { kind, message: `Not extracted: ${reason}.`, raw };
}

/** The `json-repaired` issue of a value the JSON ladder repaired: a call still, the repair said in words. */
export function jsonRepaired(repairs: readonly string[], raw: string): BodyIssue {
  return { kind: 'json-repaired', message: `Repaired JSON: ${repairs.join('; ')}.`, raw };
}

/**
 * An object, or OpenAI-style arguments written as a JSON string of one (the engine unwraps those
 * once, architecture/semantics.md, guarantee 2). Anything else would become `{}`: not a call.
 */
function isObjectOrJsonOfOne(value: unknown, maxDepth: number): boolean {
  if (isPlainObject(value)) return true;
  if (typeof value !== 'string') return false;
  const inner = parseJsonLadder(value, { maxDepth });
  return inner.ok && isPlainObject(inner.value);
}

export type CallArgumentsRead =
  | { ok: true; value: unknown; strict: boolean; issues: BodyIssue[] }
  | { ok: false; result: BodyResult };

/**
 * The JSON after a call's argument token (`<|tool_call_argument_begin|>`, `<|tool_call:args|>`),
 * as a value: an object, or a string holding one. `body` is the whole block body (for the raw
 * text of issues). The usual call, closed and strict JSON, costs one `JSON.parse`; the bracket
 * scan that finds text after the value, or tells a complete value from a cut-off one, runs only
 * when that fails or the output ended. A call the output ended inside is a `partial-call` issue,
 * never a call with half its arguments.
 */
export function readCallArguments(text: string, body: string, ctx: BodyContext): CallArgumentsRead {
  const issues: BodyIssue[] = [];
  const maxDepth = ctx.options.maxDepth;
  const start = skipBlank(text, 0);
  if (start === text.length) {
    // An argument token with nothing after it: a call with no arguments.
    if (ctx.closed) return { ok: true, value: {}, strict: true, issues };
    return { ok: false, result: partialCall(body, ctx, 'the output ended before the arguments') };
  }
  let json = text.slice(start).trimEnd();
  let parsed: JsonLadderResult | null = null;
  if (ctx.closed) {
    parsed = parseJsonLadder(json, { maxDepth });
    if (parsed.ok && parsed.repaired === null) return usable(parsed.value, true, issues, maxDepth);
  }
  const first = charCodeAt.call(text, start);
  if (first === BRACE_OPEN || first === BRACKET_OPEN) {
    const end = findJsonEnd(text, start);
    if (end !== -1) {
      const trailing = text.slice(end);
      if (trailing.trim() !== '') {
        json = text.slice(start, end);
        parsed = null;
        issues.push({
          kind: 'trailing-text',
          message: 'Text after the arguments inside a call was removed.',
          raw: trailing,
        });
      }
    } else if (!ctx.closed) {
      return { ok: false, result: partialCall(body, ctx, 'the output ended inside the arguments') };
    }
  } else if (!ctx.closed) {
    // Not an object: complete only if it is a whole JSON value already (a JSON string of one).
    try {
      JSON.parse(json);
    } catch {
      return { ok: false, result: partialCall(body, ctx, 'the output ended inside the arguments') };
    }
  }
  parsed ??= parseJsonLadder(json, { maxDepth });
  if (!parsed.ok) return { ok: false, result: malformed(`the arguments are not JSON: ${parsed.error}`) };
  if (parsed.repaired !== null) {
    issues.push(jsonRepaired(parsed.repairs, json));
  }
  return usable(parsed.value, parsed.repaired === null && issues.length === 0, issues, maxDepth);
}

function usable(value: unknown, strict: boolean, issues: BodyIssue[], maxDepth: number): CallArgumentsRead {
  if (!isObjectOrJsonOfOne(value, maxDepth)) {
    return { ok: false, result: malformed('the arguments are not a JSON object') };
  }
  return { ok: true, value, strict, issues };
}
