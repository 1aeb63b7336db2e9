/**
 * MiniCPM5 (`xml:minicpm5`, vLLM's `minicpm5`): a `<function name="NAME">` element per call with
 * `<param name="KEY">` children; the tokenizer-mangled tags its servers leave; the wrapped
 * arguments and invented tool names vLLM's parser maps back to the declared tools.
 */
import { createRouter } from '@toolformat/core';
import { findStreamingMismatch } from '@toolformat/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createXmlFormat, xmlPlugin } from './plugin.js';

const cpm = createXmlFormat('minicpm5');
const router = createRouter({ plugins: [xmlPlugin] });
const weather = {
  name: 'get_weather',
  parameters: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } } },
};
const TWO =
  'Head\n<function name="get_weather"><param name="city">Paris</param><param name="days">3</param></function>\n' +
  'TXT\n<function name="noop"></function>\nTail';

describe('MiniCPM5', () => {
  it('routes MiniCPM5 model names and the vLLM parser name', () => {
    expect(router.forModel('openbmb/MiniCPM5-8B').id).toBe('xml:minicpm5');
    expect(router.get('minicpm5').id).toBe('xml:minicpm5');
  });

  it('reads each element as a call, typed by the schema, the text around kept', () => {
    const r = cpm.parse(TWO, { tools: [weather, { name: 'noop' }] });
    expect(r.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['get_weather', { city: 'Paris', days: 3 }],
      ['noop', {}],
    ]);
    expect(r.content).toBe('Head\nTXT\nTail');
    expect(r.format).toBe('xml:minicpm5');
  });

  it('reads the tags a tokenizer left mangled: Ġ for the space, or no space', () => {
    for (const text of [
      '<function\u0120name="get_weather"><param\u0120name="city">Paris</param></function>',
      '<functionname="get_weather"><paramname="city">Paris</param></function>',
    ]) {
      expect(cpm.parse(text).calls.map((c) => c.arguments)).toEqual([{ city: 'Paris' }]);
    }
  });

  it('keeps a </parameter> inside a <param> value, and a </param> inside a <parameter=…> value', () => {
    const r = cpm.parse('<function name="w"><param name="html">a</parameter>b</param></function>');
    expect(r.calls[0]?.arguments).toEqual({ html: 'a</parameter>b' });
    const q = createXmlFormat('qwen3-coder').parse(
      '<tool_call>\n<function=w>\n<parameter=html>\na</param>b\n</parameter>\n</function>\n</tool_call>',
    );
    expect(q.calls[0]?.arguments).toEqual({ html: 'a</param>b' });
  });

  it('unwraps arguments written as one object, and maps the names vLLM maps, only to declared tools', () => {
    const phone = {
      name: 'get_customer_by_phone',
      parameters: { type: 'object', properties: { phone_number: { type: 'string' } } },
    };
    const wrapped = `<function name="get_customer_by_phone"><param name="properties">{'phone_number': '555'}</param></function>`;
    expect(cpm.parse(wrapped, { tools: [phone] }).calls[0]?.arguments).toEqual({ phone_number: '555' });
    const invented = '<function name="get_details_by_phone"><param name="phone">555</param></function>';
    expect(cpm.parse(invented, { tools: [phone] }).calls.map((c) => [c.name, c.arguments])).toEqual([
      ['get_customer_by_phone', { phone_number: '555' }],
    ]);
    // Without the real tool declared the call stays as written.
    expect(cpm.parse(invented).calls[0]?.name).toBe('get_details_by_phone');
  });

  it('is read only where its variant runs: elsewhere the tag is text', () => {
    expect(
      createXmlFormat('claude').parse('<function name="w"><param name="a">1</param></function>').calls,
    ).toEqual([]);
  });

  it('renders calls that read back to themselves, and prompts with the markup', () => {
    const calls = [{ id: '1', name: 'get_weather', arguments: { city: 'Paris </param>', days: 3 } }];
    const text = cpm.formatToolCalls(calls);
    expect(cpm.parse(text, { tools: [weather] }).calls[0]?.arguments).toEqual({
      city: 'Paris </param>',
      days: 3,
    });
    expect(cpm.formatToolCalls([{ id: '1', name: 'f', arguments: { a: 'x' } }])).toBe(
      '<function name="f"><param name="a">x</param></function>',
    );
    expect(cpm.systemPrompt([{ name: 'f' }])).toContain('<function name="{function-name}">');
    expect(cpm.stopSequences()).toEqual(['<|im_end|>']);
  });

  it('streams exactly as it parses, however the text is cut', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (before, value) => {
        const text = `${before}${TWO.replace('Paris', value)}`;
        expect(findStreamingMismatch(cpm, text, { tools: [weather] })).toBeNull();
      }),
      { numRuns: 100 },
    );
  });
});
