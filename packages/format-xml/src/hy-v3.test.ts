/**
 * Hunyuan 3 (`xml:hy-v3`, vLLM's `hy_v3`): GLM's key/value pairs after `NAME<tool_sep>`, every
 * call in one `<tool_calls>`; routed by model name, rendered the way it is read, streamed as parsed.
 */
import { createRouter } from '@toolformat/core';
import { findStreamingMismatch } from '@toolformat/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createXmlFormat } from './format.js';
import { xmlPlugin } from './plugin.js';

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
    expect(hy.stopSequences()).toEqual(['</tool_calls>']);
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
