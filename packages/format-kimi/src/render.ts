/**
 * Calls and results as Kimi's templates write them into history (the model reads its past turns
 * best in the spelling it was trained on):
 *
 *   <|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:IDX<|tool_call_argument_begin|>{json}<|tool_call_end|>…<|tool_calls_section_end|>
 *   ## Return of functions.NAME:IDX\n{content}
 *
 * The result's role header (`<|im_system|>NAME<|im_middle|>`) and `<|im_end|>` belong to the turn,
 * not to its content. K2 Thinking writes every assistant turn after a reasoning block, empty for
 * past turns (`<think></think>`).
 */
import type { ToolCall, ToolResult } from '@toolformat/core';
import { resultText, tojson } from '@toolformat/core/kit';
import { toKimiId } from './call-id.js';
import {
  ARGUMENT_BEGIN,
  CALL_BEGIN,
  CALL_END,
  SECTION_BEGIN,
  SECTION_END,
  THINK,
  THINK_END,
} from './tokens.js';

export type CallRenderer = (calls: ToolCall[]) => string;
export type ResultRenderer = (result: ToolResult) => string;

function section(calls: readonly ToolCall[]): string {
  let out = SECTION_BEGIN;
  for (const c of calls) {
    out += `${CALL_BEGIN}${toKimiId(c.id, c.name)}${ARGUMENT_BEGIN}${tojson(c.arguments)}${CALL_END}`;
  }
  return out + SECTION_END;
}

export const renderCalls = {
  /** K2 Instruct, K2-0905. */
  plain: (calls) => (calls.length === 0 ? '' : section(calls)),
  /** K2 Thinking: the empty thought the template writes before a past turn's calls. */
  thinking: (calls) => (calls.length === 0 ? '' : `${THINK}${THINK_END}${section(calls)}`),
} satisfies Record<string, CallRenderer>;

/**
 * `## Return of ID` and the content. Without an id the result names its tool only: an index we do
 * not know would point at some other call.
 */
export const renderResult: ResultRenderer = (result) =>
  `## Return of ${result.id === undefined ? `functions.${result.name}` : toKimiId(result.id, result.name)}\n${resultText(result)}`;
