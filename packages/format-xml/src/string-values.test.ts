/**
 * A parameter the tool's schema types as a string stays a string in every variant, whatever its
 * text holds: tags of this family or another, JSON, nested elements (architecture/semantics.md,
 * guarantee 2: XML values are typed by the schema). An agent would run a call with an object where
 * the tool takes text.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createXmlFormat } from './plugin.js';
import { VARIANTS } from './variants.js';

const M3 = ']<]minimax[>[';
const tools = [{ name: 'f', parameters: { type: 'object', properties: { a: { type: 'string' } } } }];

/** Pieces a hostile value is made of: every variant's structural tags, elements, JSON, entities. */
const PIECES = [
  'x',
  ' ',
  '\n',
  '<a>',
  '</a>',
  '<b>1</b>',
  '<item>2</item>',
  '{"b": 1}',
  '[1, 2]',
  '&amp;',
  '&lt;',
  '<![CDATA[',
  ']]>',
  '<tool_call>',
  '</tool_call>',
  '<function=f>',
  '</function>',
  '<parameter=a>',
  '<parameter name="a">',
  '</parameter>',
  '<invoke name="f">',
  '</invoke>',
  '<arg_key>a</arg_key>',
  '<arg_value>',
  '</arg_value>',
  M3,
  `${M3}<b>`,
  `${M3}</b>`,
  `${M3}<a>`,
  `${M3}</a>`,
  `${M3}<invoke name="g">`,
  `${M3}</invoke>`,
];
const hostile = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 8 }).map((p) => p.join(''));

describe('a parameter declared as a string', () => {
  for (const variant of VARIANTS.ids) {
    const handler = createXmlFormat(variant);
    it(`${handler.id}: is read back as written, whatever tags of the family the value holds`, () => {
      // The family's readers are one merged reader: an `<invoke name="g">` or `<parameter=b>` in
      // any variant's value once cut the call there and made a call of the rest.
      fc.assert(
        fc.property(hostile, (value) => {
          const text = handler.formatToolCalls([{ id: '1', name: 'f', arguments: { a: value } }]);
          expect(handler.parse(text, { tools }).calls.map((c) => c.arguments)).toEqual([{ a: value }]);
        }),
        { numRuns: 300 },
      );
    });

    it(`${handler.id}: is never read as an object or a list, whatever the written value holds`, () => {
      fc.assert(
        fc.property(hostile, (value) => {
          const text = handler.formatToolCalls([{ id: '1', name: 'f', arguments: { a: value } }]);
          for (const call of handler.parse(text, { tools }).calls) {
            const a = (call.arguments as Record<string, unknown>).a;
            expect(a === undefined || typeof a === 'string').toBe(true);
          }
        }),
        { numRuns: 150 },
      );
    });
  }

  it('MiniMax M3: keeps elements the model nests in it as their text', () => {
    const m3 = createXmlFormat('minimax-m3');
    const value = `x ${M3}<b>1${M3}</b> y`;
    const text = `${M3}<tool_call>\n${M3}<invoke name="f">${M3}<a>${value}${M3}</a>${M3}</invoke>\n${M3}</tool_call>`;
    expect(m3.parse(text, { tools }).calls.map((c) => c.arguments)).toEqual([{ a: value }]);
    // Undeclared, the same elements are an object, as M3 writes one.
    expect(m3.parse(text).calls.map((c) => c.arguments)).toEqual([{ a: { b: 1 } }]);
  });
});
