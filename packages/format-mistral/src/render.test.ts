import { describe, expect, it } from 'vitest';
import { createMistralFormat } from './plugin.js';
import { isMistralId, toMistralId } from './render.js';
import { parseWith } from './test-support/harness.js';
import {
  AVAILABLE_TOOLS,
  V3_CALLS,
  V3_RESULTS,
  V11_CALLS,
  V11_RESULTS,
  V13_CALLS,
  V13_RESULTS,
  WEATHER_CALLS,
  WEATHER_RESULTS,
  WEATHER_TOOL,
} from './test-support/rendered.js';

describe('renderers write what the templates render', () => {
  it.each([
    ['v3', V3_CALLS, V3_RESULTS],
    ['v11', V11_CALLS, V11_RESULTS],
    ['v13', V13_CALLS, V13_RESULTS],
  ])('%s', (variant, calls, results) => {
    const handler = createMistralFormat(variant);
    expect(handler.formatToolCalls(WEATHER_CALLS)).toBe(calls);
    expect(WEATHER_RESULTS.map((r) => handler.formatResult(r)).join('')).toBe(results);
  });

  it('round-trips: what a variant writes, every variant reads back, ids included', () => {
    for (const variant of ['v3', 'v11', 'v13']) {
      const text = createMistralFormat(variant).formatToolCalls(WEATHER_CALLS);
      const r = parseWith(createMistralFormat(), text);
      expect(r.calls.map(({ name, arguments: a }) => ({ name, arguments: a }))).toEqual(
        WEATHER_CALLS.map(({ name, arguments: a }) => ({ name, arguments: a })),
      );
      if (variant !== 'v13') expect(r.calls.map((c) => c.id)).toEqual(['a1b2c3d4e', 'f5g6h7i8j']);
    }
  });

  it('writes nothing for no calls', () => {
    for (const v of ['v3', 'v11', 'v13']) expect(createMistralFormat(v).formatToolCalls([])).toBe('');
  });

  it('v3 quotes plain-text results, keeps JSON text and writes values as JSON', () => {
    const v3 = createMistralFormat('v3');
    expect(v3.formatResult({ id: 'abcdefghi', name: 'f', content: 'sunny' })).toBe(
      '[TOOL_RESULTS]{"content": "sunny", "call_id": "abcdefghi"}[/TOOL_RESULTS]',
    );
    expect(v3.formatResult({ name: 'f', content: { t: 1 } })).toBe(
      '[TOOL_RESULTS]{"content": {"t": 1}}[/TOOL_RESULTS]',
    );
  });

  it('v11 without an id falls back to the v13 form', () => {
    expect(createMistralFormat('v11').formatResult({ name: 'f', content: 'ok' })).toBe(
      '[TOOL_RESULTS]ok[/TOOL_RESULTS]',
    );
  });
});

describe('call ids', () => {
  it('keeps 9 alphanumeric characters, maps anything else stably to 9', () => {
    expect(toMistralId('a1b2c3d4e')).toBe('a1b2c3d4e');
    const mapped = toMistralId('call_8f3a2b1c-0000-4000-8000-000000000000');
    expect(isMistralId(mapped)).toBe(true);
    expect(toMistralId('call_8f3a2b1c-0000-4000-8000-000000000000')).toBe(mapped);
    expect(toMistralId('call_1')).not.toBe(toMistralId('call_2'));
  });

  it('a call and its result get the same mapped id', () => {
    const v11 = createMistralFormat('v11');
    const calls = v11.formatToolCalls([{ id: 'call_1', name: 'f', arguments: {} }]);
    const result = v11.formatResult({ id: 'call_1', name: 'f', content: 'ok' });
    const id = toMistralId('call_1');
    expect(calls).toBe(`[TOOL_CALLS]f[CALL_ID]${id}[ARGS]{}`);
    expect(result).toBe(`[TOOL_RESULTS]${id}[TOOL_CONTENT]ok[/TOOL_RESULTS]`);
  });
});

describe('prompt and stops', () => {
  it('lists the tools as the templates do', () => {
    const handler = createMistralFormat();
    expect(handler.systemPrompt([WEATHER_TOOL])).toBe(AVAILABLE_TOOLS);
    expect(handler.systemPrompt([WEATHER_TOOL.function])).toBe(AVAILABLE_TOOLS);
    expect(handler.systemPrompt([WEATHER_TOOL], { preamble: 'You are a helpful assistant.' })).toBe(
      `You are a helpful assistant.\n\n${AVAILABLE_TOOLS}`,
    );
    expect(handler.systemPrompt([])).toBe('');
  });

  it('stops at the end-of-sequence token', () => {
    for (const v of ['v3', 'v11', 'v13']) expect(createMistralFormat(v).stopSequences()).toEqual(['</s>']);
  });
});
