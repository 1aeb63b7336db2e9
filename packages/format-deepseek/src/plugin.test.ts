/** The plugin: aliases, model patterns, variants, prompts, stops and renderers. */
import { createRouter } from '@toolformat/core';
import { describe, expect, it } from 'vitest';
import deepseekDefault, { deepseekPlugin } from './index.js';
import { createDeepseekFormat } from './plugin.js';
import { T } from './tokens.js';

const WEATHER_TOOL = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'Get the current weather for a city.',
    parameters: {
      type: 'object',
      properties: {
        location: { type: 'string', description: 'City name' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'], description: 'Temperature unit' },
      },
      required: ['location'],
    },
  },
};
const CALLS = [
  { id: 'a', name: 'get_weather', arguments: { location: 'Paris', unit: 'celsius' } },
  { id: 'b', name: 'get_weather', arguments: { location: 'London' } },
];

describe('plugin', () => {
  it('is the default export', () => {
    expect(deepseekDefault).toBe(deepseekPlugin);
  });
  it('rejects an unknown variant with the allowed ones', () => {
    expect(() => createDeepseekFormat('v9')).toThrow(/v3, r1, v3\.1, v3\.2, v4/);
  });
  it('chooses the variant by model name and alias', () => {
    const router = createRouter({ plugins: [deepseekPlugin] });
    expect(router.forModel('deepseek-ai/DeepSeek-V3.1-Terminus').id).toBe('deepseek:v3.1');
    expect(router.forModel('deepseek-v3.2-exp').id).toBe('deepseek:v3.2');
    expect(router.forModel('deepseek-r1:14b').id).toBe('deepseek:r1');
    expect(router.forModel('DeepSeek-V3-0324').id).toBe('deepseek');
    expect(router.get('deepseek-v4').id).toBe('deepseek:v4');
    expect(router.get('deepseek').id).toBe('deepseek');
  });
});

describe('prompts, stops, renderers', () => {
  it('writes the rendered templates (DeepSeek’s chat templates)', () => {
    expect(createDeepseekFormat('v3.1').formatToolCalls(CALLS)).toBe(
      `${T.callsBegin}${T.callBegin}get_weather${T.sep}{"location": "Paris", "unit": "celsius"}${T.callEnd}${T.callBegin}get_weather${T.sep}{"location": "London"}${T.callEnd}${T.callsEnd}`,
    );
    expect(createDeepseekFormat().formatToolCalls(CALLS)).toBe(
      `${T.callsBegin}${T.callBegin}function${T.sep}get_weather\n\`\`\`json\n{"location": "Paris", "unit": "celsius"}\n\`\`\`${T.callEnd}\n${T.callBegin}function${T.sep}get_weather\n\`\`\`json\n{"location": "London"}\n\`\`\`${T.callEnd}${T.callsEnd}`,
    );
    expect(createDeepseekFormat('v3.2').formatToolCalls(CALLS)).toBe(
      '<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="location" string="true">Paris</｜DSML｜parameter>\n<｜DSML｜parameter name="unit" string="true">celsius</｜DSML｜parameter>\n</｜DSML｜invoke>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="location" string="true">London</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
    );
    const result = { name: 'get_weather', content: { temperature: 22 } };
    expect(createDeepseekFormat().formatResult(result)).toBe(
      `${T.outputsBegin}${T.outputBegin}{"temperature": 22}${T.outputEnd}${T.outputsEnd}`,
    );
    expect(createDeepseekFormat('v3.1').formatResult(result)).toBe(
      `${T.outputBegin}{"temperature": 22}${T.outputEnd}`,
    );
    expect(createDeepseekFormat('v4').formatResult(result)).toBe(
      '<function_results>\n<result>{"temperature": 22}</result>\n</function_results>',
    );
    expect(createDeepseekFormat().formatToolCalls([])).toBe('');
  });
  it('prompts list the tools and teach the markup', () => {
    expect(createDeepseekFormat('v3.1').systemPrompt([WEATHER_TOOL])).toContain(
      '### get_weather\nDescription: Get the current weather for a city.\n\nParameters: {"type": "object", "properties": {"location": {"type": "string", "description": "City name"}',
    );
    expect(createDeepseekFormat('v4').systemPrompt([WEATHER_TOOL])).toContain('<｜DSML｜tool_calls>');
    expect(createDeepseekFormat('r1').systemPrompt([WEATHER_TOOL], { preamble: 'Be brief.' })).toMatch(
      /^Be brief\.\n\n/,
    );
    expect(createDeepseekFormat().stopSequences()).toContain(T.eos);
  });
  it('round-trips values DSML cannot hold raw', () => {
    const h = createDeepseekFormat('v3.2');
    const calls = [
      {
        id: 'x',
        name: 'f',
        arguments: { s: 'a</｜DSML｜parameter>b', n: 3, o: { k: [true, null] }, t: '42' },
      },
    ];
    expect(h.parse(h.formatToolCalls(calls)).calls[0]?.arguments).toEqual(calls[0]?.arguments);
  });
  it('sanitize removes calls and end tokens; detect scores the markers', () => {
    const h = createDeepseekFormat();
    expect(h.sanitize(`Hi${createDeepseekFormat('v3.1').formatToolCalls(CALLS)}<｜end▁of▁sentence｜>`)).toBe(
      'Hi',
    );
    expect(h.detect(`x ${T.callsBegin}`)).toBeGreaterThan(0.9);
    expect(h.detect('<｜DSML｜function_calls>')).toBeGreaterThan(0.9);
    expect(h.detect('plain text')).toBe(0);
  });
});
