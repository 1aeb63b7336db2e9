/**
 * The handler: the markup (markup.ts) run by the core stream engine, the prompt, stops and
 * renderers. Two variants: Solar Open (`open`, JSON arguments after an id) and Solar Open 2
 * (`open2`, token-delimited key/value arguments); any other is a configuration error, named with
 * the ones that exist.
 */
import { ToolFormatConfigError } from '@toolformat/core';
import { defineFormat, type MarkupFormatHandler } from '@toolformat/core/kit';
import { buildMarkup, buildOpen2Markup, detectSolar } from './markup.js';
import { open2Prompt, solarPrompt } from './prompt.js';
import { renderCalls, renderOpen2Calls, renderResult } from './render.js';
import { sanitizeContent } from './sanitize.js';
import { CALLS_END, END_OF_TEXT, FLUSH } from './tokens.js';

export const DEFAULT_VARIANT = 'open';
/** Solar Open 2: the name on the start token's line and one token-delimited pair per argument. */
export const OPEN2_VARIANT = 'open2';
const VARIANTS = [DEFAULT_VARIANT, OPEN2_VARIANT];

/**
 * `generation_config.json`'s end-of-generation tokens: `<|calls|>` after a call turn, `<|flush|>`
 * after an answer, `<|endoftext|>`. Not `<|end|>`: it also closes the reasoning segment, after which
 * the turn goes on.
 */
export const STOP_SEQUENCES: readonly string[] = [CALLS_END, FLUSH, END_OF_TEXT];

export function createSolarFormat(variant: string = DEFAULT_VARIANT): MarkupFormatHandler {
  if (!VARIANTS.includes(variant)) {
    throw new ToolFormatConfigError(
      `format solar: unknown variant '${variant}'; known variants: ${VARIANTS.join(', ')}.`,
      { key: 'variant', allowed: VARIANTS },
    );
  }
  if (variant === OPEN2_VARIANT) {
    return defineFormat({
      markup: buildOpen2Markup('solar:open2'),
      systemPrompt: open2Prompt,
      stopSequences: STOP_SEQUENCES,
      formatToolCalls: renderOpen2Calls,
      formatResult: renderResult,
      sanitizeExtra: sanitizeContent,
      detect: detectSolar,
    });
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
