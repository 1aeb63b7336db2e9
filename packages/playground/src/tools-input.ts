/** The tools box: a JSON array of tools (OpenAI or flat shape), or a request body holding `tools`. */
import { type ToolDefinition, ToolDefinitionSchema } from '@toolformat/core';

export type ToolsInput = { tools?: ToolDefinition[]; error?: string };

export function readToolsJson(json: string): ToolsInput {
  if (json.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (e) {
    return { error: `tools: not JSON (${(e as Error).message})` };
  }
  if (value && typeof value === 'object' && !Array.isArray(value) && 'tools' in value)
    value = (value as { tools: unknown }).tools;
  if (!Array.isArray(value)) return { error: 'tools: expected an array of tools, or an object with "tools"' };
  const tools: ToolDefinition[] = [];
  for (const [i, tool] of value.entries()) {
    const parsed = ToolDefinitionSchema.safeParse(tool);
    if (!parsed.success) return { error: `tools[${i}]: ${parsed.error.issues[0]?.message ?? 'not a tool'}` };
    tools.push(parsed.data);
  }
  return { tools };
}
