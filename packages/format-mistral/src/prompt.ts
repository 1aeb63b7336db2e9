/**
 * The tool list as Mistral's templates write it: `[AVAILABLE_TOOLS]` + the OpenAI-shaped tools as
 * template JSON + `[/AVAILABLE_TOOLS]`. Mistral models are taught the format by training, not by
 * instructions, so the prompt is only the list (with the caller's preamble before it, where the
 * v7+ templates put the system prompt).
 */
import type { SystemPromptOptions, ToolDefinition } from '@toolformat/core';
import { normalizeTools, tojson } from '@toolformat/core/kit';
import { AVAILABLE_TOOLS, AVAILABLE_TOOLS_END } from './tokens.js';

/** `{"type": "function", "function": {name, description, parameters}}`, keys in that order. */
function openAiShape(tools: readonly ToolDefinition[]): unknown[] {
  return normalizeTools(tools).map((t) => {
    const fn: Record<string, unknown> = { name: t.name };
    if (t.description !== undefined) fn.description = t.description;
    if (t.parameters !== undefined) fn.parameters = t.parameters;
    return { type: 'function', function: fn };
  });
}

export function availableTools(tools: readonly ToolDefinition[]): string {
  return `${AVAILABLE_TOOLS}${tojson(openAiShape(tools))}${AVAILABLE_TOOLS_END}`;
}

export function mistralPrompt(tools: ToolDefinition[], opts?: SystemPromptOptions): string {
  const list = tools.length === 0 ? '' : availableTools(tools);
  const preamble = opts?.preamble?.trim() ?? '';
  if (preamble === '') return list;
  return list === '' ? preamble : `${preamble}\n\n${list}`;
}
