/**
 * One variant → a complete handler: the markup run by the core stream engine, the variant's
 * prompt, stops and renderers.
 *
 * The plugin the router registers: the family id `gemma`, an alias per variant, and the models
 * each serves (the variant is chosen by model name; models.yaml can override it).
 */

import { definePlugin, type FormatAlias, type ModelPattern } from '@toolformat/core';
import {
  type DetectSign,
  defineFormat,
  detectSigns,
  type MarkupFormatHandler,
  skipJsonSpace,
} from '@toolformat/core/kit';
import { buildMarkup } from './markup.js';
import { VARIANTS } from './variants.js';

/** After blanks, `call:`: what the parser reads after Gemma's call tokens (it skips the same blanks). */
function thenCall(text: string, end: number): boolean {
  return text.startsWith('call:', skipJsonSpace(text, end));
}

/**
 * How sure the family is that a text holds its markup: a strong marker followed by what the parser
 * would read there. A bare pythonic list scores low: Llama 3.2 writes the same.
 */
const SIGNS: readonly DetectSign[] = [
  ['<|tool_call>', 0.95, thenCall],
  ['<start_function_call>', 0.95, thenCall],
  ['[TOOL_REQUEST]', 0.9],
  ['```tool_code', 0.9],
  ['[END_TOOL_REQUEST]', 0.5],
];

/** Whether the text, after blanks, starts like a pythonic list `[name(`. */
function startsWithPythonicList(text: string): number {
  const t = text.trimStart();
  if (!t.startsWith('[')) return 0;
  const rest = t.slice(1, 130).trimStart();
  let i = 0;
  while (i < rest.length && /[A-Za-z0-9_.]/.test(rest[i]!)) i++;
  return i > 0 && rest[i] === '(' ? 0.3 : 0;
}

export function createGemmaFormat(variant: string = 'gemma'): MarkupFormatHandler {
  const { id, def } = VARIANTS.resolve(variant);
  return defineFormat({
    markup: buildMarkup(id),
    detect: detectSigns(SIGNS, startsWithPythonicList),
    variant: def,
  });
}

const aliases: FormatAlias[] = [
  { id: 'functiongemma', variant: 'functiongemma' },
  { id: 'gemma4', variant: 'gemma4' },
  { id: 'gemma-pythonic', variant: 'pythonic' },
  { id: 'tool-request', variant: 'tool-request' },
  { id: 'lmstudio', variant: 'tool-request' },
  { id: 'tool-code', variant: 'gemma' },
];

const modelPatterns: ModelPattern[] = [
  { match: 'gemma-2-*' },
  { match: 'gemma-3-*' },
  { match: 'gemma-3n-*' },
  { match: 'gemma2*' },
  { match: 'gemma3*' },
  { match: '*/gemma-2-*' },
  { match: '*/gemma-3-*' },
  { match: '*/gemma-3n-*' },
  { match: 'functiongemma*', variant: 'functiongemma' },
  { match: '*/functiongemma*', variant: 'functiongemma' },
  { match: 'gemma-4-*', variant: 'gemma4' },
  { match: 'gemma4*', variant: 'gemma4' },
  { match: '*/gemma-4-*', variant: 'gemma4' },
];

export const gemmaPlugin = definePlugin({
  id: 'gemma',
  aliases,
  modelPatterns,
  create: (options) => createGemmaFormat(typeof options?.variant === 'string' ? options.variant : 'gemma'),
});
