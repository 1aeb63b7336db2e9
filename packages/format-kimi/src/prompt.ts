/**
 * The tool list as Kimi's templates write it: a turn of its own,
 * `<|im_system|>tool_declare<|im_middle|>{tools|tojson}<|im_end|>`, before the system turn; K2-0905
 * puts a `# Tools` heading over the list. Kimi is taught the call format by training, not by
 * instructions, so the prompt is only the list (after the caller's preamble).
 *
 * `systemPrompt` returns the turn's text, for a system message; `toolDeclareTurn` the whole turn,
 * for callers who build the raw prompt themselves and can give the list its own turn.
 */

import type { ToolDefinition } from '@toolformat/core';
import type { PromptBuilder } from '@toolformat/core/kit';
import { normalizeTools, openAiToolShape, tojson, withPreamble } from '@toolformat/core/kit';
import { IM_END, IM_MIDDLE, IM_SYSTEM } from './tokens.js';

/** `tools|tojson`: the OpenAI-shaped tools in Python's json.dumps spelling. */
export function toolList(tools: readonly ToolDefinition[]): string {
  return tojson(normalizeTools([...tools]).map(openAiToolShape));
}

/** The text of the `tool_declare` turn: the list, under `# Tools` for K2-0905. */
export function toolDeclaration(tools: readonly ToolDefinition[], heading: boolean): string {
  return heading ? `# Tools\n${toolList(tools)}` : toolList(tools);
}

/** The whole `tool_declare` turn, as the templates open a conversation that declares tools. */
export function toolDeclareTurn(tools: readonly ToolDefinition[], heading = false): string {
  if (tools.length === 0) return '';
  return `${IM_SYSTEM}tool_declare${IM_MIDDLE}${toolDeclaration(tools, heading)}${IM_END}`;
}

function prompt(heading: boolean): PromptBuilder {
  return (tools, opts) => {
    if (tools.length === 0) return opts?.preamble?.trim() ?? '';
    return withPreamble(opts, toolDeclaration(tools, heading));
  };
}

/** K2 Instruct and K2 Thinking: the bare list. */
export const kimiPrompt: PromptBuilder = prompt(false);
/** K2-0905: the list under `# Tools`. */
export const kimi0905Prompt: PromptBuilder = prompt(true);

/**
 * Kimi K3: the body of its template's `tool-declare` message (llama.cpp vendors the template as
 * `models/templates/Kimi-K3.jinja`): a heading, then the tools as JSON with every object's keys
 * sorted and no spaces; then, our own addition for a model taught by prompt, the XTML vLLM's
 * `kimi_k3` parser reads.
 */
export const kimiK3Prompt: PromptBuilder = (tools, opts) => {
  if (tools.length === 0) return opts?.preamble?.trim() ?? '';
  return withPreamble(
    opts,
    `# Tools\nHere are the available tools, described in JSONSchema.\n\n\`\`\`json\n${sortedJson(normalizeTools([...tools]).map(openAiToolShape))}\n\`\`\`` +
      '\n\nTo call tools, write them in the tools channel, one call element each:\n' +
      '<|open|>tools<|sep|><|open|>call tool="NAME" index="1"<|sep|>' +
      '<|open|>argument key="KEY" type="string"<|sep|>VALUE<|close|>argument<|sep|>' +
      '<|close|>call<|sep|><|close|>tools<|sep|>\n' +
      'A string value is written as is; any other type (number, integer, boolean, null, object, array) as JSON.',
  );
};

/** The template's `json_sorted`: compact JSON, each object's keys sorted, non-ASCII kept. */
export function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${sortedJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}
