import { readdirSync, readFileSync } from 'node:fs';
import { sequentialIds } from '@toolformat/core';
import { chunksAt } from '@toolformat/core/testing';
import { collectChunks, recordings, splitTokens, testRouter, weatherTools } from '@toolformat/test-upstream';
import fc from 'fast-check';
import type { ChatCompletion, ChatCompletionChunk } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import { createChunkRescuer } from './chunk-rescuer.js';
import { rescueCompletion } from './rescue-completion.js';

const router = testRouter();

/**
 * The repository's corpora of real and realistic answers: leaked calls from public threads (with
 * the thread's model) and answers that only talk about calls (read under a Qwen model). Test data
 * of @toolformat/conformance, read from the repository.
 */
const CORPUS = new URL('../../conformance/corpus/', import.meta.url);
const corpus: Array<{ id: string; model: string; text: string }> = ['leaks', 'precision'].flatMap((dir) =>
  readdirSync(new URL(`${dir}/`, CORPUS))
    .filter((f) => f.endsWith('.jsonl'))
    .flatMap((f) =>
      readFileSync(new URL(`${dir}/${f}`, CORPUS), 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as { id: string; model?: string; text: string })
        .map((c) => ({ id: c.id, model: c.model ?? 'qwen2.5-7b-instruct', text: c.text })),
    ),
);

const head = { id: 'chatcmpl-1', object: 'chat.completion.chunk' as const, created: 1, model: 'm' };
const chunk = (
  delta: Record<string, unknown>,
  finish: string | null = null,
  index = 0,
): ChatCompletionChunk =>
  ({ ...head, choices: [{ index, delta, finish_reason: finish, logprobs: null }] }) as ChatCompletionChunk;

function streamOf(model: string, pieces: string[]): ChatCompletionChunk[] {
  return [
    { ...chunk({ role: 'assistant', content: '' }), model },
    ...pieces.map((p) => ({ ...chunk({ content: p }), model })),
    { ...chunk({}, 'stop'), model },
    { ...head, model, choices: [], usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } },
  ];
}

function completionOf(model: string, content: string): ChatCompletion {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1,
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null },
        finish_reason: 'stop',
        logprobs: null,
      },
    ],
  };
}

/** rescueCompletion of the whole answer, with the tools and ids the streamed side uses. */
const wholeOf = (model: string, content: string) =>
  rescueCompletion(completionOf(model, content), {
    router,
    tools: weatherTools,
    strict: true,
    generateId: sequentialIds(),
  }).choices[0];

function rescueChunks(chunks: ChatCompletionChunk[]) {
  const generateId = sequentialIds();
  const rescuer = createChunkRescuer((m) =>
    router.createRescueParser({ model: m, tools: weatherTools, strict: true, generateId }),
  );
  return [...chunks.flatMap((c) => rescuer.push(c)), ...rescuer.end()];
}

describe('createChunkRescuer', () => {
  for (const [family, r] of Object.entries(recordings)) {
    it(`${family}: one-token chunks give the calls as OpenAI streams them, and equal the whole answer`, () => {
      const out = rescueChunks(streamOf(r.model, splitTokens(r.content)));
      const [choice] = collectChunks(out);
      expect(
        choice?.tool_calls.map((c) => ({
          name: c.function.name,
          arguments: JSON.parse(c.function.arguments),
        })),
      ).toEqual(r.calls);
      expect(choice?.content ?? null).toBe(r.text);
      expect(choice?.finish_reason).toBe('tool_calls');
      // The usage chunk is still the last one.
      expect(out.at(-1)?.usage?.total_tokens).toBe(3);

      const whole = wholeOf(r.model, r.content);
      expect(choice?.tool_calls).toEqual(whole?.message.tool_calls);
      expect(choice?.content ?? null).toEqual(whole?.message.content);
      expect(choice?.reasoning).toEqual(
        (whole?.message as { reasoning_content?: string } | undefined)?.reasoning_content ?? null,
      );
    });
  }

  it('streaming equals the whole answer for every chunking (property)', () => {
    const all = Object.values(recordings);
    fc.assert(
      fc.property(fc.constantFrom(...all), fc.array(fc.nat(), { maxLength: 12 }), (r, points) => {
        const [streamed] = collectChunks(rescueChunks(streamOf(r.model, chunksAt(r.content, points))));
        const whole = wholeOf(r.model, r.content);
        expect(streamed?.tool_calls).toEqual(whole?.message.tool_calls ?? []);
        expect(streamed?.content ?? null).toEqual(whole?.message.content);
      }),
      { numRuns: 200 },
    );
  });

  it('streaming equals the whole answer for every corpus case, cut at random (property)', () => {
    expect(corpus.length).toBeGreaterThan(150);
    fc.assert(
      fc.property(fc.constantFrom(...corpus), fc.array(fc.nat(), { maxLength: 16 }), (c, points) => {
        const generateId = sequentialIds();
        const rescuer = createChunkRescuer((m) =>
          router.createRescueParser({ model: m, strict: true, generateId }),
        );
        const out = [
          ...streamOf(c.model, chunksAt(c.text, points)).flatMap((x) => rescuer.push(x)),
          ...rescuer.end(),
        ];
        const [streamed] = collectChunks(out);
        const whole = rescueCompletion(completionOf(c.model, c.text), {
          router,
          strict: true,
          generateId: sequentialIds(),
        }).choices[0];
        expect(streamed?.tool_calls, c.id).toEqual(whole?.message.tool_calls ?? []);
        expect(streamed?.content ?? null, c.id).toEqual(whole?.message.content ?? null);
        expect(streamed?.finish_reason, c.id).toEqual(whole?.finish_reason);
      }),
      { numRuns: 600 },
    );
  });

  it("a call's first chunk carries id, type and name; its arguments follow in pieces", () => {
    const r = recordings.hermes;
    const out = rescueChunks(streamOf(r.model, splitTokens(r.content)));
    const calls = out.flatMap((c) => c.choices.flatMap((ch) => ch.delta.tool_calls ?? []));
    expect(calls[0]).toEqual({
      index: 0,
      id: 'call_1',
      type: 'function',
      function: { name: 'get_weather', arguments: '' },
    });
    expect(calls.length).toBeGreaterThan(2);
    for (const piece of calls.slice(1)) expect(Object.keys(piece).sort()).toEqual(['function', 'index']);
  });

  it('text before a call flows on before the call is complete', () => {
    const r = recordings.hermes;
    const rescuer = createChunkRescuer((m) =>
      router.createRescueParser({ model: m, tools: weatherTools, strict: true }),
    );
    const sent: string[] = [];
    for (const piece of splitTokens('Let me check the weather for you.\n<tool_call>\n{"name": "get_')) {
      for (const c of rescuer.push({ ...chunk({ content: piece }), model: r.model }))
        sent.push(c.choices[0]?.delta.content ?? '');
    }
    expect(sent.join('')).toContain('Let me check the weather');
  });

  it('native tool_calls pass through untouched, and a rescued call is numbered after them', () => {
    const native = {
      index: 0,
      id: 'call_native',
      type: 'function',
      function: { name: 'get_time', arguments: '{}' },
    };
    const r = recordings.hermes;
    const out = rescueChunks([
      { ...chunk({ role: 'assistant', tool_calls: [native] }), model: r.model },
      ...streamOf(r.model, splitTokens(r.content)).slice(1),
    ]);
    const [choice] = collectChunks(out);
    expect(choice?.tool_calls.map((c) => c.function.name)).toEqual(['get_time', 'get_weather']);
    expect(choice?.tool_calls[0]?.id).toBe('call_native');
  });

  it('an ordinary answer streams on as text and keeps its finish_reason', () => {
    const text = 'Paris is sunny today, 21 °C. Anything else?';
    const [choice] = collectChunks(rescueChunks(streamOf('qwen2.5-7b-instruct', splitTokens(text))));
    expect(choice).toEqual({ content: text, reasoning: null, tool_calls: [], finish_reason: 'stop' });
  });

  it('each choice of n > 1 is rescued on its own', () => {
    const r = recordings.hermes;
    const chunks = splitTokens(r.content).flatMap((p, i) => [
      { ...chunk({ content: p }, null, 0), model: r.model },
      { ...chunk({ content: i === 0 ? 'Plain answer.' : '' }, null, 1), model: r.model },
    ]);
    const out = rescueChunks([
      ...chunks,
      { ...chunk({}, 'stop', 0), model: r.model },
      { ...chunk({}, 'stop', 1), model: r.model },
    ]);
    const [first, second] = collectChunks(out);
    expect(first?.tool_calls).toHaveLength(1);
    expect(first?.finish_reason).toBe('tool_calls');
    expect(second).toEqual({
      content: 'Plain answer.',
      reasoning: null,
      tool_calls: [],
      finish_reason: 'stop',
    });
  });

  it('a source that ends with no finish chunk still flushes and says tool_calls', () => {
    const r = recordings['qwen3-coder'];
    const out = rescueChunks(
      splitTokens(r.content).map((p) => ({ ...chunk({ content: p }), model: r.model })),
    );
    const [choice] = collectChunks(out);
    expect(choice?.tool_calls).toHaveLength(1);
    expect(choice?.finish_reason).toBe('tool_calls');
  });
});
