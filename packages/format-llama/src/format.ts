/**
 * One variant → a complete handler: the markup run by the core stream engine, the variant's
 * prompt, stops and renderers.
 */
import { ToolFormatConfigError } from '@toolformat/core';
import { bareCallLineBlocks, defineFormat, type MarkupFormatHandler } from '@toolformat/core/kit';
import { detectLlama } from './detect.js';
import { buildMarkup } from './markup.js';
import { isVariant, type LlamaVariant, VARIANTS } from './variants.js';

export const VARIANT_IDS = Object.keys(VARIANTS) as LlamaVariant[];

/** `llama` for the default variant, `llama:pythonic` for the others. */
export function handlerId(variant: LlamaVariant): string {
  return variant === 'llama' ? 'llama' : `llama:${variant}`;
}

export function createLlamaFormat(variant: string = 'llama'): MarkupFormatHandler {
  if (!isVariant(variant)) {
    throw new ToolFormatConfigError(
      `format llama: unknown variant '${variant}'; known variants: ${VARIANT_IDS.join(', ')}.`,
      { key: 'variant', allowed: VARIANT_IDS },
    );
  }
  const def: (typeof VARIANTS)[LlamaVariant] = VARIANTS[variant];
  const id = handlerId(variant);
  const markup = buildMarkup({ id, recipientStart: 'recipientStart' in def && def.recipientStart });
  return defineFormat({
    markup,
    // A declared tool's bare Python call without its list's brackets, alone where the output starts.
    markupForTools: (names) => {
      const lines = bareCallLineBlocks(names, id);
      return lines.length === 0 ? undefined : { ...markup, blocks: [...markup.blocks, ...lines] };
    },
    detect: detectLlama,
    systemPrompt: def.prompt,
    stopSequences: def.stops,
    formatToolCalls: def.calls,
    formatResult: def.result,
  });
}
