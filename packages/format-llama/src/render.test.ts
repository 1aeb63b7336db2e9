import { describe, expect, it } from 'vitest';
import { createLlamaFormat } from './plugin.js';
import { callsOf, parseWith } from './test-support/harness.js';

const calls = [
  { id: '1', name: 'get_weather', arguments: { location: 'Paris', unit: 'celsius' } },
  { id: '2', name: 'get_weather', arguments: { location: 'London' } },
];

describe('renderers', () => {
  it('write what the templates write', () => {
    expect(createLlamaFormat('llama').formatToolCalls(calls.slice(0, 1))).toBe(
      '{"name": "get_weather", "parameters": {"location": "Paris", "unit": "celsius"}}',
    );
    expect(createLlamaFormat('pythonic').formatToolCalls(calls)).toBe(
      '[get_weather(location="Paris", unit="celsius"), get_weather(location="London")]',
    );
    expect(createLlamaFormat('functionary-v3.1').formatToolCalls(calls)).toBe(
      '<function=get_weather>{"location": "Paris", "unit": "celsius"}</function><function=get_weather>{"location": "London"}</function>',
    );
    expect(createLlamaFormat('functionary').formatToolCalls(calls)).toBe(
      '>>>get_weather\n{"location": "Paris", "unit": "celsius"}>>>get_weather\n{"location": "London"}',
    );
    expect(
      createLlamaFormat('llama').formatToolCalls([
        { id: 'x', name: 'brave_search', arguments: { query: 'gold' } },
      ]),
    ).toBe('<|python_tag|>brave_search.call(query="gold")');
    expect(createLlamaFormat('llama').formatResult({ name: 'f', content: '{"t": 22}' })).toBe(
      '"{\\"t\\": 22}"',
    );
    expect(createLlamaFormat('functionary').formatResult({ name: 'f', content: { t: 22 } })).toBe(
      '{"t": 22}',
    );
  });
  it('round-trip: every variant reads what it writes', () => {
    for (const v of ['llama', 'pythonic', 'llama4', 'functionary', 'functionary-v3.1']) {
      const h = createLlamaFormat(v);
      expect(callsOf(parseWith(h, h.formatToolCalls(calls)))).toEqual(
        calls.map(({ name, arguments: a }) => ({ name, arguments: a })),
      );
    }
  });
  it('prompts teach the format', () => {
    const tools = [{ name: 'get_weather', description: 'Weather', parameters: { type: 'object' } }];
    expect(createLlamaFormat('llama').systemPrompt(tools)).toContain(
      '"parameters": dictionary of argument name',
    );
    expect(createLlamaFormat('pythonic').systemPrompt(tools)).toContain(
      '[func_name1(params_name1=params_value1',
    );
    expect(createLlamaFormat('functionary-v3.1').systemPrompt(tools)).toContain(
      '<function=example_function_name>',
    );
    expect(createLlamaFormat('functionary').systemPrompt(tools)).toContain('type get_weather = ');
  });
  it('sanitize and detect', () => {
    const h = createLlamaFormat('llama');
    expect(h.sanitize('Hi <|python_tag|>brave_search.call(query="x")<|eom_id|>')).toBe('Hi');
    expect(h.detect('<|python_start|>[f()]')).toBeGreaterThan(0.9);
    expect(h.detect('just prose [1]')).toBe(0);
    expect(h.detect('[get_weather(city="x")]')).toBeGreaterThan(0);
  });
});
