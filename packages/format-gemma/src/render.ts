/**
 * Calls and results as each variant's template (or prompt) writes them into history. Only the
 * turn's content is rendered; the role header is the template's.
 */

import type { ToolCall, ToolResult } from '@toolformat/core';
import type { CallRenderer } from '@toolformat/core/kit';
import { formatPythonCall, isPlainObject, resultText, tojson } from '@toolformat/core/kit';
import {
  END_TOOL_REQUEST,
  ESCAPE,
  FG_CALL,
  FG_CALL_END,
  GEMMA4_CALL,
  GEMMA4_CALL_END,
  QUOTE_TOKEN,
  TOOL_REQUEST,
} from './tokens.js';

/** Writes a value the way the templates do (`format_argument`): strings between `delim`. */
export function formatGemmaValue(value: unknown, delim: string): string {
  if (typeof value === 'string') return `${delim}${value}${delim}`;
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return `[${value.map((v) => formatGemmaValue(v, delim)).join(',')}]`;
  if (isPlainObject(value)) return `{${formatGemmaEntries(value, delim)}}`;
  return `${delim}${String(value)}${delim}`;
}

/** `k:v,k2:v2` with keys sorted, as the templates' `dictsort` writes them. */
export function formatGemmaEntries(value: Record<string, unknown>, delim: string): string {
  return Object.keys(value)
    .sort()
    .map((k) => `${k}:${formatGemmaValue(value[k], delim)}`)
    .join(',');
}

const whenAny =
  (render: CallRenderer): CallRenderer =>
  (calls) =>
    calls.length === 0 ? '' : render(calls);

const py = (c: ToolCall) => formatPythonCall(c.name, c.arguments, '"');

/** A result's content as an object when it is one (or a JSON text of one), else null. */
function resultObject(result: ToolResult): Record<string, unknown> | null {
  if (isPlainObject(result.content)) return result.content;
  return null;
}

export const renderCalls = {
  /** Gemma cookbook: one ```tool_code fence, a call a line. */
  toolCode: whenAny((calls) => `\`\`\`tool_code\n${calls.map(py).join('\n')}\n\`\`\``),
  /** vLLM Gemma 3 / Google's pythonic prompt: `[f(a="x"), g()]`. */
  pythonic: whenAny((calls) => `[${calls.map(py).join(', ')}]`),
  /** LM Studio. */
  toolRequest: whenAny((calls) =>
    calls
      .map((c) => `${TOOL_REQUEST}${tojson({ name: c.name, arguments: c.arguments })}${END_TOOL_REQUEST}`)
      .join('\n'),
  ),
  /** FunctionGemma: strings between `<escape>`, other values bare. */
  functionGemma: whenAny((calls) =>
    calls
      .map((c) => `${FG_CALL}call:${c.name}{${formatGemmaEntries(c.arguments, ESCAPE)}}${FG_CALL_END}`)
      .join(''),
  ),
  /** Gemma 4 template: keys sorted, strings between `<|"|>`. */
  gemma4: whenAny((calls) =>
    calls
      .map(
        (c) =>
          `${GEMMA4_CALL}call:${c.name}{${formatGemmaEntries(c.arguments, QUOTE_TOKEN)}}${GEMMA4_CALL_END}`,
      )
      .join(''),
  ),
};

export const renderResult = {
  /** The cookbook feeds results back in a ```tool_output fence. */
  toolOutput: (result: ToolResult) => `\`\`\`tool_output\n${resultText(result)}\n\`\`\``,
  /** vLLM's Gemma 3 pythonic template. */
  toolResponse: (result: ToolResult) => `<tool_response>\n${resultText(result)}</tool_response>`,
  /** LM Studio turns results into user messages: the text as is. */
  plain: (result: ToolResult) => resultText(result),
  /** FunctionGemma (Ollama's renderer): an object's fields, anything else as one escaped value. */
  functionGemma: (result: ToolResult) => {
    const obj = resultObject(result);
    const body = obj ? formatGemmaEntries(obj, ESCAPE) : `${ESCAPE}${resultText(result)}${ESCAPE}`;
    return `<start_function_response>response:${result.name}{${body}}<end_function_response>`;
  },
  /** Gemma 4 template (`format_tool_response_block`): fields, or `value:` for anything else. */
  gemma4: (result: ToolResult) => {
    const obj = resultObject(result);
    const body = obj
      ? formatGemmaEntries(obj, QUOTE_TOKEN)
      : `value:${formatGemmaValue(typeof result.content === 'string' ? result.content : resultText(result), QUOTE_TOKEN)}`;
    return `<|tool_response>response:${result.name}{${body}}<tool_response|>`;
  },
};
