/**
 * A ready `generate` for `runToolLoop` / `streamToolLoop` over an `openai` client: one agent loop
 * whether the model calls tools natively or only in text. `toolLoopFor(client, { model })` reads
 * models.yaml (or the formats' model patterns) for the model: with native tool calling the tools
 * are declared to the server and its `tool_calls` used as they are (and text it leaked still read,
 * strictly); with `nativeTools: false` the loop teaches the tools in the format's prompt, stops at
 * its stop sequences and reads the text (architecture/tool-loop.md).
 */
import {
  type FormatPlugin,
  type ModelsConfig,
  type Router,
  routerFrom,
  type ToolDefinition,
  type ToolFormatHandler,
} from '@toolformat/core';
import { normalizeTool } from '@toolformat/core/kit';
import type { GenerateFn, LoopMessage, StreamGenerateFn } from '@toolformat/core/tool-loop';
import type { ChatCompletion, ChatCompletionChunk } from 'openai/resources/chat/completions';
import { argumentsOf, toolCallOf } from './render-messages.js';
import { openAIToolCall } from './tool-call.js';

export interface ToolLoopForOptions {
  /** The model to call (and to route by). */
  model: string;
  router?: Router;
  config?: ModelsConfig;
  plugins?: readonly FormatPlugin[];
  /** Override models.yaml: `false` for a model with no native tool calling. */
  nativeTools?: boolean;
  /** Extra request fields sent with every turn (`temperature`, `max_tokens`, …). */
  request?: Record<string, unknown>;
}

export interface OpenAIToolLoop {
  handler: ToolFormatHandler;
  native: boolean;
  /** The model's rule's extra stop sequences (models.yaml `stop`). */
  stop: string[];
  generate: GenerateFn;
  /** The streaming generate, for `streamToolLoop`. */
  stream: StreamGenerateFn;
}

interface ClientLike {
  chat: { completions: { create: (body: never, options?: never) => unknown } };
}

export function toolLoopFor(client: ClientLike, options: ToolLoopForOptions): OpenAIToolLoop {
  const router = routerFrom(options);
  const resolved = router.resolveModel(options.model);
  const native = options.nativeTools ?? resolved.nativeTools ?? true;
  const create = client.chat.completions.create.bind(client.chat.completions) as (
    body: unknown,
    options?: unknown,
  ) => Promise<unknown>;
  const body = (messages: LoopMessage[], stop: string[], tools: ToolDefinition[] | undefined) => ({
    ...options.request,
    model: options.model,
    messages: messages.map(toOpenAIMessage),
    ...(tools && tools.length > 0
      ? { tools: tools.map((t) => ({ type: 'function', function: normalizeTool(t) })) }
      : {}),
    ...(stop.length > 0 ? { stop } : {}),
  });

  const generate: GenerateFn = async (messages, { stop, tools, signal }) => {
    const completion = (await create(
      body(messages, stop, tools),
      signal ? { signal } : undefined,
    )) as ChatCompletion;
    const message = completion.choices[0]?.message;
    return { text: message?.content ?? '', toolCalls: (message?.tool_calls ?? []).flatMap(toolCallOf) };
  };

  const stream: StreamGenerateFn = async function* (messages, { stop, tools, signal }) {
    const chunks = (await create(
      { ...body(messages, stop, tools), stream: true },
      signal ? { signal } : undefined,
    )) as AsyncIterable<ChatCompletionChunk>;
    const calls: Array<{ id: string; name: string; arguments: string }> = [];
    for await (const chunk of chunks) {
      const delta = chunk.choices[0]?.delta;
      if (!delta) continue;
      if (delta.content) yield delta.content;
      for (const piece of delta.tool_calls ?? []) {
        const call = calls[piece.index] ?? { id: '', name: '', arguments: '' };
        calls[piece.index] = call;
        if (piece.id) call.id = piece.id;
        if (piece.function?.name) call.name = piece.function.name;
        call.arguments += piece.function?.arguments ?? '';
      }
    }
    for (const call of calls)
      if (call) yield { toolCall: { id: call.id, name: call.name, arguments: argumentsOf(call.arguments) } };
  };

  return { handler: resolved.handler, native, stop: resolved.rule?.stop ?? [], generate, stream };
}

/** A loop message as the Chat Completions API takes it. */
function toOpenAIMessage(message: LoopMessage): Record<string, unknown> {
  if (message.role === 'assistant')
    return message.toolCalls && message.toolCalls.length > 0
      ? {
          role: 'assistant',
          content: message.content === '' ? null : message.content,
          tool_calls: message.toolCalls.map(openAIToolCall),
        }
      : { role: 'assistant', content: message.content };
  if (message.role === 'tool')
    return message.toolCallId !== undefined
      ? { role: 'tool', tool_call_id: message.toolCallId, content: message.content }
      : { role: 'user', content: message.content };
  return { role: message.role, content: message.content };
}
