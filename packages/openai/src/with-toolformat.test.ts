import {
  type FakeUpstream,
  recordings,
  startFakeUpstream,
  testRouter,
  weatherTools,
} from '@toolformat/test-upstream';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withToolformat } from './with-toolformat.js';

let upstream: FakeUpstream;
/** What the fake model answers next; else the recording of the model asked for. */
let next: ((body: { model?: string }) => object) | null = null;

beforeAll(async () => {
  upstream = await startFakeUpstream((body) => {
    if (next) {
      const reply = next(body);
      next = null;
      return reply;
    }
    const r = Object.values(recordings).find((x) => x.model === body.model);
    return { content: r?.content ?? 'Hello there.' };
  });
});
afterAll(async () => {
  await upstream.close();
});

const client = () => new OpenAI({ baseURL: upstream.url, apiKey: 'test-key', maxRetries: 0 });
const calls = (toolCalls: ReadonlyArray<OpenAI.Chat.ChatCompletionMessageToolCall> | undefined) =>
  (toolCalls ?? []).map((c) =>
    c.type === 'function' ? { name: c.function.name, arguments: JSON.parse(c.function.arguments) } : c,
  );

describe('withToolformat over the real openai client and a loopback server', () => {
  for (const [family, r] of Object.entries(recordings)) {
    it(`${family}: tool_calls come out, streaming and not, and agree`, async () => {
      const openai = withToolformat(client(), { router: testRouter() });
      const messages = [{ role: 'user' as const, content: 'Weather in Paris?' }];
      const completion = await openai.chat.completions.create({
        model: r.model,
        messages,
        tools: weatherTools,
      });
      const message = completion.choices[0]?.message;
      expect(calls(message?.tool_calls)).toEqual(r.calls);
      expect(message?.content).toBe(r.text);
      expect(completion.choices[0]?.finish_reason).toBe('tool_calls');

      const stream = await openai.chat.completions.create({
        model: r.model,
        messages,
        tools: weatherTools,
        stream: true,
        stream_options: { include_usage: true },
      });
      let content = '';
      const streamed: Array<{ id: string; name: string; arguments: string }> = [];
      let finish: string | null = null;
      let usage = 0;
      for await (const chunk of stream) {
        if (chunk.usage) usage = chunk.usage.total_tokens;
        for (const choice of chunk.choices) {
          content += choice.delta.content ?? '';
          for (const t of choice.delta.tool_calls ?? []) {
            if (t.id) streamed[t.index] = { id: t.id, name: t.function?.name ?? '', arguments: '' };
            const call = streamed[t.index];
            if (call) call.arguments += t.function?.arguments ?? '';
          }
          finish = choice.finish_reason ?? finish;
        }
      }
      expect(streamed.map((c) => ({ name: c.name, arguments: JSON.parse(c.arguments) }))).toEqual(r.calls);
      expect(content === '' ? null : content).toBe(message?.content);
      expect(finish).toBe('tool_calls');
      expect(usage).toBe(46);
    });
  }

  it('gives a completion field by field as OpenAI returns one with a tool call', async () => {
    const openai = withToolformat(client(), { router: testRouter() });
    const r = recordings['qwen3-coder'];
    const completion = await openai.chat.completions.create({
      model: r.model,
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: weatherTools,
    });
    expect(completion).toEqual({
      id: expect.stringMatching(/^chatcmpl-/),
      object: 'chat.completion',
      created: expect.any(Number),
      model: r.model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: expect.stringMatching(/^call_[0-9a-f]{24}$/),
                type: 'function',
                function: { name: 'get_weather', arguments: '{"city":"Paris","unit":"celsius"}' },
              },
            ],
          },
          finish_reason: 'tool_calls',
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: 12, completion_tokens: 34, total_tokens: 46 },
    });
  });

  it('passes native tool_calls through untouched', async () => {
    const openai = withToolformat(client(), { router: testRouter() });
    const native = {
      id: 'call_native',
      type: 'function' as const,
      function: { name: 'get_time', arguments: '{"timezone":"UTC"}' },
    };
    next = () => ({ content: null, tool_calls: [native] });
    const completion = await openai.chat.completions.create({
      model: 'qwen2.5-7b-instruct',
      messages: [{ role: 'user', content: 'Time?' }],
      tools: weatherTools,
    });
    expect(completion.choices[0]?.message.tool_calls).toEqual([native]);
  });

  it('leaves an answer alone when the request declared no tools', async () => {
    const openai = withToolformat(client(), { router: testRouter() });
    const completion = await openai.chat.completions.create({
      model: recordings.hermes.model,
      messages: [{ role: 'user', content: 'Show me what a Hermes call looks like.' }],
    });
    expect(completion.choices[0]?.message.content).toBe(recordings.hermes.content);
  });

  it('runs a two-turn tool loop with a model that has no native tool calling', async () => {
    const router = testRouter({ models: [{ match: 'plain-7b', format: 'hermes', nativeTools: false }] });
    const openai = withToolformat(client(), { router });
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Weather in Paris?' },
    ];
    next = () => ({ content: recordings.hermes.content });
    const first = await openai.chat.completions.create({ model: 'plain-7b', messages, tools: weatherTools });
    const sent = upstream.received.at(-1)?.body as {
      messages: Array<{ role: string; content: string }>;
      tools?: unknown;
      stop?: string[];
    };
    expect(sent.tools).toBeUndefined();
    expect(sent.messages[0]?.content).toContain('get_weather');
    expect(sent.messages[0]?.content).toContain('Be brief.');
    expect(sent.stop?.length ?? 0).toBeGreaterThan(0);

    const call = first.choices[0]?.message.tool_calls?.[0];
    expect(call?.type === 'function' && call.function.name).toBe('get_weather');
    messages.push(first.choices[0]!.message, {
      role: 'tool',
      tool_call_id: call!.id,
      content: '21 °C, sunny',
    });
    next = () => ({ content: 'It is 21 °C and sunny in Paris.' });
    const second = await openai.chat.completions.create({ model: 'plain-7b', messages, tools: weatherTools });
    expect(second.choices[0]?.message.content).toBe('It is 21 °C and sunny in Paris.');

    // The model saw its own call and the result in its own format, not OpenAI's roles.
    const history =
      (upstream.received.at(-1)?.body as { messages: Array<{ role: string; content: string }> } | undefined)
        ?.messages ?? [];
    expect(history.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(history[2]?.content).toContain('<tool_call>');
    expect(history[3]?.content).toContain('21 °C, sunny');
    expect(JSON.stringify(history)).not.toContain('tool_call_id');
  });

  it('leaving the stream early aborts the upstream request', async () => {
    const openai = withToolformat(client(), { router: testRouter() });
    next = () => ({ content: `Sure. ${'word '.repeat(400)}`, chunkDelayMs: 5 });
    const aborted = upstream.nextAbort();
    const stream = await openai.chat.completions.create({
      model: 'qwen2.5-7b-instruct',
      messages: [{ role: 'user', content: 'Talk.' }],
      tools: weatherTools,
      stream: true,
    });
    let n = 0;
    for await (const _chunk of stream) if (++n === 3) break;
    await aborted;
    expect(upstream.aborted).toBeGreaterThan(0);
  });

  it('keeps every other method of the client working', async () => {
    const openai = withToolformat(client(), { router: testRouter() });
    const models = await openai.models.list();
    expect(models.data[0]?.id).toBe('fake-model');
  });

  it('names the known formats when given an unknown one', () => {
    expect(() => withToolformat(client(), { router: testRouter(), format: 'hermez' })).toThrow(/hermes/);
  });
});
