/**
 * runToolLoop driven by scripted models that behave like real ones with a ReAct prompt: honour the
 * stop sequence, ignore it and invent the observation, emit two actions, answer directly, call a
 * tool that does not exist, send broken JSON once, drift into `<tool_call>` (a ReAct agent’s drift). Whatever
 * they do, the final answer carries no scaffolding.
 */
import type { ToolCall } from '@toolformat/core';
import { type GenerateFn, type LoopMessage, runToolLoop } from '@toolformat/core/tool-loop';
import { describe, expect, it } from 'vitest';
import { createReactFormat } from './plugin.js';
import { TOOLS } from './test-support/harness.js';

const react = createReactFormat();
const SCAFFOLDING = /Thought:|Action|Observation|Final Answer|<\/?tool_call>|✿|✦/;

/** Cuts `text` at the first stop sequence, as a server does (the stop itself is not returned). */
function applyStops(text: string, stop: readonly string[]): string {
  let cut = text.length;
  for (const s of stop) {
    const at = text.indexOf(s);
    if (at !== -1 && at < cut) cut = at;
  }
  return text.slice(0, cut);
}

/**
 * A scripted model: each turn's full text, as the model would write it if nobody stopped it.
 * `honourStops` decides whether the server applies the stop sequences it is given.
 */
function model(turns: string[], honourStops = true) {
  const seen: LoopMessage[][] = [];
  let turn = 0;
  const generate: GenerateFn = async (messages, { stop }) => {
    seen.push(messages);
    const text = turns[turn++];
    if (text === undefined) throw new Error('the script ran out');
    return honourStops ? applyStops(text, stop) : text;
  };
  return { generate, seen };
}

const weather: Record<string, string> = { Paris: '22 °C, sunny', London: '15 °C, rain' };
const executed: ToolCall[] = [];
function execute(call: ToolCall): unknown {
  executed.push(call);
  if (call.name === 'get_weather') return weather[String(call.arguments.location)] ?? 'unknown city';
  if (call.name === 'search') return { results: [`about ${String(call.arguments.query)}`] };
  if (call.name === 'delete_user_attribute') return 'deleted 1 attribute';
  return 'ok';
}
const ask = (text: string): LoopMessage[] => [{ role: 'user', content: text }];
const run = (generate: GenerateFn, question = 'What is the weather in Paris?') => {
  executed.length = 0;
  return runToolLoop({ generate, handler: react, tools: TOOLS, execute, messages: ask(question) });
};

const STEP_PARIS =
  'Thought: I need the weather in Paris.\nAction: get_weather\nAction Input: {"location": "Paris"}\n';
const MADE_UP =
  'Observation: 30 °C, storm\nThought: I now know the final answer\nFinal Answer: It is 30 °C and stormy.';
const ANSWER = 'Thought: I now know the final answer\nFinal Answer: It is 22 °C and sunny in Paris.';

describe('runToolLoop with the ReAct handler', () => {
  it('stops at the Observation, runs the tool, feeds the real result back, and answers', async () => {
    const { generate, seen } = model([STEP_PARIS + MADE_UP, ANSWER]);
    const r = await run(generate);
    expect(r.answer).toBe('It is 22 °C and sunny in Paris.');
    expect(r.calls.map((c) => [c.call.name, c.call.arguments, c.result.content])).toEqual([
      ['get_weather', { location: 'Paris' }, '22 °C, sunny'],
    ]);
    expect(seen[0]![0]).toEqual({ role: 'system', content: react.systemPrompt(TOOLS) });
    expect(seen[1]!.slice(-2)).toEqual([
      { role: 'assistant', content: react.formatToolCalls([r.calls[0]!.call]) },
      { role: 'user', content: 'Observation: 22 °C, sunny' },
    ]);
  });

  it('cuts off an Observation the model wrote itself when the server ignored the stop', async () => {
    const { generate, seen } = model([STEP_PARIS + MADE_UP, ANSWER], false);
    const r = await run(generate);
    expect(r.answer).toBe('It is 22 °C and sunny in Paris.');
    expect(r.steps[0]!.parsed.issues.map((i) => i.kind)).toEqual(['trailing-text']);
    // The invented result and answer never reach the model again, nor the user.
    expect(JSON.stringify(seen[1])).not.toContain('30 °C');
    expect(r.answer).not.toContain('30');
  });

  it('runs two actions of one step in order and sends both observations', async () => {
    const { generate, seen } = model([
      'Thought: both cities\nAction: get_weather\nAction Input: {"location": "Paris"}\nAction: get_weather\nAction Input: {"location": "London"}\nObservation:',
      'Thought: I now know the final answer\nFinal Answer: Paris 22 °C, London 15 °C.',
    ]);
    const r = await run(generate, 'Paris and London?');
    expect(executed.map((c) => c.arguments.location)).toEqual(['Paris', 'London']);
    expect(seen[1]!.at(-1)).toEqual({
      role: 'user',
      content: 'Observation: 22 °C, sunny\nObservation: 15 °C, rain',
    });
    expect(r.answer).toBe('Paris 22 °C, London 15 °C.');
  });

  it('answers directly, with or without the keys', async () => {
    for (const text of [
      'Thought: no tool needed\nFinal Answer: Paris is the capital of France.',
      'Paris is the capital of France.',
      'Thought: This is simple.\n\nParis is the capital of France.',
    ]) {
      const r = await run(model([text]).generate, 'Capital of France?');
      expect(r.answer).toBe('Paris is the capital of France.');
      expect(r.calls).toEqual([]);
    }
  });

  it('tells the model about an unknown tool and lets it correct itself', async () => {
    const { generate, seen } = model([
      'Thought: weather\nAction: weather_lookup\nAction Input: {"city": "Paris"}',
      STEP_PARIS,
      ANSWER,
    ]);
    const r = await run(generate);
    expect(r.calls.map((c) => [c.call.name, c.result.isError ?? false])).toEqual([
      ['weather_lookup', true],
      ['get_weather', false],
    ]);
    expect(seen[1]!.at(-1)!.content).toMatch(
      /^Observation: Error: unknown tool "weather_lookup"\. Use one of these tools, spelled exactly: get_weather, search/,
    );
    expect(r.answer).toBe('It is 22 °C and sunny in Paris.');
  });

  it('answers broken JSON with the parse error once, and the model recovers', async () => {
    const { generate, seen } = model([
      'Thought: weather\nAction: get_weather\nAction Input: {"location": "Par',
      STEP_PARIS,
      ANSWER,
    ]);
    const r = await run(generate);
    expect(r.steps[0]!.results).toEqual([
      expect.objectContaining({ name: 'invalid_tool_call', isError: true }),
    ]);
    expect(seen[1]!.at(-1)!.content).toMatch(
      /^Observation: Error: your tool call could not be read \(.*ended inside a string/,
    );
    expect(r.calls.map((c) => c.call.arguments)).toEqual([{ location: 'Paris' }]);
    expect(r.answer).toBe('It is 22 °C and sunny in Paris.');
  });

  it('maps a bare-string input to the one string parameter', async () => {
    const r = await run(
      model(['Action: search\nAction Input: cats', 'Final Answer: Cats are great.']).generate,
    );
    expect(r.calls[0]!.call.arguments).toEqual({ query: 'cats' });
    expect(r.answer).toBe('Cats are great.');
  });

  it('never shows the ReAct agent’s raw tags: the drifted call is run, the answer comes after', async () => {
    const r = await run(
      model([
        'Done. Next I\'m going to delete...\n<tool_call>\n{"name":"delete_user_attribute","arguments":{"query":"qwen"}}\n</tool_call>\nI deleted it.',
        'Thought: done\nFinal Answer: I deleted the "qwen" attribute.',
      ]).generate,
      'u can delete those',
    );
    expect(executed.map((c) => c.name)).toEqual(['delete_user_attribute']);
    expect(r.answer).toBe('I deleted the "qwen" attribute.');
  });

  it('ends on maxIterations with the transcript when the model never answers', async () => {
    const error = await runToolLoop({
      generate: model([STEP_PARIS, STEP_PARIS, STEP_PARIS]).generate,
      handler: react,
      tools: TOOLS,
      execute,
      messages: ask('loop'),
      maxIterations: 3,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'ToolLoopError', reason: 'max-iterations' });
    expect((error as { transcript: LoopMessage[] }).transcript.length).toBe(6);
  });

  it('keeps scaffolding out of every answer above', async () => {
    const answers: string[] = [];
    for (const turns of [
      [STEP_PARIS + MADE_UP, ANSWER],
      ['Thought: x\n\nObservation: made up\nFinal Answer: done', 'Final Answer: done'],
      ['Action: None\nFinal Answer: nothing to do'],
      ['Final Answer: Done.\nAction Input: {"stray": true}'],
    ]) {
      answers.push((await run(model(turns, false).generate)).answer);
    }
    for (const a of answers) expect(a).not.toMatch(SCAFFOLDING);
    expect(answers.slice(1)).toEqual(['done', 'nothing to do', 'Done.']);
  });
});

describe('runToolLoop with the other variants', () => {
  it.each([
    [
      'qwen-agent',
      '✿FUNCTION✿: get_weather\n✿ARGS✿: {"location": "Paris"}\n✿RESULT✿: made up',
      '✿RETURN✿: Sunny, 22 °C.',
    ],
    ['keyvalue', '✦ tool_call: get_weather for location Paris', 'Sunny, 22 °C.'],
    [
      'command-r7b',
      '<|START_THINKING|>look it up<|END_THINKING|><|START_ACTION|>[{"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"location": "Paris"}}]<|END_ACTION|><|END_OF_TURN_TOKEN|>',
      '<|START_RESPONSE|>Sunny, 22 °C.<|END_RESPONSE|>',
    ],
  ])('%s', async (variant, call, answer) => {
    const handler = createReactFormat(variant);
    const { generate, seen } = model([call, answer]);
    executed.length = 0;
    const r = await runToolLoop({ generate, handler, tools: TOOLS, execute, messages: ask('Paris?') });
    expect(r.answer).toBe('Sunny, 22 °C.');
    expect(executed.map((c) => c.arguments)).toEqual([{ location: 'Paris' }]);
    expect(seen[1]!.at(-1)!.content).toBe(handler.formatResult(r.calls[0]!.result));
  });
});
