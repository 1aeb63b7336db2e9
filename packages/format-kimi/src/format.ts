/**
 * One variant → a complete handler: the markup (markup.ts) run by the core stream engine, the
 * variant's prompt, stops and renderers.
 */
import { type DetectSign, defineFormat, detectSigns, type MarkupFormatHandler } from '@toolformat/core/kit';
import { K3_CALL_OPEN } from './k3.js';
import { buildMarkup } from './markup.js';
import {
  ARGUMENT_BEGIN,
  CALL_BEGIN,
  CALL_END,
  IM_ASSISTANT,
  IM_MIDDLE,
  IM_SYSTEM,
  IM_USER,
  SECTION_BEGIN,
  SECTION_BEGIN_SINGULAR,
} from './tokens.js';
import { VARIANTS } from './variants.js';

/** How sure the text holds Kimi markup: a call token, or at least the section token. */
const SIGNS: readonly DetectSign[] = [
  [CALL_BEGIN, 0.95],
  [K3_CALL_OPEN, 0.95],
  [SECTION_BEGIN, 0.9],
  [SECTION_BEGIN_SINGULAR, 0.9],
];

export function createKimiFormat(variant: string = VARIANTS.defaultVariant): MarkupFormatHandler {
  const { id, def } = VARIANTS.resolve(variant);
  return defineFormat({
    markup: buildMarkup(id),
    systemPrompt: def.prompt,
    stopSequences: def.stops,
    formatToolCalls: def.calls,
    formatResult: def.result,
    // Tokens that opened nothing (an argument token or a call end without its call, chat-turn
    // tokens a server left in) never reach the user.
    strayTokens: [ARGUMENT_BEGIN, CALL_END, IM_MIDDLE, IM_SYSTEM, IM_USER, IM_ASSISTANT],
    detect: detectSigns(SIGNS),
  });
}
