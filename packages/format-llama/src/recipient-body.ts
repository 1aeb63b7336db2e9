/**
 * Functionary v3.2: every assistant message is one or more `>>>RECIPIENT\nBODY` segments.
 * `all` addresses the user (the body is text), `python` the code interpreter (the body is raw
 * code), any other recipient is a tool and the body its JSON arguments. The prompt ends with
 * `>>>`, so an output may start right at a recipient (`whole` reads that form).
 */
import {
  type BodyResult,
  isPlainObject,
  isSpaceOrTab,
  isToolNameChar,
  jsonRepaired,
  parseJsonLadder,
  type RawCall,
} from '@toolformat/core/kit';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

const MAX_NAME = 256;

/** One segment (after `>>>`); null when it does not start with a recipient line. */
export function readRecipient(segment: string): BodyResult | null {
  let p = 0;
  while (p < segment.length && p <= MAX_NAME && isToolNameChar(charCodeAt.call(segment, p))) p++;
  if (p === 0 || p > MAX_NAME) return null;
  let q = p;
  while (q < segment.length && isSpaceOrTab(charCodeAt.call(segment, q))) q++;
  if (q < segment.length && segment[q] !== '\n' && segment[q] !== '\r' && segment[q] !== '{') return null;
  const name = segment.slice(0, p);
  const rest = segment.slice(q).trim();
  if (name === 'all') return { calls: [], text: segment.slice(q).replace(/^\r?\n/, '') };
  if (name === 'python') return { calls: [{ name, arguments: { code: rest } }] };
  if (rest === '') return { calls: [{ name, arguments: {} }] };
  if (rest[0] !== '{') return null;
  const parsed = parseJsonLadder(rest);
  if (!parsed.ok || !isPlainObject(parsed.value))
    return { calls: [], error: `the arguments of "${name}" are not a JSON object` };
  const issues = parsed.repaired === null ? [] : [jsonRepaired(parsed.repairs, rest)];
  return { calls: [{ name, arguments: parsed.value }], issues };
}

export function recipientBody(body: string): BodyResult {
  return readRecipient(body) ?? { calls: [], notMarkup: true };
}

/** The whole output as `NAME\nBODY>>>NAME\nBODY…` (the prompt already wrote the first `>>>`). */
export function recipientSegments(text: string): BodyResult {
  const calls: RawCall[] = [];
  const issues = [];
  let out = '';
  let from = 0;
  while (from <= text.length) {
    const next = text.indexOf('>>>', from);
    const segment = text.slice(from, next === -1 ? text.length : next);
    const read = readRecipient(segment);
    if (read === null || read.error !== undefined) return { calls: [], error: 'not a recipient segment' };
    calls.push(...read.calls);
    issues.push(...(read.issues ?? []));
    if (read.text !== undefined) out += read.text;
    if (next === -1) break;
    from = next + 3;
  }
  return out === '' ? { calls, issues } : { calls, issues, text: out };
}
