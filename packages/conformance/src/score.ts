/**
 * Scoring: pure functions from a corpus case and our ParseResults to what matched. Kept apart
 * from running the parsers so the rules are tested on their own (score.test.ts).
 */
import type { ParseOptions, ParseResult, ToolCall, ToolDefinition } from '@toolformat/core';
import type { CorpusCase, ExpectedCall } from './corpus.js';

export interface CaseScore {
  id: string;
  family: string;
  partial: boolean;
  /** Explicit format: same calls (names and arguments, in order). */
  callsExact: boolean;
  /** Explicit format: calls exact and, when the case asserts content, the same content. */
  callsContent: boolean;
  /** Auto mode: same calls. */
  autoCallsExact: boolean;
}

/** What a family scored; `partial` counts the cut-off cases, which are reported apart. */
export interface FamilyCounts {
  cases: number;
  callsExact: number;
  callsContent: number;
  autoCallsExact: number;
  partial: PartialCounts;
}

export interface PartialCounts {
  cases: number;
  callsExact: number;
  callsContent: number;
  autoCallsExact: number;
}

/** Whitespace runs collapse to one space and the ends are trimmed; null is the empty string. */
export function normalizeContent(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim();
}

/** Same number of calls, and each has the same name and deep-equal arguments, in order. Ids are ignored. */
export function callsMatch(expected: readonly ExpectedCall[], actual: readonly ToolCall[]): boolean {
  return (
    expected.length === actual.length &&
    expected.every((e, i) => e.name === actual[i]?.name && deepEqual(e.arguments, actual[i]?.arguments))
  );
}

/** Content matches when the case does not assert it, or when both normalise to the same text. */
export function contentMatches(
  c: Pick<CorpusCase, 'content_asserted' | 'expected_content'>,
  actual: string | null,
): boolean {
  return !c.content_asserted || normalizeContent(c.expected_content) === normalizeContent(actual);
}

/** JSON deep equality: key order does not matter, array order does. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => deepEqual(v, b[i]));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every(
      (k) =>
        Object.hasOwn(b, k) &&
        deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
    )
  );
}

/** The case's tools as tool definitions: a bare name becomes `{ name }`. */
export function caseTools(c: Pick<CorpusCase, 'tools'>): ToolDefinition[] | undefined {
  if (!c.tools || c.tools.length === 0) return undefined;
  return c.tools.map((t) => (typeof t === 'string' ? { name: t } : (t as ToolDefinition)));
}

/** Parse options for a case (without the id generator, which the runner adds per parse). */
export function caseOptions(c: Pick<CorpusCase, 'tools' | 'reasoning_open'>): ParseOptions {
  const opts: ParseOptions = {};
  const tools = caseTools(c);
  if (tools) opts.tools = tools;
  if (c.reasoning_open) opts.reasoningOpen = true;
  return opts;
}

/**
 * Scores one case. `explicit` is null when the family is not a known format id: every explicit
 * score is then false (a missing format scores 0; it is not an error).
 */
export function scoreCase(c: CorpusCase, explicit: ParseResult | null, auto: ParseResult): CaseScore | null {
  if (c.expected_calls === null) return null;
  const callsExact = explicit !== null && callsMatch(c.expected_calls, explicit.calls);
  return {
    id: c.id,
    family: c.family,
    partial: c.partial,
    callsExact,
    callsContent: callsExact && contentMatches(c, explicit?.content ?? null),
    autoCallsExact: callsMatch(c.expected_calls, auto.calls),
  };
}

export function emptyCounts(): FamilyCounts {
  return {
    cases: 0,
    callsExact: 0,
    callsContent: 0,
    autoCallsExact: 0,
    partial: { cases: 0, callsExact: 0, callsContent: 0, autoCallsExact: 0 },
  };
}

/** Counts per family, families sorted by name. Partial cases count only under `partial`. */
export function tally(scores: readonly CaseScore[]): Map<string, FamilyCounts> {
  const byFamily = new Map<string, FamilyCounts>();
  for (const s of scores) {
    let counts = byFamily.get(s.family);
    if (!counts) {
      counts = emptyCounts();
      byFamily.set(s.family, counts);
    }
    const into = s.partial ? counts.partial : counts;
    into.cases++;
    if (s.callsExact) into.callsExact++;
    if (s.callsContent) into.callsContent++;
    if (s.autoCallsExact) into.autoCallsExact++;
  }
  return new Map([...byFamily].sort(([a], [b]) => a.localeCompare(b)));
}
