/**
 * Calls in free text: a bare form (a pythonic list, a JSON call) read with an explicit format
 * anywhere in the text, where prose and code look the same. Each finder knows one form and
 * returns its next match from a position; the earliest match wins (on a tie, the finder declared
 * first), its calls are taken and its span leaves the text, and everything else stays text.
 *
 * Cost: a finder is asked again only once the scan has passed its last match, always from a later
 * position, so each finder walks the text once (architecture/semantics.md, guarantee 8).
 */
import type { BodyIssue, BodyResult, RawCall } from './markup-spec.js';

/** One form found in the text: its span and what it reads as (a match with an error is passed over). */
export interface ProseMatch {
  start: number;
  end: number;
  result: BodyResult;
}

/** Finds one form: the next match at or after `from`, or null when there is none. */
export interface ProseFinder {
  next(from: number): ProseMatch | null;
}

/**
 * The calls `finders` find in `text`; what lies between them is the result's text (none when it
 * is blank). No call at all: the text is not markup.
 */
export function callsInProse(text: string, finders: readonly ProseFinder[]): BodyResult {
  const calls: RawCall[] = [];
  const issues: BodyIssue[] = [];
  const found = finders.map((finder) => finder.next(0));
  let out = '';
  let last = 0;
  for (;;) {
    let first = -1;
    for (let i = 0; i < found.length; i++) {
      const match = found[i];
      if (match && (first === -1 || match.start < found[first]!.start)) first = i;
    }
    if (first === -1) break;
    const match = found[first]!;
    if (match.result.error === undefined && match.result.calls.length > 0) {
      out += text.slice(last, match.start);
      last = match.end;
      calls.push(...match.result.calls);
      issues.push(...(match.result.issues ?? []));
    }
    const from = Math.max(match.end, match.start + 1);
    for (let i = 0; i < found.length; i++) {
      const other = found[i];
      if (other && other.start < from) found[i] = finders[i]!.next(from);
    }
  }
  if (calls.length === 0) return { calls: [], notMarkup: true };
  out += text.slice(last);
  return out.trim() === '' ? { calls, issues } : { calls, issues, text: out };
}
