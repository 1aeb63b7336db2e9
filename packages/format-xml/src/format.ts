/**
 * One variant → a complete handler: the markup (markup.ts) run by the core stream engine, the
 * variant's prompt, stops and renderers.
 *
 * Declared tools add Morph's form, `<get_weather>…</get_weather>`: its markers are the tool names,
 * so a parse with tools runs a markup built for those names (`markupForTools`: built once per
 * name set and kept). `parse` is still that markup's stream parser fed one chunk.
 */
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
    systemPrompt: def.prompt,
    stopSequences: def.stops,
    formatToolCalls: def.calls,
    formatResult: def.result,
    strayTokens: STRAY_TAGS,
  });
}
