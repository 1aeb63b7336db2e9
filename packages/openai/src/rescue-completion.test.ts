import { sequentialIds } from '@toolformat/core';
import { recordings, testRouter, weatherTools } from '@toolformat/test-upstream';
import type { ChatCompletion } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import { rescueCompletion } from './rescue-completion.js';

const router = testRouter();

function completion(model: string, ...contents: string[]): ChatCompletion {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1,
    model,
    choices: contents.map((content, index) => ({
      index,
      message: { role: 'assistant' as const, content, refusal: null },
      finish_reason: 'stop' as const,
      logprobs: null,
    })),
  };
}

describe('rescueCompletion', () => {
  it('turns leaked calls into tool_calls, cleans the content and sets finish_reason', () => {
    const r = recordings.hermes;
    const out = rescueCompletion(completion(r.model, r.content), {
      router,
      tools: weatherTools,
      generateId: sequentialIds(),
    });
    expect(out.choices[0]?.finish_reason).toBe('tool_calls');
    expect(out.choices[0]?.message).toEqual({
      role: 'assistant',
      content: 'Let me check the weather for you.',
      refusal: null,
      tool_calls: [
        {
          id: 'call_1',
          type: 'function',
          function: { name: 'get_weather', arguments: '{"city":"Paris","unit":"celsius"}' },
        },
      ],
    });
  });

  it('routes by the completion’s model when none is given, and puts reasoning in reasoning_content', () => {
    const r = recordings.harmony;
    const message = rescueCompletion(completion(r.model, r.content), { router, tools: weatherTools })
      .choices[0]?.message;
    expect(message?.content).toBeNull();
    expect((message as { reasoning_content?: string }).reasoning_content).toContain('call get_weather');
    expect(message?.tool_calls?.[0]?.type).toBe('function');
  });

  it('returns an ordinary answer and a native call as the same object', () => {
    const plain = completion('qwen2.5-7b-instruct', 'It is sunny in Paris.');
    expect(rescueCompletion(plain, { router, tools: weatherTools })).toBe(plain);
    const native = completion('qwen2.5-7b-instruct', recordings.hermes.content);
    const message = native.choices[0]!.message;
    message.tool_calls = [{ id: 'x', type: 'function', function: { name: 'get_time', arguments: '{}' } }];
    expect(rescueCompletion(native, { router, tools: weatherTools })).toBe(native);
  });

  it('rescues each of several choices', () => {
    const r = recordings.pythonic;
    const out = rescueCompletion(completion(r.model, r.content, 'No call here.'), {
      router,
      tools: weatherTools,
    });
    expect(out.choices[0]?.message.tool_calls).toHaveLength(2);
    expect(out.choices[1]?.message.content).toBe('No call here.');
    expect(out.choices[1]?.finish_reason).toBe('stop');
  });

  it('does not execute a mention: a tutorial sentence stays text', () => {
    const text =
      'In Hermes models a call is written as <tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call> and the server parses it.';
    const plain = completion('qwen2.5-7b-instruct', text);
    expect(rescueCompletion(plain, { router, tools: weatherTools, strict: true })).toBe(plain);
  });

  it('keeps calls to undeclared tools out when tools are declared', () => {
    const leaked = '<tool_call>\n{"name": "delete_user", "arguments": {"id": 7}}\n</tool_call>';
    const out = rescueCompletion(completion('qwen2.5-7b-instruct', leaked), {
      router,
      tools: weatherTools,
      strict: true,
    });
    expect(out.choices[0]?.message.tool_calls ?? []).toEqual([]);
  });
});
