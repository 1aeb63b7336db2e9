/**
 * The system prompt. Solar Open's chat template (`upstage-Solar-Open-100B.jinja`) is not in this
 * repository and could not be found, so this is our own text, not the template's: it lists the tools
 * as OpenAI-shaped template JSON and teaches exactly the call markup the model emits (llama.cpp's
 * tests and Upstage's parsers), with the id it expects before the name. When the template becomes
 * available, replace this with its tool section byte for byte (see kimi's prompt.ts).
 */

import type { ToolDefinition } from '@toolformat/core';
import type { PromptBuilder } from '@toolformat/core/kit';
import { normalizeTools, openAiToolShape, tojson, withPreamble } from '@toolformat/core/kit';
import {
  CALL_ARGS,
  CALL_BEGIN,
  CALL_END,
  CALL_NAME,
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

/** The tools, one OpenAI-shaped definition per line, in Python's json.dumps spelling. */
export function toolList(tools: readonly ToolDefinition[]): string {
  return normalizeTools([...tools])
    .map((t) => tojson(openAiToolShape(t)))
    .join('\n');
}

/** How to call, spelled with the real tokens so the model sees exactly what it must write. */
export function callInstructions(): string {
  return [
    `To call functions, write ${TOOL_CALLS} and then, for each call:`,
    `${CALL_BEGIN}CALL_ID${CALL_NAME}FUNCTION_NAME${CALL_ARGS}ARGUMENTS${CALL_END}`,
    '',
    '- CALL_ID: a short id of letters, digits, `_` or `-`, different for every call (for example 0, 1, 2).',
    '- FUNCTION_NAME: the name of one of the functions above, exactly as written.',
    "- ARGUMENTS: one JSON object that matches the function's parameters.",
    '',
    'Write several calls one after the other when they are independent. After the calls, stop: each result',
    `comes back as ${RESPONSE_BEGIN}CALL_ID${RESPONSE_NAME}FUNCTION_NAME${RESPONSE_RESULT}RESULT${RESPONSE_END}.`,
  ].join('\n');
}

export const solarPrompt: PromptBuilder = (tools, opts) => {
  if (tools.length === 0) return opts?.preamble?.trim() ?? '';
  return withPreamble(
    opts,
    `# Tools\n\nYou may call the following functions:\n${toolList(tools)}\n\n${callInstructions()}`,
  );
};

/**
 * Solar Open 2. Its chat template was not available here, so this is our own text: the tools as
 * JSON and exactly the markup vLLM's `solar_open2` parser reads.
 */
export const open2Prompt: PromptBuilder = (tools, opts) => {
  if (tools.length === 0) return opts?.preamble?.trim() ?? '';
  const how = [
    'To call a function, write:',
    `${OPEN2_CALL_START}FUNCTION_NAME`,
    `${OPEN2_ARG_START}ARGUMENT_NAME${OPEN2_ARG_VALUE}VALUE${OPEN2_ARG_END}`,
    CALL_END,
    '',
    '- One argument line per argument; a string value is written as is, any other value as JSON.',
    '- Write several calls one after the other when they are independent. After the calls, stop.',
  ].join('\n');
  return withPreamble(opts, `# Tools\n\nYou may call the following functions:\n${toolList(tools)}\n\n${how}`);
};
