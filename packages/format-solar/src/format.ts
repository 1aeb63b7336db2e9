/**
 * The handler: the markup (markup.ts) run by the core stream engine, the prompt, stops and
 * renderers. Solar Open has one chat format, so there are no variants; a variant asked for by
 * configuration is a configuration error, named with the one that exists.
 */
import { ToolFormatConfigError } from '@toolformat/core';
import { defineFormat, type MarkupFormatHandler } from '@toolformat/core/kit';
import { buildMarkup, detectSolar } from './markup.js';
import { solarPrompt } from './prompt.js';
import { renderCalls, renderResult } from './render.js';
import { sanitizeContent } from './sanitize.js';
import { CALLS_END, END_OF_TEXT, FLUSH } from './tokens.js';

export const DEFAULT_VARIANT = 'open';

/**
 * `generation_config.json`'s end-of-generation tokens: `<|calls|>` after a call turn, `<|flush|>`
 * after an answer, `<|endoftext|>`. Not `<|end|>`: it also closes the reasoning segment, after which
 * the turn goes on.
 */
export const STOP_SEQUENCES: readonly string[] = [CALLS_END, FLUSH, END_OF_TEXT];

export function createSolarFormat(variant: string = DEFAULT_VARIANT): MarkupFormatHandler {
  if (variant !== DEFAULT_VARIANT) {
    throw new ToolFormatConfigError(
      `format solar: unknown variant '${variant}'; known variants: ${DEFAULT_VARIANT}.`,
      { key: 'variant', allowed: [DEFAULT_VARIANT] },
    );
  }
  return defineFormat({
    markup: buildMarkup('solar'),
    systemPrompt: solarPrompt,
    stopSequences: STOP_SEQUENCES,
    formatToolCalls: renderCalls,
    formatResult: renderResult,
    sanitizeExtra: sanitizeContent,
    detect: detectSolar,
  });
}
