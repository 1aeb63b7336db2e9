/**
 * The AI SDK's tools and tool choice, as toolformat reads them. Provider-defined tools
 * (`type: 'provider'`) have no schema toolformat can teach or check, so only function tools count.
 */
import type { LanguageModelV3CallOptions, LanguageModelV3ToolChoice } from '@ai-sdk/provider';
import type { ToolCall, ToolDefinition } from '@toolformat/core';

/** The call's function tools as toolformat tool definitions. */
export function functionTools(params: Pick<LanguageModelV3CallOptions, 'tools'>): ToolDefinition[] {
  const out: ToolDefinition[] = [];
  for (const tool of params.tools ?? []) {
    if (tool.type !== 'function') continue;
    out.push({
      name: tool.name,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      parameters: tool.inputSchema as Record<string, unknown>,
    });
  }
  return out;
}

/** The tools a text-format model is taught: all of them, or only the one `toolChoice` names. */
export function taughtTools(tools: ToolDefinition[], toolChoice: LanguageModelV3ToolChoice | undefined) {
  if (toolChoice?.type !== 'tool') return tools;
  return tools.filter((t) => 'name' in t && t.name === toolChoice.toolName);
}

/** `'required'`, the tool's name, or null when the turn may end without a call. */
export function requiredCall(toolChoice: LanguageModelV3ToolChoice | undefined): string | null {
  if (toolChoice?.type === 'required') return 'required';
  if (toolChoice?.type === 'tool') return toolChoice.toolName;
  return null;
}

/** Whether the calls of a turn satisfy what `requiredCall` demands. */
export function satisfies(required: string | null, names: Iterable<string>): boolean {
  if (required === null) return true;
  for (const name of names) if (required === 'required' || name === required) return true;
  return false;
}

/** An SDK tool-call part from a toolformat call: `input` is the arguments' JSON text. */
export function toolCallPart(call: ToolCall) {
  return {
    type: 'tool-call' as const,
    toolCallId: call.id,
    toolName: call.name,
    input: JSON.stringify(call.arguments),
  };
}
