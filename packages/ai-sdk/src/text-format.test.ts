import type { LanguageModelV3CallOptions } from '@ai-sdk/provider';
import { parseModelsConfig } from '@toolformat/core';
import { generateText, jsonSchema, stepCountIs, streamText, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { generateResult, MARKUP, streamResult, testRouter } from './test-support/model-outputs.js';
import { findStreamOrderError } from './test-support/stream-order.js';
import { toolformatMiddleware } from './toolformat-middleware.js';

const config = parseModelsConfig(
  [
    'models:',
    '  - match: "gemma-3-*"',
    '    format: gemma',
    '    nativeTools: false',
    '    stop: ["<end_of_turn>"]',
    '  - match: "qwen2.5-0.5b*"',
    '    format: hermes',
    '    nativeTools: false',
  ].join('\n'),
  'models.yaml',
);
const router = testRouter(config);
const schema = {
  type: 'object',
  properties: { city: { type: 'string', description: 'City name' } },
  required: ['city'],
} as const;

function tools() {
  const ran: unknown[] = [];
  return {
    ran,
    tools: {
      get_weather: tool({
        description: 'Current weather for a city.',
        inputSchema: jsonSchema<{ city: string }>(schema),
        execute: async (input) => {
          ran.push(input);
          return { temperature: 21 };
        },
      }),
    },
  };
}

const cases = [
  { modelId: 'gemma-3-27b-it', call: '```tool_code\nget_weather(city="Paris")\n```' },
  {
    modelId: 'qwen2.5-0.5b-instruct',
    call: 'Let me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>',
  },
];

describe.each(cases)('a text-format model: $modelId', ({ modelId, call }) => {
  const { handler, stop } = router.resolveModel(modelId);
  const declared = [{ name: 'get_weather', description: 'Current weather for a city.', parameters: schema }];

  /** What the model must have been sent on the second turn, checked by the mock itself. */
  function checkSecondTurn(params: LanguageModelV3CallOptions, callId: string) {
    expect(params.tools).toBeUndefined();
    expect(params.toolChoice).toBeUndefined();
    for (const s of stop) expect(params.stopSequences).toContain(s);
    expect(params.prompt[0]).toEqual({
      role: 'system',
      content: handler.systemPrompt(declared, { preamble: 'You are a weather bot.' }),
    });
    expect(params.prompt[1]).toMatchObject({ role: 'user' });
    const rendered = handler.formatToolCalls([
      { id: callId, name: 'get_weather', arguments: { city: 'Paris' } },
    ]);
    const assistant = params.prompt[2];
    expect(assistant?.role).toBe('assistant');
    const text =
      assistant?.role === 'assistant' ? assistant.content.find((p) => p.type === 'text') : undefined;
    expect(text?.type === 'text' ? text.text : '').toContain(rendered);
    expect(JSON.stringify(assistant)).not.toContain('"tool-call"');
    expect(params.prompt[3]).toEqual({
      role: 'user',
      content: [
        {
          type: 'text',
          text: handler.formatResult({ id: callId, name: 'get_weather', content: { temperature: 21 } }),
        },
      ],
    });
    expect(params.prompt.some((m) => m.role === 'tool')).toBe(false);
  }

  it('generateText: the tools are taught in the format, and the call and result come back in it', async () => {
    const model = new MockLanguageModelV3({
      modelId,
      doGenerate: async (params) => {
        if (params.prompt.length === 2) {
          expect(params.tools).toBeUndefined();
          expect(params.prompt[0]).toEqual({
            role: 'system',
            content: handler.systemPrompt(declared, { preamble: 'You are a weather bot.' }),
          });
          return generateResult(call);
        }
        checkSecondTurn(params, 'call_1');
        return generateResult('It is 21 °C in Paris.');
      },
    });
    const { ran, tools: t } = tools();
    const result = await generateText({
      model: wrapLanguageModel({
        model,
        middleware: toolformatMiddleware({ router, generateId: () => 'call_1' }),
      }),
      system: 'You are a weather bot.',
      prompt: 'Weather in Paris?',
      tools: t,
      stopWhen: stepCountIs(2),
    });
    expect(result.steps[0]?.toolCalls[0]?.toolCallId).toBe('call_1');
    expect(ran).toEqual([{ city: 'Paris' }]);
    expect(model.doGenerateCalls).toHaveLength(2);
    expect(result.text).toBe('It is 21 °C in Paris.');
    expect(result.steps[0]?.text).not.toMatch(MARKUP);
  });

  it('streamText: the same conversation, streamed one token at a time', async () => {
    const model = new MockLanguageModelV3({
      modelId,
      doStream: async (params) => {
        if (params.prompt.length === 2) return streamResult(call);
        checkSecondTurn(params, 'call_1');
        return streamResult('It is 21 °C in Paris.');
      },
    });
    const { ran, tools: t } = tools();
    const result = streamText({
      model: wrapLanguageModel({
        model,
        middleware: toolformatMiddleware({ router, generateId: () => 'call_1' }),
      }),
      system: 'You are a weather bot.',
      prompt: 'Weather in Paris?',
      tools: t,
      stopWhen: stepCountIs(2),
    });
    const parts = [];
    for await (const part of result.fullStream) parts.push(part);
    expect(parts.filter((p) => p.type === 'error')).toEqual([]);
    expect(findStreamOrderError(parts)).toBeNull();
    expect(ran).toEqual([{ city: 'Paris' }]);
    expect(parts.find((p) => p.type === 'tool-call')).toMatchObject({ toolCallId: 'call_1' });
    expect(model.doStreamCalls).toHaveLength(2);
    expect(await result.text).toBe('It is 21 °C in Paris.');
  });
});

it('the nativeTools option makes any model a text-format model', async () => {
  const model = new MockLanguageModelV3({
    modelId: 'my-finetune',
    doGenerate: [
      generateResult('<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>'),
    ],
  });
  const { ran, tools: t } = tools();
  await generateText({
    model: wrapLanguageModel({
      model,
      middleware: toolformatMiddleware({ router, format: 'hermes', nativeTools: false }),
    }),
    prompt: 'Oslo?',
    tools: t,
  });
  expect(ran).toEqual([{ city: 'Oslo' }]);
  const sent = model.doGenerateCalls[0]!;
  expect(sent.tools).toBeUndefined();
  expect(sent.prompt[0]).toMatchObject({ role: 'system', content: expect.stringContaining('<tool_call>') });
  expect(sent.stopSequences).toEqual(router.get('hermes').stopSequences());
});

it('a text-format model with toolChoice none is taught no tools and its text is left as written', async () => {
  const text = 'No tools: <tool_call>{"name": "get_weather", "arguments": {"city": "Oslo"}}</tool_call>';
  const model = new MockLanguageModelV3({
    modelId: 'qwen2.5-0.5b-instruct',
    doGenerate: [generateResult(text)],
  });
  const { ran, tools: t } = tools();
  const result = await generateText({
    model: wrapLanguageModel({ model, middleware: toolformatMiddleware({ router }) }),
    system: 'Be brief.',
    prompt: 'Oslo?',
    tools: t,
    toolChoice: 'none',
  });
  expect(ran).toEqual([]);
  expect(result.text).toBe(text);
  expect(model.doGenerateCalls[0]?.prompt[0]).toEqual({ role: 'system', content: 'Be brief.' });
});
