/**
 * How sure the family is that a text holds its markup (the router's auto mode and rescue order
 * handlers by this). The distinctive markers count on sight; ReAct counts only as a whole step —
 * an `Action:` line followed by an `Action Input:` line, or Command R's `Action:` and a JSON
 * fence — because prose writes `Thought:` and `Action:` on their own.
 *
 * Cost: a few `indexOf` walks over the text, each forward only: linear.
 */
import { isJsonSpace } from '@toolformat/core/kit';

const STRONG: ReadonlyArray<readonly [string, number]> = [
  ['✿FUNCTION✿', 0.95],
  ['<|START_ACTION|>', 0.95],
  ['✦ tool_call:', 0.9],
  ['✦tool_call:', 0.9],
];

/** Index of `key` at a line start at or after `from` (the text's start counts), or -1. */
function lineKey(text: string, key: string, from: number): number {
  if (from === 0 && text.startsWith(key)) return 0;
  const at = text.indexOf(`\n${key}`, Math.max(0, from - 1));
  return at === -1 ? -1 : at + 1;
}

export function detectReact(text: string): number {
  if (typeof text !== 'string') return 0;
  for (const [marker, score] of STRONG) if (text.includes(marker)) return score;
  const first = lineKey(text, 'Action:', 0);
  if (first === -1) return 0;
  if (lineKey(text, 'Action Input:', first + 'Action:'.length) !== -1) return 0.8;
  // Command R: `Action:` then a ```json fence or a JSON list.
  for (let at = first; at !== -1; ) {
    let p = at + 'Action:'.length;
    while (p < text.length && isJsonSpace(text.charCodeAt(p))) p++;
    if (text.startsWith('```json', p) || text.startsWith('[', p)) return 0.7;
    at = lineKey(text, 'Action:', p);
  }
  return 0;
}
