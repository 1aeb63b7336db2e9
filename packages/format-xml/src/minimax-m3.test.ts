/**
 * MiniMax M3 (`xml:minimax-m3`, vLLM's `minimax_m3`): M2's invokes with every tag behind the
 * namespace marker, arguments as elements (nested objects, `<item>` lists), `<mm:think>` reasoning.
 */
import { createRouter } from '@toolformat/core';
import { findStreamingMismatch } from '@toolformat/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createXmlFormat, xmlPlugin } from './plugin.js';

const NS = ']<]minimax[>[';
const m3 = createXmlFormat('minimax-m3');
const router = createRouter({ plugins: [xmlPlugin] });
const order = {
  name: 'create_order',
  parameters: {
    type: 'object',
    properties: {
      user_id: { type: 'integer' },
      shipping: { type: 'object', properties: { zip: { type: 'integer' }, city: { type: 'string' } } },
      items: { type: 'array', items: { type: 'object', properties: { qty: { type: 'integer' } } } },
    },
  },
};
const CALL =
  `${NS}<tool_call>\n${NS}<invoke name="create_order">${NS}<user_id>42${NS}</user_id>` +
  `${NS}<shipping>${NS}<city>Singapore${NS}</city>${NS}<zip>018956${NS}</zip>${NS}</shipping>` +
  `${NS}<items>${NS}<item>${NS}<sku>b-1${NS}</sku>${NS}<qty>2${NS}</qty>${NS}</item>${NS}<item>${NS}<sku>p-7${NS}</sku>${NS}<qty>5${NS}</qty>${NS}</item>${NS}</items>` +
  `${NS}<tags>${NS}<tag>a${NS}</tag>${NS}<tag>b${NS}</tag>${NS}</tags>${NS}</invoke>\n${NS}</tool_call>`;
const ARGS = {
  user_id: 42,
  shipping: { city: 'Singapore', zip: 18956 },
  items: [
    { sku: 'b-1', qty: 2 },
    { sku: 'p-7', qty: 5 },
  ],
  tags: { tag: ['a', 'b'] },
};

describe('MiniMax M3', () => {
  it('routes M3 model names and the vLLM parser name', () => {
    expect(router.forModel('MiniMaxAI/MiniMax-M3').id).toBe('xml:minimax-m3');
    expect(router.get('minimax_m3').id).toBe('xml:minimax-m3');
    expect(router.forModel('MiniMaxAI/MiniMax-M2.5').id).toBe('xml:minimax');
  });

  it('reads nested elements, <item> lists and repeated names, typed by the schema under them', () => {
    const r = m3.parse(`<mm:think>plan</mm:think>I will create it.\n${CALL}`, { tools: [order] });
    expect(r.calls.map((c) => [c.name, c.arguments])).toEqual([['create_order', ARGS]]);
    expect(r.content).toBe('I will create it.');
    expect(r.reasoning).toBe('plan');
    expect(r.format).toBe('xml:minimax-m3');
  });

  it('auto mode reads it and names it', () => {
    const r = router.get('auto').parse(CALL, { tools: [order] });
    expect(r.calls[0]?.arguments).toEqual(ARGS);
    expect(r.format).toBe('xml:minimax-m3');
  });

  it('keeps nesting deeper than its bound as text instead of recursing', () => {
    for (const marker of ['', NS]) {
      const deep = `${`${marker}<a>`.repeat(40)}x${`${marker}</a>`.repeat(40)}`;
      const r = m3.parse(`${NS}<tool_call>${NS}<invoke name="f">${deep}${NS}</invoke>${NS}</tool_call>`);
      expect(r.calls).toHaveLength(1);
    }
  });

  it('renders calls that read back to themselves, and prompts with the markup', () => {
    const calls = [{ id: '1', name: 'create_order', arguments: ARGS }];
    const text = m3.formatToolCalls(calls);
    expect(text.startsWith(`${NS}<tool_call>\n${NS}<invoke name="create_order">`)).toBe(true);
    expect(m3.parse(text, { tools: [order] }).calls[0]?.arguments).toEqual(ARGS);
    expect(m3.systemPrompt([{ name: 'f' }])).toContain(`${NS}<invoke name="tool-name">`);
    expect(m3.stopSequences()).toEqual([`${NS}</tool_call>`]);
  });

  it('reads a tag without the marker inside a value as text, not as an element', () => {
    const f = { name: 'f', parameters: { type: 'object', properties: { a: { type: 'string' } } } };
    const text = m3.formatToolCalls([{ id: '1', name: 'f', arguments: { a: 'x <tool_call> y' } }]);
    expect(text).toBe(
      `${NS}<tool_call>\n${NS}<invoke name="f">${NS}<a>x <tool_call> y${NS}</a>${NS}</invoke>\n${NS}</tool_call>`,
    );
    expect(m3.parse(text, { tools: [f] }).calls.map((c) => c.arguments)).toEqual([{ a: 'x <tool_call> y' }]);
    expect(m3.parse(text).calls.map((c) => c.arguments)).toEqual([{ a: 'x <tool_call> y' }]);
    const shipping = `${NS}<tool_call>${NS}<invoke name="create_order">${NS}<shipping>${NS}<city>A <b>c</b>${NS}</city>${NS}</shipping>${NS}</invoke>${NS}</tool_call>`;
    expect(m3.parse(shipping, { tools: [order] }).calls[0]?.arguments).toEqual({
      shipping: { city: 'A <b>c</b>' },
    });
  });

  it('writes a string holding the marker so that it reads back whole', () => {
    const f = { name: 'f', parameters: { type: 'object', properties: { a: { type: 'string' } } } };
    const piece = fc.constantFrom(
      'x',
      ' ',
      '\n',
      '&lt;',
      '<a>',
      '</a>',
      '<tool_call>',
      NS,
      `${NS}<a>`,
      `${NS}</a>`,
      `${NS}</invoke>`,
      `${NS}</tool_call>`,
      ']]>',
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 8 }), (pieces) => {
        const a = pieces.join('');
        const text = m3.formatToolCalls([{ id: '1', name: 'f', arguments: { a } }]);
        expect(m3.parse(text, { tools: [f] }).calls.map((c) => c.arguments)).toEqual([{ a }]);
      }),
      { numRuns: 200 },
    );
  });

  it('still reads a call whose inner tags lost the marker', () => {
    const f = { name: 'f', parameters: { type: 'object', properties: { a: { type: 'integer' } } } };
    for (const text of [
      `${NS}<tool_call>\n<invoke name="f"><a>1</a></invoke>\n${NS}</tool_call>`,
      `${NS}<tool_call>\n${NS}<invoke name="f"><a>1</a>${NS}</invoke>\n${NS}</tool_call>`,
      `${NS}<tool_call>\n${NS}<invoke name="f">${NS}<a>1</a></invoke>\n${NS}</tool_call>`,
    ])
      expect(m3.parse(text, { tools: [f] }).calls.map((c) => c.arguments)).toEqual([{ a: 1 }]);
  });

  it('streams exactly as it parses, however the text is cut', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (before, value) => {
        const text = `${before}${CALL.replace('Singapore', `${value} <b>c</b> <tool_call>`)}`;
        expect(findStreamingMismatch(m3, text, { tools: [order] })).toBeNull();
      }),
      { numRuns: 50 },
    );
  });
});
