/**
 * One variant → a complete handler: the markup (markup.ts) run by the core stream engine, the
 * variant's prompt, stops and renderers, and the family's sanitizer: labels the model put before a
 * call, `**TOOL CALL:**`, `Function call:` (a line of their own, or the end of a line), go where a
 * block was cut out right after them (`LABELS.stripTrailing`, applied at every cut) or at the very
 * end. Code is left alone (architecture/semantics.md, guarantee 4).
 *
 * The plugin the router registers: the family id `hermes`, an alias per variant (so that every
 * family id of the peer conformance corpus is a valid `--format`), and the model names each
 * variant serves.
 * When two patterns match a model, the router takes the more specific one (`qwen3-coder-*`, which
 * the XML package claims, beats `qwen3-*`).
 */

import { definePlugin, type FormatAlias, type ModelPattern } from '@toolformat/core';
import {
  bareCallLineBlocks,
  callLabels,
  cleanProse,
  defineFormat,
  detectSigns,
  isPlainObject,
  type MarkupFormatHandler,
  markupSigns,
  removeStrayMarkers,
  skipJsonSpace,
} from '@toolformat/core/kit';
import { buildMarkup } from './markup.js';
import { VARIANTS } from './variants.js';

/** Tags of this family, removed wherever they stand outside code. */
const STRAY_TAGS = [
  '<tool_call>',
  '</tool_call>',
  '<tool_calls>',
  '</tool_calls>',
  '<tools>',
  '</tools>',
  '<function_call>',
  '</function_call>',
  '<function>',
  '</function>',
  '<toolcall>',
  '</toolcall>',
  '<TOOLCALL>',
  '</TOOLCALL>',
  '<longcat_tool_call>',
  '</longcat_tool_call>',
  '<|tool_call|>',
  '<|/tool_call|>',
  '<|tool_call_start|>',
  '<|tool_call_end|>',
  '<|tools_prefix|>',
  '<|tools_suffix|>',
  '<|action_start|>',
  '<|action_end|>',
  '<|plugin|>',
];

/** Label words a model writes before a call. */
const LABELS = callLabels([
  'tool call',
  'tool calls',
  'tool_call',
  'tool_calls',
  'function call',
  'function calls',
  'function_call',
  'tool use',
  'calling tool',
  'tool request',
]);

/** A line that is one JSON call (strict JSON, a `name` and `arguments`/`parameters`). */
function isBareJsonCall(line: string): boolean {
  const t = line.trim();
  if (!((t.startsWith('{') && t.endsWith('}')) || (t.startsWith('[{') && t.endsWith('}]')))) return false;
  let value: unknown;
  try {
    value = JSON.parse(t);
  } catch {
    return false;
  }
  const items = Array.isArray(value) ? value : [value];
  return (
    items.length > 0 &&
    items.every(
      (v) =>
        isPlainObject(v) &&
        typeof v.name === 'string' &&
        (Object.hasOwn(v, 'arguments') || Object.hasOwn(v, 'parameters')),
    )
  );
}

/**
 * What the parse leaves that a user should still not see: stray tags of the family (a
 * `</tool_call>` without an opening, a prose `<tool_call>`); a line that is nothing but a JSON call
 * `{"name": …, "arguments": …}` the parse did not take (no tools declared); a label standing
 * before nothing at the end (its block was cut out).
 */
export function sanitizeContent(content: string): string {
  return cleanProse(
    content,
    (line) => {
      const cleaned = removeStrayMarkers(line, STRAY_TAGS);
      return isBareJsonCall(cleaned) ? null : cleaned;
    },
    { dropLast: LABELS.isLabel, collapseBlanks: true },
  );
}

/** Whether the text, after blanks, starts like a JSON call `{"name"` / `[{"name"`. */
function startsWithJsonCall(text: string): boolean {
  let p = skipJsonSpace(text, 0);
  if (text[p] === '[') p = skipJsonSpace(text, p + 1);
  if (text[p] !== '{') return false;
  return text.startsWith('"name"', skipJsonSpace(text, p + 1));
}

export function createHermesFormat(variant: string = 'hermes'): MarkupFormatHandler {
  const { id, def } = VARIANTS.resolve(variant);
  const anyJson = 'anyJson' in def && def.anyJson;
  const markup = buildMarkup({
    id,
    familyFormats: variant === 'hermes',
    anyJson,
    responseTags: 'responseTags' in def && def.responseTags,
  });
  const handler = defineFormat({
    markup,
    // A declared tool's bare Python call, alone where the output starts (Granite 3.x writes it).
    markupForTools: (names) => {
      const lines = bareCallLineBlocks(names, id);
      return lines.length === 0 ? undefined : { ...markup, blocks: [...markup.blocks, ...lines] };
    },
    // A marker counts only where JSON follows it, as the parser itself decides (`bodyStart`); a
    // bare call proven by a stray closer has no marker of its own to score. Bare JSON is this
    // family's only when declared tools confirm it, except in the json variant.
    detect: detectSigns(markupSigns(markup.blocks.filter((block) => block.provenBy === undefined)), (text) =>
      startsWithJsonCall(text) ? (anyJson ? 0.6 : 0.3) : 0,
    ),
    variant: def,
  });
  return {
    ...handler,
    /**
     * The parse's content (malformed blocks removed), with a label that stood right before a cut
     * removed at the cut (the events say where blocks were), then the line clean-up.
     */
    sanitize(text) {
      const parser = handler.createStreamParser({ onMalformed: 'strip', generateId: () => '' });
      let out = '';
      for (const event of [...parser.push(text), ...parser.end()]) {
        if (event.type === 'text') out += event.text;
        else if (event.type === 'tool-call-end' || event.type === 'issue') out = LABELS.stripTrailing(out);
      }
      return sanitizeContent(out);
    },
  };
}

// Every variant but the default is also a format id of its own (`--format granite`).
const variantAliases: FormatAlias[] = VARIANTS.ids
  .filter((id) => id !== VARIANTS.defaultVariant)
  .map((id): FormatAlias => ({ id, variant: id }));

// vLLM's parser name for the Phi-4-mini template's format.
variantAliases.push({ id: 'phi4_mini_json', variant: 'phi4-mini-json' });

// vLLM's `granite4` parser: Granite 4 writes Qwen's `<tool_call>{json}</tool_call>` (its models are
// routed to the `qwen` variant below); the alias names that family for `--format` and conformance.
variantAliases.push({ id: 'granite4', variant: 'qwen' });

const modelPatterns: ModelPattern[] = [
  // Hermes 2 Pro / 3 / 4 and their fine-tunes.
  { match: '*hermes-2-pro*' },
  { match: '*hermes-3*' },
  { match: '*hermes-4*' },
  { match: 'openhermes*' },
  // A Hermes fine-tune of Llama (`Hermes-3-Llama-3.1-8B`, `DeepHermes-3-Llama-3-8B`) writes
  // Hermes calls: the fine-tune's name must outweigh the base model's (`*llama-3.1*`).
  { match: '*hermes-*-llama*' },
  // Qwen2.5 / QwQ / Qwen3 (Qwen3-Coder and Qwen3.5 are XML: their patterns are more specific).
  { match: 'qwen2.5-*', variant: 'qwen' },
  { match: 'qwen2.5:*', variant: 'qwen' },
  { match: 'qwen3-*', variant: 'qwen' },
  { match: 'qwen3:*', variant: 'qwen' },
  { match: 'qwq*', variant: 'qwen' },
  { match: 'qwen3-next*', variant: 'qwen' },
  { match: 'granite-4*', variant: 'qwen' },
  { match: 'granite4*', variant: 'qwen' },
  { match: 'smollm3*', variant: 'qwen' },
  { match: '*cogito*', variant: 'qwen' },
  { match: 'granite-3*', variant: 'granite' },
  { match: 'granite3*', variant: 'granite' },
  { match: 'granite-20b-function*', variant: 'granite-20b-fc' },
  { match: 'xlam*', variant: 'json' },
  { match: '*-xlam-*', variant: 'json' },
  { match: 'lfm2*', variant: 'lfm2' },
  { match: '*nemotron-nano-*v2*', variant: 'nemotron' },
  { match: 'nemotron-mini*' },
  { match: 'minimax-m1*', variant: 'minimax-m1' },
  { match: '*jamba*', variant: 'jamba' },
  { match: 'hunyuan*', variant: 'hunyuan' },
  { match: 'phi-4-mini*', variant: 'phi4' },
  { match: 'phi4-mini*', variant: 'phi4' },
  { match: 'firefunction*', variant: 'firefunction' },
  { match: 'apertus*', variant: 'apertus' },
  { match: 'internlm2*', variant: 'internlm' },
  { match: 'internlm*', variant: 'internlm' },
  { match: 'longcat*', variant: 'longcat' },
  { match: 'ernie-4.5*', variant: 'ernie' },
  { match: '*gigachat*', variant: 'gigachat' },
  { match: '*inkling*', variant: 'inkling' },
];

export const hermesPlugin = definePlugin({
  id: 'hermes',
  aliases: variantAliases,
  modelPatterns,
  create: (options) => createHermesFormat(typeof options?.variant === 'string' ? options.variant : 'hermes'),
});
