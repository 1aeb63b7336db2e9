import { generateText, jsonSchema, streamText, tool, wrapLanguageModel } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { expect, it } from 'vitest';
import { NoToolCallError } from './no-tool-call-error.js';
import { generateResult, streamResult, testRouter } from './test-support/model-outputs.js';
import { toolformatMiddleware } from './toolformat-middleware.js';

const router = testRouter();
const LEAKED = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n</tool_call>';

function setup(text: string) {
  const ran: string[] = [];
  const make = (name: string) =>
    tool({
      inputSchema: jsonSchema<{ city?: string }>({
        type: 'object',
        properties: { city: { type: 'string' } },
      }),
      execute: async () => {
        ran.push(name);
        return 'ok';
      },
    });
  const model = new MockLanguageModelV3({
    modelId: 'qwen3-8b',
    doGenerate: async () => generateResult(text),
    doStream: async () => streamResult(text),
  });
  return {
    ran,
    tools: { get_weather: make('get_weather'), get_time: make('get_time') },
    model: wrapLanguageModel({ model, middleware: toolformatMiddleware({ router }) }),
  };
}

type Choice = 'none' | 'required' | { type: 'tool'; toolName: 'get_weather' | 'get_time' };

async function streamParts(s: ReturnType<typeof setup>, toolChoice: Choice) {
  const result = streamText({
    model: s.model,
    tools: s.tools,
    toolChoice,
    prompt: 'Oslo?',
    onError: () => {},
  });
  const parts = [];
  for await (const part of result.fullStream) parts.push(part);
  return parts;
}

it("toolChoice 'none': leaked markup is not rescued, nothing runs", async () => {
  const s = setup(LEAKED);
  const generated = await generateText({
    model: s.model,
    tools: s.tools,
    toolChoice: 'none',
    prompt: 'Oslo?',
  });
  expect(generated.text).toBe(LEAKED);
  expect(generated.toolCalls).toEqual([]);
  const parts = await streamParts(s, 'none');
  expect(
    parts
      .filter((p) => p.type === 'text-delta')
      .map((p) => p.text)
      .join(''),
  ).toBe(LEAKED);
  expect(s.ran).toEqual([]);
});

it("toolChoice 'required': a turn with no call is an error, not an answer", async () => {
  const s = setup('Oslo is lovely this time of year.');
  await expect(
    generateText({ model: s.model, tools: s.tools, toolChoice: 'required', prompt: 'Oslo?' }),
  ).rejects.toThrow(NoToolCallError);
  const parts = await streamParts(s, 'required');
  const errors = parts.filter((p) => p.type === 'error');
  expect(errors).toHaveLength(1);
  expect(errors[0]?.type === 'error' ? errors[0].error : null).toBeInstanceOf(NoToolCallError);
});

it("toolChoice 'required': a leaked call satisfies it and runs", async () => {
  const s = setup(LEAKED);
  await generateText({ model: s.model, tools: s.tools, toolChoice: 'required', prompt: 'Oslo?' });
  expect(await streamParts(s, 'required')).not.toContainEqual(expect.objectContaining({ type: 'error' }));
  expect(s.ran).toEqual(['get_weather', 'get_weather']);
});

it('a named tool choice: a call to another tool does not satisfy it', async () => {
  const s = setup(LEAKED);
  const choice = { type: 'tool', toolName: 'get_time' } as const;
  const error = await generateText({
    model: s.model,
    tools: s.tools,
    toolChoice: choice,
    prompt: 'Oslo?',
  }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(NoToolCallError);
  expect((error as NoToolCallError).required).toBe('get_time');
  expect((error as NoToolCallError).text).toBe(LEAKED);
  expect((await streamParts(s, choice)).filter((p) => p.type === 'error')).toHaveLength(1);

  const named = await generateText({
    model: s.model,
    tools: s.tools,
    toolChoice: { type: 'tool', toolName: 'get_weather' },
    prompt: 'Oslo?',
  });
  expect(named.toolCalls.map((c) => c.toolName)).toEqual(['get_weather']);
});

it('without tools the output passes through untouched', async () => {
  const s = setup(LEAKED);
  const generated = await generateText({ model: s.model, prompt: 'Oslo?' });
  expect(generated.text).toBe(LEAKED);
});
