/**
 * A proxy really started on loopback in front of a fake upstream (a real HTTP server replaying
 * recorded outputs in one-token SSE chunks), and the real `openai` client pointed at it.
 */
import type { ModelsConfig } from '@toolformat/core';
import {
  type FakeUpstream,
  type Reply,
  recordings,
  startFakeUpstream,
  testRouter,
} from '@toolformat/test-upstream';
import OpenAI from 'openai';
import { pino } from 'pino';
import { type RunningProxy, type ServeOptions, serve } from '../node/serve.js';
import type { RequestRecord } from '../request-record.js';

export interface Harness {
  upstream: FakeUpstream;
  proxy: RunningProxy;
  client: OpenAI;
  /** The log lines the proxy wrote, parsed. */
  logs: Array<RequestRecord & { msg: string }>;
  /** Set what the fake model answers to the next request (else a recording, by model). */
  answerNext(reply: Reply): void;
  close(): Promise<void>;
}

export async function startHarness(
  options: { config?: ModelsConfig; upstream?: FakeUpstream } & Partial<Omit<ServeOptions, 'upstream'>> = {},
): Promise<Harness> {
  const queue: Reply[] = [];
  const { config, upstream: given, ...serveOptions } = options;
  const upstream =
    given ??
    (await startFakeUpstream((body) => {
      const next = queue.shift();
      if (next) return next;
      const r = Object.values(recordings).find((x) => x.model === body.model);
      return { content: r?.content ?? 'Hello there.' };
    }));
  const logs: Harness['logs'] = [];
  const logger = pino(
    { base: null },
    {
      write(line: string) {
        logs.push(JSON.parse(line));
      },
    },
  );
  const proxy = await serve({
    upstream: upstream.url,
    router: testRouter(config),
    port: 0,
    logger,
    graceMs: 2000,
    ...serveOptions,
  });
  const client = new OpenAI({ baseURL: `${proxy.url}/v1`, apiKey: 'client-key', maxRetries: 0 });
  return {
    upstream,
    proxy,
    client,
    logs,
    answerNext: (reply) => queue.push(reply),
    async close() {
      await proxy.close();
      if (!given) await upstream.close();
    },
  };
}

/** Reads a chat stream the way an agent does: text, calls by index, finish reason, usage. */
export async function readStream(stream: AsyncIterable<OpenAI.Chat.ChatCompletionChunk>) {
  let content = '';
  let reasoning = '';
  const calls: Array<{ id: string; name: string; arguments: string }> = [];
  let finish: string | null = null;
  let usage: number | null = null;
  for await (const chunk of stream) {
    if (chunk.usage) usage = chunk.usage.total_tokens;
    for (const choice of chunk.choices) {
      content += choice.delta.content ?? '';
      reasoning += (choice.delta as { reasoning_content?: string }).reasoning_content ?? '';
      for (const t of choice.delta.tool_calls ?? []) {
        if (t.id) calls[t.index] = { id: t.id, name: t.function?.name ?? '', arguments: '' };
        const call = calls[t.index];
        if (!call) throw new Error(`arguments for call ${t.index} before its id and name`);
        call.arguments += t.function?.arguments ?? '';
      }
      finish = choice.finish_reason ?? finish;
    }
  }
  return {
    content: content === '' ? null : content,
    reasoning: reasoning === '' ? null : reasoning,
    calls,
    finish,
    usage,
  };
}
