/**
 * One variant → a complete handler: the markup (markup.ts) run by the core stream engine, the
 * variant's prompt, stops and renderers.
 *
 * Declared tools add Morph's form, `<get_weather>…</get_weather>`: its markers are the tool names,
 * so a parse with tools runs a markup built for those names (`markupForTools`: built once per
 * name set and kept). `parse` is still that markup's stream parser fed one chunk.
 *
 * The plugin the router registers: the family id `xml`, an alias per variant (so that every
 * family id of the peer conformance corpus this package serves is a valid `--format`), and the
 * model names each variant serves. Where two patterns match a model the router takes the more specific one:
 * `*qwen3-coder*` here beats Hermes's `qwen3-*`, `*step-3.5*` beats `*step-3*`.
 */

import { definePlugin, type FormatAlias, type ModelPattern } from '@toolformat/core';
import { defineFormat, detectSigns, type MarkupFormatHandler, markupSigns } from '@toolformat/core/kit';
import { buildMarkup, CLAUDE_NS, type MarkupOptions } from './markup.js';
import { VARIANTS } from './variants.js';

/**
 * Tags of the family that did not open a block (a `</tool_call>` after a bare `<function=…>`, a
 * lone `</function_calls>` or `</invoke>`): `sanitize` removes them.
 */
const STRAY_TAGS = [
  '</function_calls>',
  `</${CLAUDE_NS}:function_calls>`,
  '</minimax:tool_call>',
  '</seed:tool_call>',
  '</tool_call>',
  '</function>',
  '</invoke>',
  `</${CLAUDE_NS}:invoke>`,
  '</steptml:invoke>',
  '</parameter>',
  '</param>',
  `</${CLAUDE_NS}:parameter>`,
  '<｜tool_calls_end｜>',
  '<｜tool_call_end｜>',
  '<｜tool_sep｜>',
];

export function createXmlFormat(variant: string = 'claude'): MarkupFormatHandler {
  const { id, def } = VARIANTS.resolve(variant);
  const options: MarkupOptions = {
    id: id,
    familyFormats: variant === 'claude',
    seedThink: 'seedThink' in def && def.seedThink,
    nameLineCalls: 'nameLineCalls' in def && def.nameLineCalls,
    functionNameTags: 'functionNameTags' in def && def.functionNameTags,
    mmThink: 'mmThink' in def && def.mmThink,
    ...('valueLayout' in def ? { valueLayout: def.valueLayout } : {}),
  };
  const markup = buildMarkup(options);
  return defineFormat({
    markup,
    // The tools' own tags (and GLM's name lines): a markup per set of declared names.
    markupForTools: (toolNames) => {
      const forTools = buildMarkup({ ...options, toolNames });
      return forTools.blocks.length === markup.blocks.length ? undefined : forTools;
    },
    // A marker counts only where the parser itself would open a block: after `<tool_call>`, a tag
    // or (directly) a name. JSON in an XML block is a sibling family's shape the block also reads
    // (a Qwen3-Coder model writing Qwen2.5's JSON): detect scores this format's own markup only.
    detect: detectSigns(
      markupSigns(
        markup.blocks
          .filter((block) => block.auto !== false)
          .map((block) => ({ ...block, bodyStart: (block.bodyStart ?? '').replace('{[', '') })),
      ),
    ),
    variant: def,
    strayTokens: STRAY_TAGS,
  });
}

const aliases: FormatAlias[] = [
  { id: 'claude', variant: 'claude' },
  { id: 'qwen3-coder', variant: 'qwen3-coder' },
  { id: 'qwen3.5', variant: 'qwen3.5' },
  { id: 'glm', variant: 'glm' },
  { id: 'glm-4.7', variant: 'glm-4.7' },
  { id: 'glm4', variant: 'glm4' },
  { id: 'glm-4-0414', variant: 'glm4' },
  { id: 'minimax', variant: 'minimax' },
  { id: 'minimax-m2', variant: 'minimax' },
  { id: 'seed-oss', variant: 'seed-oss' },
  { id: 'step3', variant: 'step3' },
  { id: 'hy-v3', variant: 'hy-v3' },
  { id: 'hy_v3', variant: 'hy-v3' },
  // vLLM's `poolside_v1` parser reads GLM-4.5's markup, byte for byte.
  { id: 'poolside', variant: 'glm' },
  { id: 'poolside_v1', variant: 'glm' },
  // vLLM's `step3p5`: Qwen3-Coder's markup.
  { id: 'step3p5', variant: 'qwen3-coder' },
  { id: 'minicpm5', variant: 'minicpm5' },
  { id: 'mimo', variant: 'mimo' },
  { id: 'minimax-m3', variant: 'minimax-m3' },
  { id: 'minimax_m3', variant: 'minimax-m3' },
];

const modelPatterns: ModelPattern[] = [
  { match: '*claude*', variant: 'claude' },
  // Qwen3-Coder, and the models trained on its markup: Nemotron 3, Step-3.5.
  { match: '*qwen3-coder*', variant: 'qwen3-coder' },
  { match: '*nemotron-3-*', variant: 'qwen3-coder' },
  { match: '*nemotron3*', variant: 'qwen3-coder' },
  { match: '*step-3.5*', variant: 'qwen3-coder' },
  { match: '*step3.5*', variant: 'qwen3-coder' },
  { match: '*qwen3.5*', variant: 'qwen3.5' },
  { match: '*glm-4.5*', variant: 'glm' },
  { match: '*glm-4.6*', variant: 'glm' },
  { match: '*glm4.5*', variant: 'glm' },
  { match: '*glm4.6*', variant: 'glm' },
  { match: '*glm-4.7*', variant: 'glm-4.7' },
  { match: '*glm4.7*', variant: 'glm-4.7' },
  // GLM-4-9B-chat, GLM-4-32B-0414, GLM-Z1-0414: a name line and JSON.
  { match: '*glm-4-*0414*', variant: 'glm4' },
  { match: '*glm-z1-*', variant: 'glm4' },
  { match: '*glm-4-9b-chat*', variant: 'glm4' },
  { match: '*glm4-9b*', variant: 'glm4' },
  { match: '*minimax-m2*', variant: 'minimax' },
  { match: '*minimax-m3*', variant: 'minimax-m3' },
  { match: '*minimax_m3*', variant: 'minimax-m3' },
  { match: '*minimax_m2*', variant: 'minimax' },
  { match: '*seed-oss*', variant: 'seed-oss' },
  { match: '*seed_oss*', variant: 'seed-oss' },
  { match: '*hy3-*', variant: 'hy-v3' },
  { match: '*hy-v3*', variant: 'hy-v3' },
  { match: '*hunyuan-3*', variant: 'hy-v3' },
  { match: '*poolside*', variant: 'glm' },
  { match: '*minicpm5*', variant: 'minicpm5' },
  { match: '*mimo-*', variant: 'mimo' },
  { match: '*mimo_*', variant: 'mimo' },
  { match: '*minicpm-5*', variant: 'minicpm5' },
  { match: '*step-3*', variant: 'step3' },
  { match: '*step3*', variant: 'step3' },
];

export const xmlPlugin = definePlugin({
  id: 'xml',
  aliases,
  modelPatterns,
  /**
   * Where a marker is also another format's (`<tool_call>`, `<function=`, `<tool>` are Hermes's
   * too), auto mode tries Hermes's JSON reader first: `<function=name>{…}` is Llama 3.1's JSON
   * form and should be named so, and the XML readers lose nothing by going second, since the
   * JSON reader rejects a body that starts with a tag or a name (merge-markup.ts).
   */
  priority: -1,
  create: (options) => createXmlFormat(typeof options?.variant === 'string' ? options.variant : 'claude'),
});
