/**
 * How sure the family is that a text holds its markup: a strong marker followed by what the
 * parser would read there (`call:` after Gemma's call tokens). A bare pythonic list scores low:
 * Llama 3.2 writes the same. Cost: one `indexOf` walk per marker, linear.
 */
const STRONG: ReadonlyArray<readonly [string, string, number]> = [
  ['<|tool_call>', 'call:', 0.95],
  ['<start_function_call>', 'call:', 0.95],
  ['[TOOL_REQUEST]', '', 0.9],
  ['```tool_code', '', 0.9],
];

function followedBy(text: string, marker: string, next: string): boolean {
  let at = text.indexOf(marker);
  while (at !== -1) {
    let p = at + marker.length;
    while (p < text.length && (text[p] === ' ' || text[p] === '\n')) p++;
    if (text.startsWith(next, p)) return true;
    at = text.indexOf(marker, p);
  }
  return false;
}

function startsWithPythonicList(text: string): boolean {
  const t = text.trimStart();
  if (!t.startsWith('[')) return false;
  const rest = t.slice(1, 130).trimStart();
  let i = 0;
  while (i < rest.length && /[A-Za-z0-9_.]/.test(rest[i]!)) i++;
  return i > 0 && rest[i] === '(';
}

export function detectGemma(text: string): number {
  if (typeof text !== 'string') return 0;
  for (const [marker, next, score] of STRONG) if (followedBy(text, marker, next)) return score;
  if (text.includes('[END_TOOL_REQUEST]')) return 0.5;
  return startsWithPythonicList(text) ? 0.3 : 0;
}
