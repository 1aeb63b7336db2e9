/**
 * One variant → a complete handler: the markup run by the core stream engine, the variant's
 * prompt, stops and renderers.
 *
 * The plugin the router registers: the family id `llama`, an alias per variant (the corpus
 * families `llama`, `pythonic`, `functionary` are valid `--format`s), and the models each serves.
 */

import { definePlugin, type FormatAlias, type ModelPattern } from '@toolformat/core';
import {
  BRACE_OPEN,
  BRACKET_OPEN,
  bareCallLineBlocks,
  type DetectSign,
  defineFormat,
  detectSigns,
  LOWER_A,
  LOWER_Z,
  type MarkupFormatHandler,
  UNDERSCORE,
  UPPER_A,
  UPPER_Z,
} from '@toolformat/core/kit';
import { buildMarkup } from './markup.js';
import { VARIANTS } from './variants.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/**
 * How sure the family is that a text holds its markup: the strong markers on sight; then a
 * Functionary `>>>recipient` line; bare JSON and pythonic lists score low, as prose and code look
 * the same.
 */
const SIGNS: readonly DetectSign[] = [
  ['<|python_tag|>', 0.95],
  ['<|python_start|>', 0.95],
  ['<function=', 0.8],
  ['<function_calls>', 0.5],
];

/** `>>>name` up to a line break, with no blank in it: Functionary v3.2's recipient. */
function recipientAt(text: string): boolean {
  let at = text.indexOf('>>>');
  while (at !== -1) {
    const c = charCodeAt.call(text, at + 3);
    if ((c >= LOWER_A && c <= LOWER_Z) || (c >= UPPER_A && c <= UPPER_Z) || c === UNDERSCORE) {
      const nl = text.indexOf('\n', at);
      if (nl !== -1 && nl - at < 260 && !text.slice(at + 3, nl).includes(' ')) return true;
    }
    at = text.indexOf('>>>', at + 3);
  }
  return false;
}

/** Whether the text, after blanks, starts like a JSON call or a pythonic list. */
function startsWithCall(text: string): boolean {
  const t = text.trimStart();
  if (charCodeAt.call(t, 0) === BRACE_OPEN) return t.slice(1).trimStart().startsWith('"name"');
  if (charCodeAt.call(t, 0) !== BRACKET_OPEN) return false;
  const rest = t.slice(1).trimStart();
  if (charCodeAt.call(rest, 0) === BRACE_OPEN) return rest.slice(1).trimStart().startsWith('"name"');
  let i = 0;
  while (i < rest.length && i < 128 && /[A-Za-z0-9_.]/.test(rest[i]!)) i++;
  return i > 0 && rest[i] === '(';
}

function unmarked(text: string): number {
  if (recipientAt(text)) return 0.7;
  return startsWithCall(text) ? 0.3 : 0;
}

export function createLlamaFormat(variant: string = 'llama'): MarkupFormatHandler {
  const { id, def } = VARIANTS.resolve(variant);
  const markup = buildMarkup({ id, recipientStart: 'recipientStart' in def && def.recipientStart });
  return defineFormat({
    markup,
    // A declared tool's bare Python call without its list's brackets, alone where the output starts.
    markupForTools: (names) => {
      const lines = bareCallLineBlocks(names, id);
      return lines.length === 0 ? undefined : { ...markup, blocks: [...markup.blocks, ...lines] };
    },
    detect: detectSigns(SIGNS, unmarked),
    variant: def,
  });
}

const aliases: FormatAlias[] = [
  { id: 'pythonic', variant: 'pythonic' },
  { id: 'llama3.2', variant: 'pythonic' },
  { id: 'olmo3', variant: 'pythonic' },
  { id: 'llama4', variant: 'llama4' },
  { id: 'functionary', variant: 'functionary' },
  { id: 'functionary-v3.2', variant: 'functionary' },
  { id: 'functionary-v3.1', variant: 'functionary-v3.1' },
  { id: 'llama3.1', variant: 'llama' },
];

const modelPatterns: ModelPattern[] = [
  { match: '*llama-3.1*' },
  { match: '*llama3.1*' },
  { match: '*llama-3.3*' },
  { match: '*llama3.3*' },
  { match: '*llama-3.2*', variant: 'pythonic' },
  { match: '*llama3.2*', variant: 'pythonic' },
  { match: '*llama-4*', variant: 'llama4' },
  { match: '*llama4*', variant: 'llama4' },
  { match: 'olmo-3*', variant: 'pythonic' },
  { match: '*olmo-3*', variant: 'pythonic' },
  { match: '*functionary*v3.2*', variant: 'functionary' },
  { match: '*functionary*v3.1*', variant: 'functionary-v3.1' },
  { match: '*functionary*', variant: 'functionary' },
];

export const llamaPlugin = definePlugin({
  id: 'llama',
  aliases,
  modelPatterns,
  create: (options) => createLlamaFormat(typeof options?.variant === 'string' ? options.variant : 'llama'),
});
