/**
 * The messages of a text-format model (`nativeTools: false`): such a model has no tool role and
 * no `tool_calls`, so the conversation is written the way its format teaches it — the tools in
 * the system prompt (`systemPrompt`), earlier calls as the assistant wrote them
 * (`formatToolCalls`), results as the format reads them (`formatResult`, in a user turn, as
 * `runToolLoop` sends them).
 */
import type { ToolCall, ToolDefinition, ToolFormatHandler } from '@toolformat/core';

type Message = Record<string, unknown> & { role?: unknown; content?: unknown };

export function renderMessages(
  messages: ReadonlyArray<unknown>,
  handler: ToolFormatHandler,
  tools: ToolDefinition[] | null,
): Message[] {
  const list = messages as ReadonlyArray<Message>;
  // The leading system (or developer) messages become the preamble of the format's prompt.
  let start = 0;
  const preamble: string[] = [];
  while (start < list.length && (list[start]?.role === 'system' || list[start]?.role === 'developer')) {
    preamble.push(textOf(list[start]?.content));
    start++;
  }
  const joined = preamble.join('\n\n');
  const system =
    tools !== null && tools.length > 0
      ? handler.systemPrompt(tools, joined === '' ? {} : { preamble: joined })
      : joined;
  const out: Message[] = system === '' ? [] : [{ role: 'system', content: system }];

  // Tool results name their call by id; the name comes from the call.
  const names = new Map<string, string>();
  let results: string[] = [];
  const flushResults = () => {
    if (results.length > 0) out.push({ role: 'user', content: results.join('\n') });
    results = [];
  };
  for (const message of list.slice(start)) {
    if (message.role === 'tool') {
      const id = typeof message.tool_call_id === 'string' ? message.tool_call_id : undefined;
      results.push(
        handler.formatResult({
          ...(id !== undefined ? { id } : {}),
          name: (id !== undefined ? names.get(id) : undefined) ?? 'tool',
          content: textOf(message.content),
        }),
      );
      continue;
    }
    flushResults();
    if (message.role === 'assistant' && Array.isArray(message.tool_calls) && message.tool_calls.length > 0) {
      const calls = message.tool_calls.flatMap((c) => toolCallOf(c));
      for (const c of calls) names.set(c.id, c.name);
      const text = textOf(message.content);
      const { tool_calls: _calls, ...rest } = message;
      const rendered = handler.formatToolCalls(calls);
      out.push({ ...rest, content: text === '' ? rendered : `${text}\n${rendered}` });
    } else out.push(message);
  }
  flushResults();
  return out;
}

/** The text of a message's content: a string, or the text parts of an array. */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) =>
      typeof part === 'object' && part !== null && typeof (part as { text?: unknown }).text === 'string'
        ? (part as { text: string }).text
        : '',
    )
    .join('');
}

/** An OpenAI tool call (`{ id, type: 'function', function: { name, arguments } }`) as toolformat's. */
export function toolCallOf(call: unknown): ToolCall[] {
  const c = call as { id?: unknown; type?: unknown; function?: { name?: unknown; arguments?: unknown } };
  if ((c?.type !== undefined && c.type !== 'function') || typeof c?.function?.name !== 'string') return [];
  return [
    {
      id: typeof c.id === 'string' ? c.id : '',
      name: c.function.name,
      arguments: argumentsOf(c.function.arguments),
    },
  ];
}

/** A call's arguments are JSON text in the OpenAI shape; what is not an object is kept whole. */
export function argumentsOf(text: unknown): Record<string, unknown> {
  if (typeof text !== 'string') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>;
    return { input: value };
  } catch {
    return { input: text };
  }
}
