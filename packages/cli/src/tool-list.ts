/**
 * Tool definitions from a --tools file or a --jsonl line, validated with core's schemas. The
 * messages say which tool and which field is wrong, because a zod union error alone ("invalid
 * input") does not tell a user what to fix.
 */
import {
  FlatToolDefinitionSchema,
  OpenAIToolDefinitionSchema,
  type ToolDefinition,
  ToolDefinitionSchema,
} from '@toolformat/core';
import { readTextFile } from './io.js';
import { UsageError } from './usage-error.js';

export type ToolListResult = { ok: true; tools: ToolDefinition[] } | { ok: false; error: string };

const SHAPES =
  'each tool is {"name", "description"?, "parameters"?} or {"type": "function", "function": {"name", …}}';

/** Validates an already-parsed JSON value as an array of tool definitions. */
export function parseToolList(value: unknown): ToolListResult {
  if (!Array.isArray(value)) {
    return { ok: false, error: `expected a JSON array of tool definitions, got ${describeJson(value)}` };
  }
  const tools: ToolDefinition[] = [];
  for (const [i, item] of value.entries()) {
    const parsed = ToolDefinitionSchema.safeParse(item);
    if (parsed.success) {
      tools.push(parsed.data);
      continue;
    }
    // Validate against the shape the item was evidently meant to have, for a precise message.
    const openai = typeof item === 'object' && item !== null && ('function' in item || 'type' in item);
    const again = (openai ? OpenAIToolDefinitionSchema : FlatToolDefinitionSchema).safeParse(item);
    const issue = again.success ? undefined : again.error.issues[0];
    const path = issue ? issue.path.map(String).join('.') : '';
    const what = issue ? `${path ? `${path}: ` : ''}${issue.message}` : 'not a tool definition';
    return { ok: false, error: `tool ${i}: ${what}; ${SHAPES}` };
  }
  return { ok: true, tools };
}

/** Reads and validates a --tools file; anything wrong is a usage error naming the file. */
export async function loadToolsFile(file: string, command: string): Promise<ToolDefinition[]> {
  const text = await readTextFile(file, 'tools', command);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`tools file '${file}' is not valid JSON: ${(error as Error).message}.`, command);
  }
  const result = parseToolList(value);
  if (!result.ok) throw new UsageError(`tools file '${file}': ${result.error}.`, command);
  return result.tools;
}

function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
