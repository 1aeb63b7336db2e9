import { describe, expect, it } from 'vitest';
import { createKimiFormat } from './plugin.js';
import { toolDeclareTurn } from './prompt.js';
import { toKimiId } from './render.js';
import { parseWith } from './test-support/harness.js';
import {
  CALLS_TURN,
  KIMI_WEATHER_CALLS,
  KIMI_WEATHER_RESULTS,
  RESULT_TEXTS,
  THINKING_CALLS_TURN,
  TOOL_DECLARATION,
  TOOL_DECLARATION_0905,
  TOOL_DECLARE_TURN,
  WEATHER_TOOL,
} from './test-support/rendered.js';

const VARIANTS = ['instruct', '0905', 'thinking'];

describe('renderers write what the templates render', () => {
  it.each([
    ['instruct', CALLS_TURN],
    ['0905', CALLS_TURN],
    ['thinking', THINKING_CALLS_TURN],
  ])('%s: the call turn', (variant, turn) => {
    expect(createKimiFormat(variant).formatToolCalls(KIMI_WEATHER_CALLS)).toBe(turn);
  });

  it('results: `## Return of ID` and the content', () => {
    for (const variant of VARIANTS) {
      const handler = createKimiFormat(variant);
      expect(KIMI_WEATHER_RESULTS.map((r) => handler.formatResult(r))).toEqual(RESULT_TEXTS);
    }
  });

  it('writes results that are not text as template JSON', () => {
    const text = createKimiFormat().formatResult({
      id: 'functions.f:0',
      name: 'f',
      content: { t: 1, ok: true },
    });
    expect(text).toBe('## Return of functions.f:0\n{"t": 1, "ok": true}');
  });

  it('writes nothing for no calls', () => {
    for (const variant of VARIANTS) expect(createKimiFormat(variant).formatToolCalls([])).toBe('');
  });
});

describe('round trip: what a variant writes, every variant reads back, ids included', () => {
  it.each(VARIANTS)('%s', (variant) => {
    const text = createKimiFormat(variant).formatToolCalls(KIMI_WEATHER_CALLS);
    for (const reader of VARIANTS) {
      const r = parseWith(createKimiFormat(reader), `${text}<|im_end|>`);
      expect(r.calls).toEqual(KIMI_WEATHER_CALLS);
      expect(r.content).toBeNull();
      expect(r.issues).toEqual([]);
    }
  });

  it('other ids become functions.NAME:N, the same for a call and its result', () => {
    const kimi = createKimiFormat();
    const calls = [
      { id: 'call_8f3a2b1c', name: 'get_weather', arguments: { location: 'Paris' } },
      { id: 'a1b2c3d4e', name: 'search', arguments: { q: 'x' } },
    ];
    const r = parseWith(kimi, kimi.formatToolCalls(calls));
    expect(r.calls.map((c) => c.name)).toEqual(['get_weather', 'search']);
    expect(r.calls.map((c) => c.arguments)).toEqual([{ location: 'Paris' }, { q: 'x' }]);
    const ids = r.calls.map((c) => c.id);
    expect(ids[0]).toMatch(/^functions\.get_weather:\d{1,5}$/);
    expect(ids[0]).toBe(toKimiId('call_8f3a2b1c', 'get_weather'));
    expect(kimi.formatResult({ id: 'call_8f3a2b1c', name: 'get_weather', content: 'sunny' })).toBe(
      `## Return of ${ids[0]}\nsunny`,
    );
  });

  it('a result without an id names its tool', () => {
    expect(createKimiFormat().formatResult({ name: 'f', content: 'ok' })).toBe(
      '## Return of functions.f\nok',
    );
  });
});

describe('prompt and stops', () => {
  it('lists the tools as the templates write the tool_declare turn', () => {
    const kimi = createKimiFormat();
    expect(kimi.systemPrompt([WEATHER_TOOL])).toBe(TOOL_DECLARATION);
    expect(kimi.systemPrompt([WEATHER_TOOL.function])).toBe(TOOL_DECLARATION);
    expect(createKimiFormat('thinking').systemPrompt([WEATHER_TOOL])).toBe(TOOL_DECLARATION);
    expect(toolDeclareTurn([WEATHER_TOOL])).toBe(TOOL_DECLARE_TURN);
  });

  it('K2-0905 heads the list with # Tools (the template indentation left out)', () => {
    const unindented = TOOL_DECLARATION_0905.split('\n')
      .map((line) => line.trim())
      .join('\n')
      .trim();
    expect(createKimiFormat('0905').systemPrompt([WEATHER_TOOL])).toBe(unindented);
  });

  it('puts the caller preamble first; no tools, no list', () => {
    const kimi = createKimiFormat();
    expect(kimi.systemPrompt([WEATHER_TOOL], { preamble: 'You are Kimi.' })).toBe(
      `You are Kimi.\n\n${TOOL_DECLARATION}`,
    );
    expect(kimi.systemPrompt([], { preamble: ' You are Kimi. ' })).toBe('You are Kimi.');
    expect(kimi.systemPrompt([])).toBe('');
    expect(toolDeclareTurn([])).toBe('');
  });

  it('stops at the end of the turn', () => {
    for (const variant of VARIANTS) expect(createKimiFormat(variant).stopSequences()).toEqual(['<|im_end|>']);
  });
});
