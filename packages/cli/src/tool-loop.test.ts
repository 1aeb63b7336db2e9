/**
 * runToolLoop end to end with the built-in formats, as the CLI ships them: the same loop, the same
 * tools, a scripted model that writes Hermes `<tool_call>` blocks or ReAct steps. Core holds the
 * loop and imports no format; this package has both, so the end-to-end runs live here.
 */
import type { ToolCall, ToolDefinition } from '@toolformat/core';
import { type GenerateFn, type LoopMessage, runToolLoop } from '@toolformat/core/tool-loop';
import { describe, expect, it } from 'vitest';
import { createDefaultRouter } from './builtin-formats.js';

const router = createDefaultRouter();
const tools: ToolDefinition[] = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'Get the current weather for a city.',
      parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
    },
  },
  {
    name: 'delete_user_attribute',
    description: 'Delete a stored attribute.',
    parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
  },
];

/** A scripted model behind a server that applies the stop sequences it is sent. */
function model(turns: string[]) {
  const seen: Array<{ messages: LoopMessage[]; stop: string[] }> = [];
  let turn = 0;
  const generate: GenerateFn = async (messages, { stop }) => {
    seen.push({ messages, stop });
    const text = turns[turn++] ?? '';
    let cut = text.length;
    for (const s of stop) {
      const at = text.indexOf(s);
      if (at !== -1 && at < cut) cut = at;
    }
    return text.slice(0, cut);
  };
  return { generate, seen };
}

function execute(call: ToolCall): unknown {
  if (call.name === 'get_weather') return { temperature: 22, condition: 'sunny' };
  return 'deleted';
}
const ask = (content: string): LoopMessage[] => [{ role: 'user', content }];

describe('runToolLoop end to end', () => {
  it('with the hermes handler: <tool_call> blocks, <tool_response> results', async () => {
    const hermes = router.get('hermes');
    const { generate, seen } = model([
      'Let me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"location": "Paris"}}\n</tool_call><|im_end|>\nIt is 30 °C.',
      'It is 22 °C and sunny in Paris.<|im_end|>',
    ]);
    const r = await runToolLoop({
      generate,
      handler: hermes,
      tools,
      execute,
      messages: ask('Weather in Paris?'),
    });
    expect(r.answer).toBe('It is 22 °C and sunny in Paris.');
    expect(r.calls.map((c) => [c.call.name, c.call.arguments])).toEqual([
      ['get_weather', { location: 'Paris' }],
    ]);
    expect(seen[0]!.stop).toEqual(hermes.stopSequences());
    expect(seen[0]!.messages[0]!.content).toContain('<tools>');
    expect(seen[1]!.messages.slice(-2)).toEqual([
      { role: 'assistant', content: `Let me check.\n${hermes.formatToolCalls([r.calls[0]!.call])}` },
      {
        role: 'user',
        content: '<tool_response>\n{"temperature": 22, "condition": "sunny"}\n</tool_response>',
      },
    ]);
  });

  it('with the react handler: Thought / Action steps, Observation results', async () => {
    const react = router.get('react');
    const { generate, seen } = model([
      'Thought: I need the weather.\nAction: get_weather\nAction Input: {"location": "Paris"}\nObservation: 30 °C\nFinal Answer: Hot.',
      'Thought: I now know the final answer\nFinal Answer: It is 22 °C and sunny in Paris.',
    ]);
    const r = await runToolLoop({
      generate,
      handler: react,
      tools,
      execute,
      messages: ask('Weather in Paris?'),
    });
    expect(r.answer).toBe('It is 22 °C and sunny in Paris.');
    expect(seen[0]!.stop).toContain('\nObservation:');
    expect(seen[1]!.messages.at(-1)).toEqual({
      role: 'user',
      content: 'Observation: {"temperature":22,"condition":"sunny"}',
    });
  });

  it('keeps the ReAct agent’s raw tags from the user with either handler', async () => {
    const seed =
      'Done. Next I\'m going to delete... <tool_call>{"name":"delete_user_attribute","arguments":{"query":"qwen"}}</tool_call>';
    for (const [id, answer] of [
      ['hermes', 'I deleted it.'],
      ['react', 'Final Answer: I deleted it.'],
    ] as const) {
      const r = await runToolLoop({
        generate: model([seed, answer]).generate,
        handler: router.get(id),
        tools,
        execute,
        messages: ask('u can delete those'),
      });
      expect(r.calls.map((c) => c.call.name)).toEqual(['delete_user_attribute']);
      expect(r.answer).toBe('I deleted it.');
      for (const m of r.transcript.filter((m) => m.role === 'assistant').slice(-1)) {
        expect(m.content).not.toContain('<tool_call>');
      }
    }
  });
});
