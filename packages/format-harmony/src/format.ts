/**
 * The handler: the markup (markup.ts) run by the core stream engine, with the template's
 * prompt, stops and renderers. The model stops at `<|call|>` (a call, waiting for its result)
 * and `<|return|>` (done); `<|end|>` only separates the messages of one turn.
 */
import { defineFormat, type MarkupFormatHandler } from '@toolformat/core/kit';
import { detectHarmony } from './detect.js';
import { buildMarkup } from './markup.js';
import { harmonyPrompt } from './prompt.js';
import { renderCalls, renderResult } from './render.js';
import { CALL, RETURN } from './tokens.js';

export const STOP_SEQUENCES: readonly string[] = [CALL, RETURN];

export function createHarmonyFormat(): MarkupFormatHandler {
  return defineFormat({
    markup: buildMarkup(),
    systemPrompt: harmonyPrompt,
    stopSequences: STOP_SEQUENCES,
    formatToolCalls: renderCalls,
    formatResult: renderResult,
    detect: detectHarmony,
  });
}
