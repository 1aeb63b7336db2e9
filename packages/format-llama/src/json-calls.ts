/**
 * JSON calls in Llama's shapes: one object, several separated by `;` (vLLM's Llama 3 parser
 * splits on it), by blanks or newlines, or written back to back (the Llama 4 HF template), or an
 * array of them.
 *
 * `readJsonCalls` reads a block body that must be calls and nothing else. `scanJsonCalls` reads
 * text that has no markers (Llama 3.1 answers with bare JSON, often after a sentence): every
 * top-level JSON object in it that has the shape of a call is one, the rest stays text.
 *
 * Cost: values are delimited by core's linear scanners (`findJsonEnd` over disjoint spans,
 * `findJsonValues` in one pass), then each is parsed once.
 */
import {
  type BodyIssue,
  type BodyResult,
  COMMA,
  findJsonEnd,
  findJsonValues,
  isExactJsonCalls,
  isJsonSpace,
  parseJsonLadder,
  type RawCall,
  SEMICOLON,
  textContinuesSentence,
} from '@toolformat/core/kit';
import { toRawCall } from './call-object.js';

function skipSeparators(text: string, pos: number): number {
  let p = pos;
  while (p < text.length) {
    const c = text.charCodeAt(p);
    if (!(isJsonSpace(c) || c === SEMICOLON || c === COMMA)) break;
    p++;
  }
  return p;
}

/** Adds the calls in one parsed JSON value (an object or an array of objects); false if it holds none. */
function collect(value: unknown, calls: RawCall[]): boolean {
  const items = Array.isArray(value) ? value : [value];
  const found: RawCall[] = [];
  for (const item of items) {
    const call = toRawCall(item);
    if (call === null) return false;
    found.push(call);
  }
  if (found.length === 0) return false;
  calls.push(...found);
  return true;
}

function repairIssue(repairs: readonly string[], raw: string): BodyIssue {
  return { kind: 'json-repaired', message: `Repaired JSON: ${repairs.join('; ')}.`, raw };
}

/**
 * A body of JSON calls. `closed` false: the output ended inside the block, so only complete values
 * count (a half-written call is never returned with half its arguments).
 */
export function readJsonCalls(body: string, closed: boolean): BodyResult {
  const calls: RawCall[] = [];
  const issues: BodyIssue[] = [];
  // Every value in the exact call shape (BodyResult.exactShape).
  let exact = true;
  let p = skipSeparators(body, 0);
  while (p < body.length) {
    const end = findJsonEnd(body, p);
    if (end === -1) {
      const raw = body.slice(p);
      if (!closed) {
        issues.push({ kind: 'partial-call', message: 'The output ended inside this call.', raw });
        break;
      }
      const parsed = parseJsonLadder(raw.trim());
      if (parsed.ok && collect(parsed.value, calls)) {
        exact &&= isExactJsonCalls(parsed.value);
        if (parsed.repaired !== null) issues.push(repairIssue(parsed.repairs, raw));
        p = body.length;
        break;
      }
      return { calls: [], error: 'the block holds no JSON call', issues };
    }
    const raw = body.slice(p, end);
    const parsed = parseJsonLadder(raw);
    if (!parsed.ok || !collect(parsed.value, calls)) {
      return { calls: [], error: 'the block holds JSON that is not a call' };
    }
    exact &&= isExactJsonCalls(parsed.value);
    if (parsed.repaired !== null) issues.push(repairIssue(parsed.repairs, raw));
    p = skipSeparators(body, end);
    if (p < body.length && body.charCodeAt(p) !== 123 && body.charCodeAt(p) !== 91) {
      issues.push({
        kind: 'trailing-text',
        message: 'Text after the calls was removed.',
        raw: body.slice(p),
      });
      break;
    }
  }
  if (calls.length === 0 && issues.length === 0) return { calls: [], error: 'the block is empty' };
  return exact && calls.length > 0 ? { calls, issues, exactShape: true } : { calls, issues };
}

/**
 * Bare text: every top-level object with a call's shape is a call; everything else (prose, the
 * `;` between calls, JSON that is not a call) stays text. Values are parsed strictly: without
 * markers, broken JSON is more likely prose than a call.
 */
/** `;` or `,` between calls on one line (`{…}; {…}`). */
function separatesCalls(code: number): boolean {
  return code === SEMICOLON || code === COMMA;
}

export function scanJsonCalls(text: string, mentions = false): BodyResult {
  const calls: RawCall[] = [];
  let out = '';
  let last = 0;
  for (const { start, end } of findJsonValues(text, { singleQuotes: false })) {
    let value: unknown;
    try {
      value = JSON.parse(text.slice(start, end));
    } catch {
      continue;
    }
    // A call followed on its line by more of the sentence is a mention (architecture/precision.md).
    let sep = end;
    while (sep < text.length && (text.charCodeAt(sep) === 32 || text.charCodeAt(sep) === 9)) sep++;
    const after = sep < text.length && separatesCalls(text.charCodeAt(sep)) ? sep + 1 : end;
    if (mentions && textContinuesSentence(text, after)) continue;
    if (!collect(value, calls)) continue;
    out += text.slice(last, start);
    last = end;
    // A `;` right after a call separates calls: it is markup, not text.
    let q = end;
    while (q < text.length && isJsonSpace(text.charCodeAt(q))) q++;
    if (q < text.length && text.charCodeAt(q) === SEMICOLON) last = q + 1;
  }
  if (calls.length === 0) return { calls: [], notMarkup: true };
  out += text.slice(last);
  return out.trim() === '' ? { calls } : { calls, text: out };
}
