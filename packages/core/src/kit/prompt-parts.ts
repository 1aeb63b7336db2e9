/**
 * Pieces every format's system prompt is assembled from, so the spelling is the same everywhere.
 */
import type { SystemPromptOptions } from '../handler.js';
import type { FlatToolDefinition } from '../schemas.js';

/** `{"type": "function", "function": {name, description?, parameters}}`: how chat templates list a tool. */
export function openAiToolShape(tool: FlatToolDefinition): Record<string, unknown> {
  const fn: Record<string, unknown> = { name: tool.name };
  if (tool.description !== undefined) fn.description = tool.description;
  fn.parameters = tool.parameters ?? { type: 'object', properties: {} };
  return { type: 'function', function: fn };
}

/** The caller's own instructions (`opts.preamble`), a blank line, then the format's text. */
export function withPreamble(opts: SystemPromptOptions | undefined, text: string): string {
  const preamble = opts?.preamble?.trim();
  return preamble ? `${preamble}\n\n${text}` : text;
}
