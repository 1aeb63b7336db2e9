/**
 * One variant → a complete handler: the markup (markup.ts) run by the core stream engine, the
 * variant's prompt, stops and renderers, the family's sanitizer and detector.
 */
import {
  type DetectSign,
  defineFormat,
  detectSigns,
  isJsonSpace,
  type MarkupFormatHandler,
} from '@toolformat/core/kit';
import { buildMarkup } from './markup.js';
import { sanitizeContent } from './sanitize.js';
import { VARIANTS } from './variants.js';

/**
 * How sure the family is that a text holds its markup. The distinctive markers count on sight;
 * ReAct counts only as a whole step (`reactStep`), because prose writes `Thought:` and `Action:`
 * on their own.
 */
const SIGNS: readonly DetectSign[] = [
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

/**
 * An `Action:` line followed by an `Action Input:` line, or Command R's `Action:` and a JSON fence
 * or list. A few forward `indexOf` walks: linear.
 */
function reactStep(text: string): number {
  const first = lineKey(text, 'Action:', 0);
  if (first === -1) return 0;
  if (lineKey(text, 'Action Input:', first + 'Action:'.length) !== -1) return 0.8;
  for (let at = first; at !== -1; ) {
    let p = at + 'Action:'.length;
    while (p < text.length && isJsonSpace(text.charCodeAt(p))) p++;
    if (text.startsWith('```json', p) || text.startsWith('[', p)) return 0.7;
    at = lineKey(text, 'Action:', p);
  }
  return 0;
}

export function createReactFormat(variant: string = 'react'): MarkupFormatHandler {
  const { id, def } = VARIANTS.resolve(variant);
  return defineFormat({
    markup: buildMarkup({ id: id, familyFormats: variant === 'react' }),
    detect: detectSigns(SIGNS, reactStep),
    systemPrompt: def.prompt,
    stopSequences: def.stops,
    formatToolCalls: def.calls,
    formatResult: def.result,
    sanitizeExtra: sanitizeContent,
  });
}
