/**
 * Calls and results as Solar Open writes them into history:
 *
 *   <|tool_calls|><|tool_call:begin|>ID<|tool_call:name|>NAME<|tool_call:args|>{json}<|tool_call:end|>…<|calls|>
 *   <|tool_response:begin|>ID<|tool_response:name|>NAME<|tool_response:result|>{content}<|tool_response:end|>
 *
 * The call turn is what the model writes, its end-of-generation `<|calls|>` included (Upstage's vLLM
 * tests and its single-call logits processor show the model ending a call turn with it). The result
 * spelling is inferred (see tokens.ts); the role header of either turn belongs to the turn, not here.
 */
import type { ToolCall, ToolResult } from '@toolformat/core';
import {
  isAsciiAlphanumeric,
  isCharRun,
  MINUS,
  resultText,
  stableNumber,
  tojson,
  UNDERSCORE,
} from '@toolformat/core/kit';
import {
  CALL_ARGS,
  CALL_BEGIN,
  CALL_END,
  CALL_NAME,
  CALLS_END,
  OPEN2_ARG_END,
  OPEN2_ARG_START,
  OPEN2_ARG_VALUE,
  OPEN2_CALL_START,
  RESPONSE_BEGIN,
  RESPONSE_END,
  RESPONSE_NAME,
  RESPONSE_RESULT,
  TOOL_CALLS,
} from './tokens.js';

/** `[a-zA-Z0-9_-]`: what llama.cpp's grammar lets the model write in an id. */
function isGrammarIdChar(c: number): boolean {
  return isAsciiAlphanumeric(c) || c === UNDERSCORE || c === MINUS;
}

/**
 * The id as it is written into history: kept when the model could have written it (OpenAI's
 * `call_8f3a…`, `0`, `123456789`; at most 64 characters, our bound); otherwise a stable nine-digit
 * number (the length of the ids in llama.cpp's tests), so a call and its result get the same id.
 * The reader is more lenient (markup.ts `CALL`: any word): what we write is what the model was
 * trained to read.
 */
export function toSolarId(id: string): string {
  return isCharRun(id, isGrammarIdChar, 1, 64)
    ? id
    : String(stableNumber(id, 1_000_000_000)).padStart(9, '0');
}

export function renderCalls(calls: readonly ToolCall[]): string {
  if (calls.length === 0) return '';
  let out = TOOL_CALLS;
  for (const c of calls) {
    out += `${CALL_BEGIN}${toSolarId(c.id)}${CALL_NAME}${c.name}${CALL_ARGS}${tojson(c.arguments)}${CALL_END}`;
  }
  return out + CALLS_END;
}

/** Without an id the result names its tool only: an id we do not know would point at another call. */
export function renderResult(result: ToolResult): string {
  const id = result.id === undefined ? '' : toSolarId(result.id);
  return `${RESPONSE_BEGIN}${id}${RESPONSE_NAME}${result.name}${RESPONSE_RESULT}${resultText(result)}${RESPONSE_END}`;
}

/**
 * Solar Open 2, as vLLM's parser and tests write it: a call per line group, strings raw, every
 * other value as JSON (the parser types them back by the tool's schema).
 */
export function renderOpen2Calls(calls: readonly ToolCall[]): string {
  if (calls.length === 0) return '';
  return calls
    .map((c) => {
      const args = Object.entries(c.arguments ?? {})
        .map(
          ([k, v]) =>
            `${OPEN2_ARG_START}${k}${OPEN2_ARG_VALUE}${typeof v === 'string' ? v : tojson(v)}${OPEN2_ARG_END}\n`,
        )
        .join('');
      return `${OPEN2_CALL_START}${c.name}\n${args}${CALL_END}`;
    })
    .join('\n');
}
