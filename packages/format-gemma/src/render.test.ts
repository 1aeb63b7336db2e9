import { WEATHER_CALLS, WEATHER_TOOL } from '@toolformat/core/testing';
import { describe, expect, it } from 'vitest';
import { createGemmaFormat, gemmaPlugin } from './index.js';
import { VARIANTS } from './variants.js';

const GEMMA4_DECL =
  '<|tool>declaration:get_weather{description:<|"|>Get the current weather for a city.<|"|>,parameters:{properties:{location:{description:<|"|>City name<|"|>,type:<|"|>STRING<|"|>},unit:{description:<|"|>Temperature unit<|"|>,enum:[<|"|>celsius<|"|>,<|"|>fahrenheit<|"|>],type:<|"|>STRING<|"|>}},required:[<|"|>location<|"|>],type:<|"|>OBJECT<|"|>}}<tool|>';

describe('renderers and prompts (rendered/ files)', () => {
  it('Gemma 4: prompt, calls and results as gemma4.txt', () => {
    const h = createGemmaFormat('gemma4');
    expect(h.systemPrompt([WEATHER_TOOL], { preamble: 'You are a helpful assistant.' })).toBe(
      `You are a helpful assistant.${GEMMA4_DECL}`,
    );
    expect(h.formatToolCalls(WEATHER_CALLS)).toBe(
      '<|tool_call>call:get_weather{location:<|"|>Paris<|"|>,unit:<|"|>celsius<|"|>}<tool_call|><|tool_call>call:get_weather{location:<|"|>London<|"|>}<tool_call|>',
    );
    expect(
      h.formatResult({ name: 'get_weather', content: '{"temperature": 22, "condition": "sunny"}' }),
    ).toBe(
      '<|tool_response>response:get_weather{value:<|"|>{"temperature": 22, "condition": "sunny"}<|"|>}<tool_response|>',
    );
    expect(h.stopSequences()).toContain('<|tool_response>');
  });

  it('FunctionGemma: Ollama renderer declaration, calls, results, stop', () => {
    const h = createGemmaFormat('functiongemma');
    const tool = {
      name: 'get_weather',
      description: 'Get weather',
      parameters: { type: 'object', properties: { city: { type: 'string', description: 'City' } } },
    };
    expect(h.systemPrompt([tool])).toBe(
      'You can do function calling with the following functions:<start_function_declaration>declaration:get_weather{description:<escape>Get weather<escape>,parameters:{properties:{city:{description:<escape>City<escape>,type:<escape>STRING<escape>}},type:<escape>OBJECT<escape>}}<end_function_declaration>',
    );
    expect(h.formatToolCalls([{ id: '1', name: 'get_weather', arguments: { city: 'Paris' } }])).toBe(
      '<start_function_call>call:get_weather{city:<escape>Paris<escape>}<end_function_call>',
    );
    expect(h.formatResult({ name: 'get_weather', content: 'Sunny' })).toBe(
      '<start_function_response>response:get_weather{<escape>Sunny<escape>}<end_function_response>',
    );
    expect(h.stopSequences()[0]).toBe('<start_function_response>');
  });

  it('tool_code, pythonic and tool-request render calls the parser reads back', () => {
    for (const variant of VARIANTS.ids) {
      const h = createGemmaFormat(variant);
      const text = h.formatToolCalls(WEATHER_CALLS);
      const back = h.parse(text).calls.map((c) => ({ name: c.name, arguments: c.arguments }));
      expect(back).toEqual(WEATHER_CALLS.map((c) => ({ name: c.name, arguments: c.arguments })));
      expect(h.formatToolCalls([])).toBe('');
      expect(h.systemPrompt([WEATHER_TOOL])).toContain('get_weather');
    }
    expect(createGemmaFormat().formatToolCalls(WEATHER_CALLS)).toBe(
      '```tool_code\nget_weather(location="Paris", unit="celsius")\nget_weather(location="London")\n```',
    );
    expect(createGemmaFormat().formatResult({ name: 'get_weather', content: { t: 22 } })).toBe(
      '```tool_output\n{"t": 22}\n```',
    );
    expect(createGemmaFormat('pythonic').formatResult({ name: 'x', content: 'ok' })).toBe(
      '<tool_response>\nok</tool_response>',
    );
  });

  it('sanitize removes markup; detect scores it', () => {
    const h = createGemmaFormat();
    expect(h.sanitize('Hi <|tool_call>call:f{a:1}<tool_call|><end_of_turn>')).toBe('Hi');
    expect(h.detect('<start_function_call>call:f{}<end_function_call>')).toBeGreaterThan(0.9);
    // The blanks the parser skips before `call:` (CRLF, tabs) count too.
    expect(h.detect('<|tool_call>\r\n\tcall:f{a:1}<tool_call|>')).toBeGreaterThan(0.9);
    expect(h.detect('just prose')).toBe(0);
  });

  it('plugin: variants by model name', () => {
    expect(gemmaPlugin.id).toBe('gemma');
    const variantOf = (model: string) =>
      gemmaPlugin.modelPatterns?.find(
        (p) =>
          typeof p.match === 'string' &&
          new RegExp(`^${p.match.replace(/[.]/g, '\\.').replace(/\*/g, '.*')}$`).test(model),
      )?.variant ?? 'gemma';
    expect(variantOf('gemma-3-27b-it')).toBe('gemma');
    expect(variantOf('functiongemma-270m-it')).toBe('functiongemma');
    expect(variantOf('gemma-4-31b-it')).toBe('gemma4');
    expect(() => gemmaPlugin.create({ variant: 'nope' })).toThrow(/known variants/);
  });
});
