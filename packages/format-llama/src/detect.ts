/**
 * How sure the family is that a text holds its markup: a strong marker followed by what the
 * parser would read there. Bare JSON and pythonic lists score low: prose and code look the same.
 * Cost: one `indexOf` walk per marker, linear.
 */
const STRONG: ReadonlyArray<readonly [string, number]> = [
  ['<|python_tag|>', 0.95],
  ['<|python_start|>', 0.95],
  ['<function=', 0.8],
  ['<function_calls>', 0.5],
];

function recipientAt(text: string): boolean {
  let at = text.indexOf('>>>');
  while (at !== -1) {
    const c = text.charCodeAt(at + 3);
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95) {
      const nl = text.indexOf('\n', at);
      if (nl !== -1 && nl - at < 260 && !text.slice(at + 3, nl).includes(' ')) return true;
    }
    at = text.indexOf('>>>', at + 3);
  }
  return false;
}

function startsWithCall(text: string): boolean {
  const t = text.trimStart();
  if (t.startsWith('{')) return t.slice(1).trimStart().startsWith('"name"');
  if (!t.startsWith('[')) return false;
  const rest = t.slice(1).trimStart();
  if (rest.startsWith('{')) return rest.slice(1).trimStart().startsWith('"name"');
  let i = 0;
  while (i < rest.length && i < 128 && /[A-Za-z0-9_.]/.test(rest[i]!)) i++;
  return i > 0 && rest[i] === '(';
}

export function detectLlama(text: string): number {
  if (typeof text !== 'string') return 0;
  for (const [marker, score] of STRONG) if (text.includes(marker)) return score;
  if (recipientAt(text)) return 0.7;
  return startsWithCall(text) ? 0.3 : 0;
}
