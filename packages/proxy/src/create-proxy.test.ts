import { recordings, weatherTools } from '@toolformat/test-upstream';
import type OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, readStream, startHarness } from './test-support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    config: { models: [{ match: 'plain-7b', format: 'hermes', nativeTools: false }] },
  });
});
afterAll(async () => {
  await h.close();
});

const ask = [{ role: 'user' as const, content: 'Weather in Paris?' }];
const named = (calls: Array<{ name: string; arguments: string }>) =>
  calls.map((c) => ({ name: c.name, arguments: JSON.parse(c.arguments) }));

describe('the proxy, driven by the openai client', () => {
  for (const [family, r] of Object.entries(recordings)) {
    it(`${family}: leaked calls come out as tool_calls, streaming and not, and the two agree`, async () => {
      const completion = await h.client.chat.completions.create({
        model: r.model,
        messages: ask,
        tools: weatherTools,
      });
      const message = completion.choices[0]!.message;
      const whole = (message.tool_calls ?? []).map((c) =>
        c.type === 'function' ? c.function : { name: '', arguments: '' },
      );
      expect(named(whole)).toEqual(r.calls);
      expect(message.content).toBe(r.text);
      expect(completion.choices[0]?.finish_reason).toBe('tool_calls');
      expect(completion.usage?.total_tokens).toBe(46);

      const stream = await h.client.chat.completions.create({
        model: r.model,
        messages: ask,
        tools: weatherTools,
        stream: true,
        stream_options: { include_usage: true },
      });
      const streamed = await readStream(stream);
      expect(named(streamed.calls)).toEqual(r.calls);
      expect(streamed.content).toBe(message.content);
      expect(streamed.reasoning).toBe((message as { reasoning_content?: string }).reasoning_content ?? null);
      expect(streamed.finish).toBe('tool_calls');
      expect(streamed.usage).toBe(46);
    });
  }

  it('streams text on before the answer ends', async () => {
    h.answerNext({ content: `Paris is sunny. ${'More words here. '.repeat(50)}`, chunkDelayMs: 2 });
    const stream = await h.client.chat.completions.create({
      model: 'qwen2.5-7b-instruct',
      messages: ask,
      tools: weatherTools,
      stream: true,
    });
    let first = '';
    for await (const chunk of stream) {
      first += chunk.choices[0]?.delta.content ?? '';
      if (first.includes('sunny')) break;
    }
    expect(first).toContain('Paris is sunny');
  });

  it('passes native tool_calls through untouched', async () => {
    const native = {
      id: 'call_native',
      type: 'function' as const,
      function: { name: 'get_time', arguments: '{"timezone":"UTC"}' },
    };
    h.answerNext({ content: null, tool_calls: [native] });
    const completion = await h.client.chat.completions.create({
      model: 'qwen2.5-7b-instruct',
      messages: ask,
      tools: weatherTools,
    });
    expect(completion.choices[0]?.message.tool_calls).toEqual([native]);

    h.answerNext({ content: null, tool_calls: [native] });
    const stream = await h.client.chat.completions.create({
      model: 'qwen2.5-7b-instruct',
      messages: ask,
      tools: weatherTools,
      stream: true,
    });
    const streamed = await readStream(stream);
    expect(streamed.calls).toEqual([
      { id: 'call_native', name: 'get_time', arguments: '{"timezone":"UTC"}' },
    ]);
    expect(streamed.finish).toBe('tool_calls');
  });

  it("tool_choice 'none' and a request without tools get the model's text as it wrote it", async () => {
    const r = recordings.hermes;
    const none = await h.client.chat.completions.create({
      model: r.model,
      messages: ask,
      tools: weatherTools,
      tool_choice: 'none',
    });
    expect(none.choices[0]?.message.content).toBe(r.content);
    const noTools = await h.client.chat.completions.create({ model: r.model, messages: ask });
    expect(noTools.choices[0]?.message.content).toBe(r.content);
    const streamed = await readStream(
      await h.client.chat.completions.create({ model: r.model, messages: ask, stream: true }),
    );
    expect(streamed.content).toBe(r.content);
  });

  it('never turns a mention into a call: a tutorial answer stays text', async () => {
    const tutorial =
      'In Hermes-style models a call is written as <tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call> and the server turns it into tool_calls.';
    h.answerNext({ content: tutorial });
    const completion = await h.client.chat.completions.create({
      model: 'qwen2.5-7b-instruct',
      messages: ask,
      tools: weatherTools,
    });
    expect(completion.choices[0]?.message.tool_calls ?? []).toEqual([]);
    expect(completion.choices[0]?.message.content).toBe(tutorial);
  });

  it('keeps calls to tools the client did not declare out of tool_calls', async () => {
    h.answerNext({ content: '<tool_call>\n{"name": "delete_user", "arguments": {"id": 7}}\n</tool_call>' });
    const completion = await h.client.chat.completions.create({
      model: 'qwen2.5-7b-instruct',
      messages: ask,
      tools: weatherTools,
    });
    expect(completion.choices[0]?.message.tool_calls ?? []).toEqual([]);
  });

  it('runs a two-turn agent with a model that has no tool calling, in its own format', async () => {
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Weather in Paris?' },
    ];
    h.answerNext({ content: recordings.hermes.content });
    const first = await h.client.chat.completions.create({
      model: 'plain-7b',
      messages,
      tools: weatherTools,
    });
    const sent = h.upstream.received.at(-1)?.body as {
      messages: Array<{ role: string; content: string }>;
      tools?: unknown;
      stop?: string[];
    };
    expect(sent.tools).toBeUndefined();
    expect(sent.messages[0]?.content).toContain('Be brief.');
    expect(sent.messages[0]?.content).toContain('get_weather');
    expect(sent.stop?.length ?? 0).toBeGreaterThan(0);

    const call = first.choices[0]!.message.tool_calls![0]!;
    messages.push(first.choices[0]!.message, {
      role: 'tool',
      tool_call_id: call.id,
      content: '21 °C, sunny',
    });
    h.answerNext({ content: 'It is 21 °C and sunny.' });
    const second = await readStream(
      await h.client.chat.completions.create({
        model: 'plain-7b',
        messages,
        tools: weatherTools,
        stream: true,
      }),
    );
    expect(second.content).toBe('It is 21 °C and sunny.');
    const history =
      (h.upstream.received.at(-1)?.body as { messages: Array<{ role: string; content: string }> } | undefined)
        ?.messages ?? [];
    expect(history.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(history[2]?.content).toContain('<tool_call>');
    expect(history[2]?.content).toContain('"get_weather"');
    expect(history[3]?.content).toContain('21 °C, sunny');
  });

  it('passes other routes through with their status, headers and body', async () => {
    const models = await fetch(`${h.proxy.url}/v1/models`, {
      headers: { authorization: 'Bearer client-key' },
    });
    expect(models.status).toBe(200);
    expect(models.headers.get('x-upstream')).toBe('fake');
    expect(await models.json()).toEqual({
      object: 'list',
      data: [{ id: 'fake-model', object: 'model', owned_by: 'test' }],
    });
    expect(h.upstream.received.at(-1)?.headers.authorization).toBe('Bearer client-key');

    const embedding = await h.client.embeddings.create({ model: 'e', input: 'hi', encoding_format: 'float' });
    expect(embedding.data[0]?.embedding).toEqual([0.25, -0.5]);
    expect(h.upstream.received.at(-1)?.body).toEqual({ model: 'e', input: 'hi', encoding_format: 'float' });

    const missing = await fetch(`${h.proxy.url}/v1/nothing-here`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { type: string } }).error.type).toBe('not_found');
  });

  it('answers /health', async () => {
    const res = await fetch(`${h.proxy.url}/health`);
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});
