/** fast-check properties: never throws; nothing lost; streaming = batch. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLlamaFormat } from './index.js';
import { chunksAt, parseWith, streamWith } from './test-support/harness.js';
import { VARIANTS } from './variants.js';

const pieces = fc.constantFrom(
  '<|python_tag|>',
  '<|python_start|>',
  '<|python_end|>',
  '<|eom_id|>',
  '<|eot|>',
  '<function=',
  '</function>',
  '>>>',
  'all\n',
  'f',
  '\n',
  '[',
  ']',
  '(',
  ')',
  '{',
  '}',
  '"name"',
  ': ',
  '"parameters"',
  'a=',
  "'x'",
  '"y"',
  ', ',
  ';',
  'True',
  '1e999',
  ' ',
  'get_weather',
  '.call(',
  '<function_calls>',
  '</function_calls>',
);
const text = fc.oneof(
  fc.string(),
  fc.array(pieces, { maxLength: 24 }).map((a) => a.join('')),
);

describe.each(VARIANTS.ids)('variant %s', (variant) => {
  const h = createLlamaFormat(variant);
  it('never throws; streaming at any cut equals batch', () => {
    fc.assert(
      fc.property(text, fc.array(fc.nat(), { maxLength: 4 }), (s, cuts) => {
        const batch = parseWith(h, s);
        expect(streamWith(h, chunksAt(s, cuts))).toEqual(batch);
      }),
      { numRuns: 150 },
    );
  });
  it('loses nothing: text without calls comes back (up to the end tokens and blanks)', () => {
    fc.assert(
      fc.property(text, (s) => {
        const r = parseWith(h, s, { onMalformed: 'keep' });
        // `>>>all` (Functionary's address to the user) is markup removed without a call.
        if (r.calls.length > 0 || r.issues.length > 0 || s.includes('>>>')) return;
        const strip = (t: string) =>
          t.replace(/<\|(eot_id|eom_id|eot|eom|end_of_text|python_end)\|>/g, '').replace(/\s+/g, '');
        expect(strip(r.content ?? '')).toBe(strip(s));
      }),
      { numRuns: 200 },
    );
  });
});

// A call whose string argument holds the format's markup reads back whole (the blocks' JSON
// guard: a marker inside a JSON string is text; after Functionary's name, from its first bracket).
const markupInString = fc
  .tuple(fc.stringMatching(/^[a-z ]{0,6}$/), pieces, fc.stringMatching(/^[a-z ]{0,6}$/))
  .map((p) => p.join(''));
describe.each(VARIANTS.ids)('variant %s, its own calls', (variant) => {
  const h = createLlamaFormat(variant);
  const tools = [{ name: 'f', parameters: { type: 'object', properties: { a: { type: 'string' } } } }];
  it('come back whole when a string argument holds markup, batch and streamed', () => {
    fc.assert(
      fc.property(markupInString, fc.array(fc.nat(), { maxLength: 4 }), (a, cuts) => {
        const text = h.formatToolCalls([{ id: 'c0', name: 'f', arguments: { a } }]);
        const batch = parseWith(h, text, { tools });
        expect(batch.calls.map((c) => c.arguments)).toEqual([{ a }]);
        expect(streamWith(h, chunksAt(text, cuts), { tools })).toEqual(batch);
      }),
      { numRuns: 150 },
    );
  });
});
