import { describe, expect, it } from 'vitest';
import { createHarmonyFormat } from './plugin.js';
import { callsOf, parseWith } from './test-support/harness.js';
import { FIRST_CALL, RESULTS, WEATHER_CALLS, WEATHER_RESULTS } from './test-support/rendered.js';

const harmony = createHarmonyFormat();

describe('calls and results in history, as the template writes them', () => {
  it("a call is the template's assistant message", () => {
    expect(harmony.formatToolCalls([WEATHER_CALLS[0]!])).toBe(FIRST_CALL);
  });

  it('parallel calls are one message each', () => {
    const text = harmony.formatToolCalls(WEATHER_CALLS);
    expect(text).toBe(
      `${FIRST_CALL}<|start|>assistant to=functions.get_weather<|channel|>commentary json<|message|>{"location": "London"}<|call|>`,
    );
  });

  it('results are JSON strings from the tool to the assistant', () => {
    expect(WEATHER_RESULTS.map((r) => harmony.formatResult(r)).join('')).toBe(RESULTS);
  });

  it('a result that is not a string is written as JSON', () => {
    expect(harmony.formatResult({ name: 'count', content: { n: 2 } })).toBe(
      '<|start|>functions.count to=assistant<|channel|>commentary<|message|>{"n": 2}<|end|>',
    );
  });

  it('no calls, no text', () => {
    expect(harmony.formatToolCalls([])).toBe('');
  });
});

describe('round trip: formatToolCalls, then parse', () => {
  it('gives the calls back', () => {
    const r = parseWith(harmony, harmony.formatToolCalls(WEATHER_CALLS));
    expect(callsOf(r)).toEqual(WEATHER_CALLS.map(({ name, arguments: args }) => ({ name, arguments: args })));
    expect(r.content).toBeNull();
    expect(r.issues).toEqual([]);
  });

  it('with awkward arguments: markup, quotes, unicode, nesting', () => {
    const calls = [
      {
        id: 'x',
        name: 'write_file',
        arguments: {
          path: 'a "b".txt',
          text: 'uses <|end|>-free text, é, 中文, \\ and \n newlines',
          meta: { list: [1, 2.5, null, true], empty: {} },
        },
      },
      { id: 'y', name: 'browser.search', arguments: { query: 'q' } },
    ];
    const r = parseWith(harmony, harmony.formatToolCalls(calls));
    expect(callsOf(r)).toEqual(calls.map(({ name, arguments: args }) => ({ name, arguments: args })));
  });

  it('a result in a transcript reads as text, its markup cut out', () => {
    const r = parseWith(harmony, harmony.formatResult(WEATHER_RESULTS[0]!));
    expect(r.calls).toEqual([]);
    expect(r.content).toBe('"{\\"temperature\\": 22, \\"condition\\": \\"sunny\\"}"');
  });
});
