/**
 * Hunyuan 3 (`xml:hy-v3`, vLLM's `hy_v3`): GLM's key/value pairs after `NAME<tool_sep>`, every
 * call in one `<tool_calls>`; routed by model name, rendered the way it is read, streamed as parsed.
 */
import { createRouter } from '@toolformat/core';
import { findStreamingMismatch, WEATHER_CALLS, WEATHER_TOOL } from '@toolformat/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createXmlFormat, xmlPlugin } from './plugin.js';

const hy = createXmlFormat('hy-v3');
const router = createRouter({ plugins: [xmlPlugin] });
const TWO =
  'Checking.<tool_calls>\n<tool_call>get_current_date<tool_sep>\n</tool_call>\n' +
  '<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key>\n<arg_value>Beijing</arg_value>\n</tool_call>\n</tool_calls>';

describe('Hunyuan 3', () => {
  it('routes Hy3 model names, and the aliases of the vLLM parsers it shares markup with', () => {
    expect(router.forModel('tencent/Hy3-preview').id).toBe('xml:hy-v3');
    expect(router.get('hy_v3').id).toBe('xml:hy-v3');
    expect(router.forModel('poolside/some-model').id).toBe('xml:glm');
    expect(router.get('step3p5').id).toBe('xml:qwen3-coder');
  });

  it('reads every call of the list, the text before it kept', () => {
    const r = hy.parse(TWO);
    expect(r.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['get_current_date', {}],
      ['get_weather', { city: 'Beijing' }],
    ]);
    expect(r.content).toBe('Checking.');
    expect(r.format).toBe('xml:hy-v3');
  });

  it('auto mode reads it and names it', () => {
    const r = createRouter({ plugins: [xmlPlugin] })
      .get('auto')
      .parse(TWO);
    expect(r.calls).toHaveLength(2);
    expect(r.format).toBe('xml:hy-v3');
  });

  it('renders calls that read back to themselves, and prompts with the markup', () => {
    const calls = [{ id: '1', name: 'get_weather', arguments: { city: 'Paris', days: 3 } }];
    const text = hy.formatToolCalls(calls);
    expect(text).toBe(
      '<tool_calls>\n<tool_call>get_weather<tool_sep>\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n<arg_key>days</arg_key>\n<arg_value>3</arg_value>\n</tool_call>\n</tool_calls>',
    );
    expect(hy.parse(text).calls[0]?.arguments).toEqual({ city: 'Paris', days: 3 });
    expect(hy.systemPrompt([{ name: 'f' }])).toContain('<tool_call>{function-name}<tool_sep>');
    expect(hy.stopSequences()).toEqual(['</tool_calls>', '<｜hy_eos｜>']);
  });

  it('streams exactly as it parses, however the text is cut', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (before, value) => {
        const text = `${before}${TWO.replace('Beijing', value)}`;
        expect(findStreamingMismatch(hy, text, {})).toBeNull();
      }),
      { numRuns: 100 },
    );
  });
});

/**
 * The weather conversation rendered with Hy3's chat template (tencent/Hy3-preview's
 * `chat_template.jinja`, system message "You are helpful."): the tools section up to its
 * reasoning-mode control, the assistant's calls before its end token, and one tool message inside
 * the `<tool_responses>` run.
 */
const HY3_TOOLS_SECTION =
  'You are helpful.\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\n' +
  'You are provided with function signatures within <tools></tools> XML tags:\n<tools>\n' +
  '{"type": "function", "function": {"name": "get_weather", "description": "Get the current weather for a city.", "parameters": {"type": "object", "properties": {"location": {"type": "string", "description": "City name"}, "unit": {"type": "string", "enum": ["celsius", "fahrenheit"], "description": "Temperature unit"}}, "required": ["location"]}}}' +
  '\n</tools>\n\nFor function call returns, you should first print <tool_calls>\n' +
  'For each function call, you should return object like:\n' +
  '<tool_call>{function-name}<tool_sep>\n<arg_key>{arg-key-1}</arg_key>\n<arg_value>{arg-value-1}</arg_value>\n' +
  '<arg_key>{arg-key-2}</arg_key>\n<arg_value>{arg-value-2}</arg_value>\n...\n</tool_call>\n' +
  'At the end of function call returns, you should print </tool_calls>';
const HY3_CALLS =
  '<tool_calls>\n<tool_call>get_weather<tool_sep>\n<arg_key>location</arg_key>\n<arg_value>Paris</arg_value>\n' +
  '<arg_key>unit</arg_key>\n<arg_value>celsius</arg_value>\n</tool_call>\n' +
  '<tool_call>get_weather<tool_sep>\n<arg_key>location</arg_key>\n<arg_value>London</arg_value>\n</tool_call>\n</tool_calls>';

describe("Hunyuan 3's renderers, as its chat template writes the conversation", () => {
  it('the tools section, the calls and a result', () => {
    expect(hy.systemPrompt([WEATHER_TOOL], { preamble: 'You are helpful.' })).toBe(HY3_TOOLS_SECTION);
    expect(hy.formatToolCalls(WEATHER_CALLS)).toBe(HY3_CALLS);
    expect(hy.formatResult({ id: 'c0', name: 'get_weather', content: '{"temperature": 22}' })).toBe(
      '<tool_response>\n{"temperature": 22}\n</tool_response>',
    );
    expect(hy.stopSequences()).toContain('</tool_calls>');
  });
});
