import type { ToolCall } from '@toolformat/core';
import { runToolLoop, streamToolLoop } from '@toolformat/core/tool-loop';
import {
  type FakeUpstream,
  type Reply,
  recordings,
  startFakeUpstream,
  testRouter,
  weatherTools,
} from '@toolformat/test-upstream';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolLoopFor } from './tool-loop.js';

let upstream: FakeUpstream;
const queue: Reply[] = [];
beforeAll(async () => {
  upstream = await startFakeUpstream(() => queue.shift() ?? { content: 'Done.' });
});
afterAll(async () => {
  await upstream.close();
});

const client = () => new OpenAI({ baseURL: upstream.url, apiKey: 'k', maxRetries: 0 });
const router = testRouter({ models: [{ match: 'plain-7b', format: 'hermes', nativeTools: false }] });
const execute = (call: ToolCall) => `${call.arguments.city}: 21 °C, sunny`;
type Sent = { messages: Array<Record<string, unknown>>; tools?: unknown[]; stop?: string[] };
const sent = (i: number) => upstream.received.at(i)?.body as Sent;

describe('toolLoopFor: one loop for native and text-format models', () => {
  it('native model: tools declared, native calls run, results go back as tool messages', async () => {
    queue.push(
      {
        content: null,
        tool_calls: [
          {
            id: 'call_n1',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
          },
        ],
      },
      { content: 'Paris: 21 °C and sunny.' },
    );
    const loop = toolLoopFor(client(), { model: 'qwen2.5-7b-instruct', router });
    expect(loop.native).toBe(true);
    const result = await runToolLoop({
      ...loop,
      tools: weatherTools,
      execute,
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
    });
    expect(result.answer).toBe('Paris: 21 °C and sunny.');
    expect(sent(-2).tools).toHaveLength(2);
    expect(sent(-1).messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_n1',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_n1', content: 'Paris: 21 °C, sunny' },
    ]);
  });

  it('native model that leaked its call as text: the loop still reads and runs it', async () => {
    queue.push({ content: recordings.hermes.content }, { content: 'Sunny.' });
    const loop = toolLoopFor(client(), { model: 'qwen2.5-7b-instruct', router });
    const result = await runToolLoop({
      ...loop,
      tools: weatherTools,
      execute,
      messages: [{ role: 'user', content: 'Weather?' }],
    });
    expect(result.calls.map((c) => c.call.name)).toEqual(['get_weather']);
    expect(result.answer).toBe('Sunny.');
  });

  it('text-format model: taught in its prompt, stopped at its stops, history in its own format', async () => {
    queue.push({ content: recordings.hermes.content }, { content: 'It is sunny in Paris.' });
    const loop = toolLoopFor(client(), { model: 'plain-7b', router });
    expect(loop.native).toBe(false);
    const result = await runToolLoop({
      ...loop,
      tools: weatherTools,
      execute,
      messages: [{ role: 'user', content: 'Weather?' }],
    });
    expect(result.answer).toBe('It is sunny in Paris.');
    const first = sent(-2);
    expect(first.tools).toBeUndefined();
    expect(String(first.messages[0]?.content)).toContain('get_weather');
    expect(first.stop?.length ?? 0).toBeGreaterThan(0);
    const second = sent(-1);
    expect(second.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(String(second.messages[2]?.content)).toContain('<tool_call>');
    expect(String(second.messages[3]?.content)).toContain('21 °C, sunny');
  });

  it('streams: text as it is released, the call, its result and the answer', async () => {
    queue.push({ content: recordings.hermes.content }, { content: 'It is sunny.' });
    const loop = toolLoopFor(client(), { model: 'qwen2.5-7b-instruct', router });
    const kinds: string[] = [];
    let text = '';
    const events = streamToolLoop({
      ...loop,
      generate: loop.stream,
      tools: weatherTools,
      execute,
      messages: [{ role: 'user', content: 'Weather?' }],
    });
    let next = await events.next();
    while (!next.done) {
      const e = next.value;
      kinds.push(e.type === 'output' ? e.event.type : e.type);
      if (e.type === 'output' && e.event.type === 'text') text += e.event.text;
      next = await events.next();
    }
    expect(text).toContain('Let me check the weather for you.');
    expect(kinds).toEqual(
      expect.arrayContaining(['tool-call-start', 'tool-call-end', 'tool-call', 'tool-result', 'answer']),
    );
    expect(next.value.answer).toBe('It is sunny.');
  });

  it('streams native calls too', async () => {
    queue.push(
      {
        content: null,
        tool_calls: [
          { id: 'call_s', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } },
        ],
      },
      { content: 'Cold.' },
    );
    const loop = toolLoopFor(client(), { model: 'qwen2.5-7b-instruct', router });
    const events = streamToolLoop({
      ...loop,
      generate: loop.stream,
      tools: weatherTools,
      execute,
      messages: [{ role: 'user', content: 'Oslo?' }],
    });
    let next = await events.next();
    while (!next.done) next = await events.next();
    expect(next.value.calls.map((c) => c.call)).toEqual([
      { id: 'call_s', name: 'get_weather', arguments: { city: 'Oslo' } },
    ]);
    expect(next.value.answer).toBe('Cold.');
  });
});
