/**
 * Calls and results as each variant's chat template writes them into history: the model sees
 * its past turns in exactly the form it was trained to write (architecture/contract.md: the contract's
 * `formatToolCalls` / `formatResult`). Only the content of the turn is rendered; the role header
 * around it (`<|im_start|>assistant`, a `tool` or `user` turn) belongs to the chat template.
 */

import type { ToolCall, ToolResult } from '@toolformat/core';
import type { CallRenderer, ResultRenderer } from '@toolformat/core/kit';
import { formatPythonCall, tojson as pyJson, tojsonIndented as pyJsonIndented } from '@toolformat/core/kit';

const LFM2_END = '<|tool_call_end|>';

/** `{"name": "…", "arguments": {…}}`, key order as in the templates. */
const callObject = (c: ToolCall) => ({ name: c.name, arguments: c.arguments });
const callJson = (c: ToolCall) => pyJson(callObject(c));
const whenAny =
  (render: CallRenderer): CallRenderer =>
  (calls) =>
    calls.length === 0 ? '' : render(calls);

/** A result's text: a string as is, anything else as template JSON. */
export function resultText(result: ToolResult): string {
  return typeof result.content === 'string' ? result.content : pyJson(result.content ?? null);
}

export const renderCalls = {
  /** Hermes 2 Pro / Qwen2.5 / Qwen3: one `<tool_call>` block per call, separated by a newline. */
  toolCallTags: whenAny((calls) => calls.map((c) => `<tool_call>\n${callJson(c)}\n</tool_call>`).join('\n')),
  /** xLAM: a bare JSON array. */
  jsonArray: whenAny((calls) => pyJson(calls.map(callObject))),
  /** Granite 3.x (vLLM template): `<|tool_call|>` and the list, indented by 4. */
  granite: whenAny((calls) => `<|tool_call|>${pyJsonIndented(calls.map(callObject))}`),
  /**
   * LFM2: a pythonic list between its markers, strings single-quoted. The end marker can only be
   * inside a string there: written with its `<` as `\x3c`, it reads back without ending the list.
   */
  lfm2: whenAny(
    (calls) =>
      `<|tool_call_start|>[${calls
        .map((c) => formatPythonCall(c.name, c.arguments).replaceAll(LFM2_END, '\\x3c|tool_call_end|>'))
        .join(', ')}]${LFM2_END}`,
  ),
  /** Nemotron Nano v2. */
  nemotron: whenAny((calls) => `<TOOLCALL>${pyJson(calls.map(callObject))}</TOOLCALL>`),
  /** MiniMax-M1: JSON lines in one `<tool_calls>` block. */
  minimaxM1: whenAny((calls) => `<tool_calls>\n${calls.map(callJson).join('\n')}\n</tool_calls>`),
  /** Jamba, Hunyuan: an array in `<tool_calls>`. */
  toolCallsArray: whenAny((calls) => `<tool_calls>${pyJson(calls.map(callObject))}</tool_calls>`),
  /** Phi-4-mini (Ollama's template, the one that works). */
  phi4: whenAny((calls) => `<|tool_call|>${pyJson(calls.map(callObject))}<|/tool_call|>`),
  /**
   * Firefunction v2: ` functools[…]` after the turn's text (the template joins the text and the
   * list with a space), the arguments as the client's JSON.
   */
  functools: whenAny((calls) => ` functools[${calls.map(callJson).join(', ')}]`),
  /** Granite-20B-FunctionCalling: one `<function_call> {json}` line per call. */
  granite20bFc: whenAny((calls) => calls.map((c) => `<function_call> ${callJson(c)}`).join('\n')),
  /**
   * vLLM's Phi-4-mini template: past calls as bare JSON objects joined by commas. The arguments are
   * the client's JSON text (vLLM, passing them as a dict, gets Python's `{'k': 'v'}` spelling from
   * the same template; JSON is what a parser reads back).
   */
  bareJsonObjects: whenAny((calls) => calls.map(callJson).join(',')),
  /** Apertus: name-keyed objects. */
  apertus: whenAny(
    (calls) => `<|tools_prefix|>${pyJson(calls.map((c) => ({ [c.name]: c.arguments })))}<|tools_suffix|>`,
  ),
  /** InternLM2: one action per call. */
  internlm: whenAny((calls) =>
    calls.map((c) => `<|action_start|><|plugin|>\n${callJson(c)}<|action_end|>`).join(''),
  ),
  /** Meituan LongCat. */
  /** GigaChat 3.1: one `<|function_call|>{…}` per call. */
  gigachat: whenAny((calls) => calls.map((c) => `<|function_call|>${callJson(c)}`).join('\n')),
  longcat: whenAny((calls) =>
    calls.map((c) => `<longcat_tool_call>\n${callJson(c)}\n</longcat_tool_call>`).join('\n'),
  ),
  /** Inkling (vLLM's `inkling` tests): a tool block per call, `args` for the arguments, each its own model message. */
  inkling: whenAny((calls) =>
    calls
      .map(
        (c) =>
          `<|content_invoke_tool_json|>${JSON.stringify({ name: c.name, args: c.arguments ?? {} })}<|end_message|>`,
      )
      .join('<|message_model|>'),
  ),
} satisfies Record<string, CallRenderer>;

export const renderResult = {
  /** Hermes / Qwen: `<tool_response>` (Hermes puts it in a `tool` turn, Qwen in a `user` turn). */
  toolResponse: (r: ToolResult) => `<tool_response>\n${resultText(r)}\n</tool_response>`,
  /** Jamba, Hunyuan: the same tag on one line. */
  toolResponseInline: (r: ToolResult) => `<tool_response>${resultText(r)}</tool_response>`,
  /** Granite, xLAM, InternLM: the content of a tool (or environment) turn. */
  plain: (r: ToolResult) => resultText(r),
  lfm2: (r: ToolResult) => `<|tool_response_start|>${resultText(r)}<|tool_response_end|>`,
  nemotron: (r: ToolResult) => `<TOOL_RESPONSE>[${resultText(r)}]</TOOL_RESPONSE>`,
  minimaxM1: (r: ToolResult) => `tool result: ${resultText(r)}\n`,
  phi4: (r: ToolResult) => `<|tool_response|>${resultText(r)}<|/tool_response|>`,
  apertus: (r: ToolResult) => `[${resultText(r)}]`,
  /** Granite-20B-FunctionCalling: after the calls' end token. */
  functionResponse: (r: ToolResult) => `<function_response> ${resultText(r)}`,
} satisfies Record<string, ResultRenderer>;
