import { describe, expect, it } from 'vitest';
import { createSolarFormat } from './plugin.js';
import { toSolarId } from './render.js';
import { parseWith, WEATHER_TOOL } from './test-support/harness.js';

const solar = createSolarFormat();

const CALLS = [
  { id: '0', name: 'get_weather', arguments: { location: 'Seoul', unit: 'celsius' } },
  { id: '1', name: 'get_weather', arguments: { location: 'Jeju' } },
];

describe('formatToolCalls writes the markup the model writes', () => {
  it('the calls token, a block per call with its id, the end of generation', () => {
    expect(solar.formatToolCalls(CALLS)).toBe(
      '<|tool_calls|>' +
        '<|tool_call:begin|>0<|tool_call:name|>get_weather<|tool_call:args|>{"location": "Seoul", "unit": "celsius"}<|tool_call:end|>' +
        '<|tool_call:begin|>1<|tool_call:name|>get_weather<|tool_call:args|>{"location": "Jeju"}<|tool_call:end|>' +
        '<|calls|>',
    );
  });

  it('writes nothing for no calls', () => {
    expect(solar.formatToolCalls([])).toBe('');
  });
});

describe('formatResult', () => {
  it('the response tokens around id, name and content', () => {
    expect(solar.formatResult({ id: '0', name: 'get_weather', content: '{"temp": 21}' })).toBe(
      '<|tool_response:begin|>0<|tool_response:name|>get_weather<|tool_response:result|>{"temp": 21}<|tool_response:end|>',
    );
  });

  it('content that is not text is written as template JSON', () => {
    expect(solar.formatResult({ id: 'call_1', name: 'f', content: { ok: true, n: 2 } })).toBe(
      '<|tool_response:begin|>call_1<|tool_response:name|>f<|tool_response:result|>{"ok": true, "n": 2}<|tool_response:end|>',
    );
  });

  it('without an id the result names its tool only', () => {
    expect(solar.formatResult({ name: 'f', content: 'ok' })).toBe(
      '<|tool_response:begin|><|tool_response:name|>f<|tool_response:result|>ok<|tool_response:end|>',
    );
  });
});

describe('round trip: formatToolCalls → parse', () => {
  it('gives the calls back, ids included, with nothing left over', () => {
    const r = parseWith(solar, solar.formatToolCalls(CALLS));
    expect(r.calls).toEqual(CALLS);
    expect(r).toMatchObject({ content: null, reasoning: null, issues: [] });
  });

  it('OpenAI-style ids are kept; ids the model could not write map to a stable number', () => {
    const calls = [
      { id: 'call_8f3a2b1c', name: 'search', arguments: { q: 'x' } },
      { id: 'functions.search:0', name: 'search', arguments: {} },
    ];
    const r = parseWith(solar, solar.formatToolCalls(calls));
    expect(r.calls.map((c) => c.id)).toEqual(['call_8f3a2b1c', toSolarId('functions.search:0')]);
    expect(toSolarId('functions.search:0')).toMatch(/^\d{9}$/);
    // The call and its result carry the same id.
    expect(solar.formatResult({ id: 'functions.search:0', name: 'search', content: 'r' })).toContain(
      `<|tool_response:begin|>${toSolarId('functions.search:0')}<|tool_response:name|>`,
    );
  });
});

describe('prompt and stops', () => {
  it('lists the tools and teaches the call markup with the real tokens', () => {
    const prompt = solar.systemPrompt([WEATHER_TOOL]);
    expect(prompt).toContain(
      '{"type": "function", "function": {"name": "get_weather", "description": "Get the current weather for a city."',
    );
    expect(prompt).toContain(
      '<|tool_calls|> and then, for each call:\n<|tool_call:begin|>CALL_ID<|tool_call:name|>FUNCTION_NAME<|tool_call:args|>ARGUMENTS<|tool_call:end|>',
    );
    // The flat tool shape lists the same.
    expect(solar.systemPrompt([WEATHER_TOOL.function])).toBe(prompt);
  });

  it('puts the caller preamble first; no tools, no tool section', () => {
    expect(solar.systemPrompt([WEATHER_TOOL], { preamble: 'You are helpful.' })).toMatch(
      /^You are helpful\.\n\n# Tools\n/,
    );
    expect(solar.systemPrompt([], { preamble: 'You are helpful.' })).toBe('You are helpful.');
    expect(solar.systemPrompt([])).toBe('');
  });

  it('stops at the end-of-generation tokens, not at <|end|>', () => {
    expect(solar.stopSequences()).toEqual(['<|calls|>', '<|flush|>', '<|endoftext|>']);
  });
});
