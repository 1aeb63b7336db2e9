/**
 * The prompt of a text-format model (`nativeTools: false`): such a model has no tool role and no
 * tool-call parts, so the conversation is written the way its format teaches it — the tools in
 * the system prompt, earlier calls as the assistant wrote them (`formatToolCalls`), results as
 * the format expects to read them (`formatResult`, in a user turn, as runToolLoop sends them).
 */
import type {
  LanguageModelV3Message,
  LanguageModelV3Prompt,
  LanguageModelV3ToolResultOutput,
} from '@ai-sdk/provider';
import type { ToolCall, ToolDefinition, ToolFormatHandler, ToolResult } from '@toolformat/core';

type AssistantPart = Extract<LanguageModelV3Message, { role: 'assistant' }>['content'][number];
type UserPart = Extract<LanguageModelV3Message, { role: 'user' }>['content'][number];

export interface RenderPromptOptions {
  /** The tools to teach, or null to teach none (`toolChoice: 'none'`). */
  tools: ToolDefinition[] | null;
}

export function renderPrompt(
  prompt: LanguageModelV3Prompt,
  handler: ToolFormatHandler,
  { tools }: RenderPromptOptions,
): LanguageModelV3Prompt {
  // The leading system messages become the preamble of the format's system prompt; a system
  // message later in the conversation stays where it is.
  let start = 0;
  const preamble: string[] = [];
  while (start < prompt.length && prompt[start]?.role === 'system') {
    preamble.push((prompt[start] as { content: string }).content);
    start++;
  }
  const out: LanguageModelV3Prompt = [];
  const joined = preamble.join('\n\n');
  const system =
    tools !== null && tools.length > 0
      ? handler.systemPrompt(tools, joined === '' ? {} : { preamble: joined })
      : joined;
  if (system !== '') out.push({ role: 'system', content: system });

  for (const message of prompt.slice(start)) {
    if (message.role === 'assistant')
      out.push({ ...message, content: renderAssistant(message.content, handler) });
    else if (message.role === 'tool') {
      const results: ToolResult[] = [];
      for (const part of message.content) if (part.type === 'tool-result') results.push(toolResult(part));
      // An approval answer alone leaves nothing for the model to read.
      if (results.length === 0) continue;
      const text = results.map((r) => handler.formatResult(r)).join('\n');
      const user: { role: 'user'; content: UserPart[] } = { role: 'user', content: [{ type: 'text', text }] };
      out.push(message.providerOptions ? { ...user, providerOptions: message.providerOptions } : user);
    } else out.push(message);
  }
  return out;
}

/** Runs of tool calls become one text part in the format; tool results (provider-executed) too. */
function renderAssistant(content: AssistantPart[], handler: ToolFormatHandler): AssistantPart[] {
  const parts: Array<AssistantPart | { rendered: string }> = [];
  let calls: ToolCall[] = [];
  const flush = () => {
    if (calls.length > 0) parts.push({ rendered: handler.formatToolCalls(calls) });
    calls = [];
  };
  for (const part of content) {
    if (part.type === 'tool-call') {
      calls.push({ id: part.toolCallId, name: part.toolName, arguments: argumentsOf(part.input) });
      continue;
    }
    flush();
    if (part.type === 'tool-result') parts.push({ rendered: handler.formatResult(toolResult(part)) });
    else parts.push(part);
  }
  flush();
  // A rendered call follows the text before it on a new line, as runToolLoop writes the turn.
  const out: AssistantPart[] = [];
  for (const part of parts) {
    const last = out[out.length - 1];
    if ('rendered' in part) {
      if (last?.type === 'text') out[out.length - 1] = { ...last, text: `${last.text}\n${part.rendered}` };
      else out.push({ type: 'text', text: part.rendered });
    } else out.push(part);
  }
  return out;
}

/** Tool-call input is the parsed object in the SDK's prompts; a string is its JSON text. */
function argumentsOf(input: unknown): Record<string, unknown> {
  let value = input;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return { input };
    }
  }
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : { input: value };
}

function toolResult(part: {
  toolCallId: string;
  toolName: string;
  output: LanguageModelV3ToolResultOutput;
}): ToolResult {
  const base = { id: part.toolCallId, name: part.toolName };
  const output = part.output;
  switch (output.type) {
    case 'text':
    case 'json':
      return { ...base, content: output.value };
    case 'error-text':
    case 'error-json':
      return { ...base, content: output.value, isError: true };
    case 'execution-denied':
      return {
        ...base,
        content: `Execution denied${output.reason ? `: ${output.reason}` : '.'}`,
        isError: true,
      };
    case 'content':
      // A text-format model reads text only; other media are named so the model knows they exist.
      return {
        ...base,
        content: output.value
          .map((item) => (item.type === 'text' ? item.text : `[${item.type} omitted]`))
          .join('\n'),
      };
    default:
      return { ...base, content: output };
  }
}
