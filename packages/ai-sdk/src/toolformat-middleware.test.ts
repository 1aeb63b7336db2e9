import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { parseModelsConfig, ToolFormatConfigError } from '@toolformat/core';
import { builtinPlugins } from '@toolformat/formats';
import { generateText, jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import {
  generateResult,
  leakedOutputs,
  MARKUP,
  streamResult,
  testRouter,
  tokens,
} from './test-support/model-outputs.js';
import { findStreamOrderError } from './test-support/stream-order.js';
import { toolformatMiddleware } from './toolformat-middleware.js';

const router = testRouter();
const recordings = leakedOutputs();
const ANSWER = 'It is 21 °C and sunny in Paris.';

function weatherTools() {
  const ran: unknown[] = [];
  const tools = {
    get_weather: tool({
      description: 'Current weather for a city.',
      inputSchema: jsonSchema<{ city: string; unit?: 'celsius' | 'fahrenheit' }>({
        type: 'object',
        properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
        required: ['city'],
        additionalProperties: false,
      }),
      execute: async (input) => {
        ran.push(input);
        return { temperature: 21, unit: input.unit ?? 'celsius', sky: 'sunny' };
      },
    }),
  };
  return { ran, tools };
}

/** The second call's prompt holds the first turn's call and its result, as the SDK sends them. */
function expectSecondPrompt(prompt: LanguageModelV3CallOptions['prompt']) {
  const assistant = prompt.find((m) => m.role === 'assistant');
  expect(assistant?.content).toContainEqual(
    expect.objectContaining({
      type: 'tool-call',
      toolName: 'get_weather',
      input: { city: 'Paris', unit: 'celsius' },
    }),
  );
  for (const part of assistant?.content ?? [])
    if (part.type === 'text') expect(part.text).not.toMatch(MARKUP);
  const toolMessage = prompt.find((m) => m.role === 'tool');
  expect(toolMessage?.content[0]).toMatchObject({
    type: 'tool-result',
    output: { type: 'json', value: { temperature: 21, unit: 'celsius', sky: 'sunny' } },
  });
}

it('has recordings of at least five families', () => {
  const formats = new Set(recordings.map(({ model }) => router.resolveModel(model).handler.id.split(':')[0]));
  expect(formats.size).toBeGreaterThanOrEqual(5);
});

describe.each(recordings)(
  'a native model that leaks its call as text: $model',
  ({ model: modelId, text }) => {
    it('generateText runs the tool with the written arguments and answers without markup', async () => {
      const model = new MockLanguageModelV3({
        modelId,
        doGenerate: [generateResult(text), generateResult(ANSWER)],
      });
      const { ran, tools } = weatherTools();
      const result = await generateText({
        model: wrapLanguageModel({ model, middleware: toolformatMiddleware({ router }) }),
        tools,
        prompt: 'What is the weather in Paris?',
        stopWhen: stepCountIs(2),
      });

      expect(ran).toEqual([{ city: 'Paris', unit: 'celsius' }]);
      expect(result.steps).toHaveLength(2);
      expect(result.steps[0]?.finishReason).toBe('tool-calls');
      expect(result.steps[0]?.toolCalls.map((c) => [c.toolName, c.input])).toEqual([
        ['get_weather', { city: 'Paris', unit: 'celsius' }],
      ]);
      expect(result.steps[0]?.text).not.toMatch(MARKUP);
      expect(result.text).toBe(ANSWER);
      // The model's native tools were left alone: it was asked with them, as the app declared.
      expect(model.doGenerateCalls[0]?.tools?.map((t) => t.name)).toEqual(['get_weather']);
      expectSecondPrompt(model.doGenerateCalls[1]?.prompt ?? []);
    });

    it('streamText, one token per part, runs the tool and its fullStream is in the spec order', async () => {
      const model = new MockLanguageModelV3({
        modelId,
        doStream: [streamResult(text), streamResult(ANSWER)],
      });
      const { ran, tools } = weatherTools();
      const result = streamText({
        model: wrapLanguageModel({ model, middleware: toolformatMiddleware({ router }) }),
        tools,
        prompt: 'What is the weather in Paris?',
        stopWhen: stepCountIs(2),
      });
      const parts = [];
      for await (const part of result.fullStream) parts.push(part);

      expect(tokens(text).length).toBeGreaterThan(10);
      expect(parts.filter((p) => p.type === 'error')).toEqual([]);
      expect(findStreamOrderError(parts)).toBeNull();
      expect(ran).toEqual([{ city: 'Paris', unit: 'celsius' }]);
      const types = parts.map((p) => p.type);
      expect(types.filter((t) => t === 'start-step')).toHaveLength(2);
      const call = parts.find((p) => p.type === 'tool-call');
      expect(call).toMatchObject({ toolName: 'get_weather', input: { city: 'Paris', unit: 'celsius' } });
      expect(parts.find((p) => p.type === 'tool-result')).toMatchObject({
        toolCallId: call?.type === 'tool-call' ? call.toolCallId : '',
        output: { temperature: 21, unit: 'celsius', sky: 'sunny' },
      });
      expect(types.slice(types.indexOf('tool-input-start'), types.indexOf('tool-result') + 1)).toEqual([
        'tool-input-start',
        'tool-input-delta',
        'tool-input-end',
        'tool-call',
        'tool-result',
      ]);
      const firstStep = parts.slice(0, types.indexOf('finish-step') + 1);
      for (const p of firstStep) if (p.type === 'text-delta') expect(p.text).not.toMatch(MARKUP);
      expect(firstStep.find((p) => p.type === 'finish-step')).toMatchObject({ finishReason: 'tool-calls' });
      expect(await result.text).toBe(ANSWER);
      expectSecondPrompt(model.doStreamCalls[1]?.prompt ?? []);
    });
  },
);

it('streams reasoning as reasoning parts and the text before a call as text parts', async () => {
  const harmony = recordings.find((r) => r.model === 'gpt-oss-20b')!;
  const deepseek = recordings.find((r) => r.model === 'deepseek-v3.1')!;
  for (const { model: modelId, text } of [harmony, deepseek]) {
    const model = new MockLanguageModelV3({ modelId, doStream: [streamResult(text)] });
    const result = streamText({
      model: wrapLanguageModel({ model, middleware: toolformatMiddleware({ router }) }),
      tools: weatherTools().tools,
      prompt: 'What is the weather in Paris?',
    });
    const parts = [];
    for await (const part of result.fullStream) parts.push(part);
    expect(findStreamOrderError(parts)).toBeNull();
    if (modelId === 'gpt-oss-20b') {
      expect(await result.reasoningText).toBe(
        'User asks for the weather in Paris. Use get_weather with celsius.',
      );
      expect(await result.text).toBe('');
    } else {
      expect(await result.text).toBe('Let me look that up.');
      const types = parts.map((p) => p.type);
      expect(types.indexOf('text-end')).toBeLessThan(types.indexOf('tool-input-start'));
    }
  }
});

it('passes native tool calls through untouched and rescues nothing from clean text', async () => {
  const native = {
    type: 'tool-call' as const,
    toolCallId: 'call_native',
    toolName: 'get_weather',
    input: '{"city":"Rome"}',
  };
  const model = new MockLanguageModelV3({
    modelId: 'qwen3-8b',
    doGenerate: [generateResult('Checking Rome.', [native]), generateResult(ANSWER)],
    doStream: [
      streamResult('Checking Rome.', undefined, [
        { type: 'tool-input-start', id: 'call_native', toolName: 'get_weather' },
        { type: 'tool-input-delta', id: 'call_native', delta: '{"city":"Rome"}' },
        { type: 'tool-input-end', id: 'call_native' },
        native,
      ]),
      streamResult(ANSWER),
    ],
  });
  const wrapped = wrapLanguageModel({ model, middleware: toolformatMiddleware({ router }) });
  const generated = await generateText({
    model: wrapped,
    tools: weatherTools().tools,
    prompt: 'Rome?',
    stopWhen: stepCountIs(2),
  });
  expect(generated.steps[0]?.toolCalls).toMatchObject([
    { toolCallId: 'call_native', input: { city: 'Rome' } },
  ]);
  expect(generated.steps[0]?.text).toBe('Checking Rome.');

  const { ran, tools } = weatherTools();
  const streamed = streamText({ model: wrapped, tools, prompt: 'Rome?', stopWhen: stepCountIs(2) });
  const parts = [];
  for await (const part of streamed.fullStream) parts.push(part);
  expect(findStreamOrderError(parts)).toBeNull();
  expect(ran).toEqual([{ city: 'Rome' }]);
  expect(parts.filter((p) => p.type === 'tool-input-start')).toMatchObject([{ id: 'call_native' }]);
  expect(await streamed.text).toBe(ANSWER);
});

it('two calls in one streamed turn: both run, each input before its call, in the order written', async () => {
  const text =
    '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "Paris", "unit": "celsius"}<｜tool▁call▁end｜>' +
    '<｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"city": "London"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>';
  const model = new MockLanguageModelV3({
    modelId: 'deepseek-v3.1',
    doStream: [streamResult(text), streamResult(ANSWER)],
  });
  const { ran, tools } = weatherTools();
  const result = streamText({
    model: wrapLanguageModel({ model, middleware: toolformatMiddleware({ router }) }),
    tools,
    prompt: 'Paris and London?',
    stopWhen: stepCountIs(2),
  });
  const parts = [];
  for await (const part of result.fullStream) parts.push(part);
  expect(findStreamOrderError(parts)).toBeNull();
  expect(ran).toEqual([{ city: 'Paris', unit: 'celsius' }, { city: 'London' }]);
  const calls = parts.filter((p) => p.type === 'tool-call');
  expect(new Set(calls.map((c) => c.toolCallId)).size).toBe(2);
  expect(await result.text).toBe(ANSWER);
});

it('builds its router from config and plugins when given no router', async () => {
  const config = parseModelsConfig('models:\n  - match: "acme-*"\n    format: mistral\n', 'models.yaml');
  const model = new MockLanguageModelV3({
    modelId: 'acme-chat-1',
    doGenerate: [generateResult('[TOOL_CALLS]get_weather[ARGS]{"city": "Oslo"}')],
  });
  const { ran, tools } = weatherTools();
  await generateText({
    model: wrapLanguageModel({
      model,
      middleware: toolformatMiddleware({ config, plugins: builtinPlugins }),
    }),
    tools,
    prompt: 'Oslo?',
  });
  expect(ran).toEqual([{ city: 'Oslo' }]);
});

it('an unknown format id is an error when the middleware is made, naming the known ones', () => {
  expect(() => toolformatMiddleware({ router, format: 'hermess' })).toThrow(ToolFormatConfigError);
  expect(() => toolformatMiddleware({ router, format: 'hermess' })).toThrow(/known formats: .*hermes/);
});

it('puts what the parser dropped or repaired on providerMetadata.toolformat', async () => {
  // A broken block mid-line after prose goes through the call-or-mention decision
  // (architecture/precision.md); on its own line it is a call, repaired.
  const text = 'Here.\n<tool_call>{"name": "get_weather", "arguments": {"city": "Oslo",}}</tool_call>';
  const model = new MockLanguageModelV3({ modelId: 'qwen3-8b', doGenerate: [generateResult(text)] });
  const result = await generateText({
    model: wrapLanguageModel({ model, middleware: toolformatMiddleware({ router }) }),
    tools: weatherTools().tools,
    prompt: 'Oslo?',
  });
  expect(result.toolCalls.map((c) => c.input)).toEqual([{ city: 'Oslo' }]);
  expect(result.providerMetadata?.toolformat).toMatchObject({
    format: 'hermes:qwen',
    issues: [{ kind: 'json-repaired' }],
  });
});
