/**
 * Kimi K3 (`kimi:k3`, vLLM's `kimi_k3`): XTML channels — calls in the tools channel, the reply in
 * the response channel, the turn closed by `<|close|>message<|sep|>`.
 */
import { createRouter } from '@toolformat/core';
import { findStreamingMismatch, WEATHER_CALLS, WEATHER_TOOL } from '@toolformat/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createKimiFormat, kimiPlugin } from './plugin.js';

const k3 = createKimiFormat('k3');
const router = createRouter({ plugins: [kimiPlugin] });
const CALLS =
  '<|open|>tools<|sep|><|open|>call tool="python" index="1"<|sep|>' +
  '<|open|>argument key="code" type="string"<|sep|>print(1)<|close|>argument<|sep|>' +
  '<|open|>argument key="opts" type="object"<|sep|>{"a":1}<|close|>argument<|sep|>' +
  '<|close|>call<|sep|><|open|>call tool="a&amp;&quot;b" index="2"<|sep|><|close|>call<|sep|><|close|>tools<|sep|>';

describe('Kimi K3', () => {
  it('routes K3 model names and the vLLM parser name', () => {
    expect(router.forModel('moonshotai/Kimi-K3').id).toBe('kimi:k3');
    expect(router.get('kimi_k3').id).toBe('kimi:k3');
  });

  it('reads each call: strings raw, other types as JSON, attributes unescaped', () => {
    const r = k3.parse(`Hi there<|close|>response<|sep|>${CALLS}<|close|>message<|sep|>`);
    expect(r.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['python', { code: 'print(1)', opts: { a: 1 } }],
      ['a&"b', {}],
    ]);
    expect(r.content).toBe('Hi there');
    expect(r.format).toBe('kimi:k3');
  });

  it('unwraps the response channel, and auto mode reads K3 too', () => {
    expect(
      k3.parse('<|open|>response<|sep|>Hello<|close|>response<|sep|><|close|>message<|sep|>').content,
    ).toBe('Hello');
    expect(router.get('auto').parse(CALLS).calls).toHaveLength(2);
  });

  it('reads the think channel as reasoning, and arguments written as one JSON element', () => {
    const r = k3.parse(
      '<|open|>think<|sep|>reason<|close|>think<|sep|><|open|>response<|sep|>answer<|close|>response<|sep|>' +
        '<|open|>tools<|sep|><|open|>call tool="get_weather" index="1"<|sep|><|open|>json type="object"<|sep|>{"city":"杭州"}' +
        '<|close|>json<|sep|><|close|>call<|sep|><|close|>tools<|sep|>',
    );
    expect(r.reasoning).toBe('reason');
    expect(r.content).toBe('answer');
    expect(r.calls.map((c) => [c.name, c.arguments])).toEqual([['get_weather', { city: '杭州' }]]);
  });

  it('flags a call the output ended inside instead of reading half of it', () => {
    const r = k3.parse(CALLS.slice(0, CALLS.indexOf('<|close|>argument')));
    expect(r.calls).toEqual([]);
    expect(r.issues.map((i) => i.kind)).toContain('partial-call');
  });

  it('renders calls that read back to themselves, and prompts with the markup', () => {
    const calls = [
      { id: 'x', name: 'f', arguments: { s: 'a "q" <b>', n: 2, l: [1], z: null, o: { k: true } } },
    ];
    const text = k3.formatToolCalls(calls);
    expect(text.startsWith('<|open|>tools<|sep|><|open|>call tool="f" index="1"<|sep|>')).toBe(true);
    expect(k3.parse(text).calls[0]?.arguments).toEqual(calls[0]?.arguments);
    expect(k3.systemPrompt([{ name: 'f' }])).toContain('<|open|>call tool="NAME"');
    expect(k3.stopSequences()).toEqual(['<|close|>message<|sep|>']);
  });

  it('streams exactly as it parses, however the text is cut', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (before, value) => {
        const text = `${before}${CALLS.replace('print(1)', value)}<|close|>message<|sep|>`;
        expect(findStreamingMismatch(k3, text, {})).toBeNull();
      }),
      { numRuns: 100 },
    );
  });
});

/**
 * The weather conversation rendered with K3's chat template (llama.cpp's
 * `models/templates/Kimi-K3.jinja`): the tool-declare message's body, the assistant's tools
 * channel, and a tool message's content.
 */
const K3_TOOL_DECLARE =
  '# Tools\nHere are the available tools, described in JSONSchema.\n\n```json\n' +
  '[{"function":{"description":"Get the current weather for a city.","name":"get_weather","parameters":{"properties":{"location":{"description":"City name","type":"string"},"unit":{"description":"Temperature unit","enum":["celsius","fahrenheit"],"type":"string"}},"required":["location"],"type":"object"}},"type":"function"}]' +
  '\n```';
const K3_CALLS =
  '<|open|>tools<|sep|><|open|>call tool="get_weather" index="1"<|sep|>' +
  '<|open|>argument key="location" type="string"<|sep|>Paris<|close|>argument<|sep|>' +
  '<|open|>argument key="unit" type="string"<|sep|>celsius<|close|>argument<|sep|><|close|>call<|sep|>' +
  '<|open|>call tool="get_weather" index="2"<|sep|>' +
  '<|open|>argument key="location" type="string"<|sep|>London<|close|>argument<|sep|><|close|>call<|sep|>' +
  '<|close|>tools<|sep|>';

describe("Kimi K3's renderers, as its chat template writes the conversation", () => {
  it('the tool declaration, the calls and a result', () => {
    expect(k3.systemPrompt([WEATHER_TOOL]).startsWith(K3_TOOL_DECLARE)).toBe(true);
    expect(k3.formatToolCalls(WEATHER_CALLS)).toBe(K3_CALLS);
    expect(k3.formatResult({ id: 'c0', name: 'get_weather', content: '{"temperature": 22}' })).toBe(
      '{"temperature": 22}',
    );
  });
});
