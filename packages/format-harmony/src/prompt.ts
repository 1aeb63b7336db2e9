/**
 * The prompt: the developer message of the gpt-oss chat template, as text to put in the system
 * prompt. The template writes the caller's instructions under `# Instructions` and the tools
 * under `# Tools` as a TypeScript-like namespace (typescript-types.ts); a model served without
 * native tool calling reads the same text from the prompt.
 */
import type { SystemPromptOptions, ToolDefinition } from '@toolformat/core';
import { functionsNamespace } from './typescript-types.js';

/**
 * What the template's system message adds when tools are declared. The server's own template
 * writes it where it renders tools natively; a caller that teaches the tools by prompt may add it.
 */
export const TOOL_CHANNEL_NOTE = "Calls to these tools must go to the commentary channel: 'functions'.";

/** The developer message's content, exactly as the template renders it (without its tokens). */
export function harmonyPrompt(tools: ToolDefinition[], opts?: SystemPromptOptions): string {
  const preamble = opts?.preamble?.trim() ?? '';
  const parts: string[] = [];
  if (preamble !== '') parts.push(`# Instructions\n\n${preamble}`);
  if (tools.length > 0) parts.push(`# Tools\n\n${functionsNamespace(tools)}`);
  return parts.join('\n\n');
}
