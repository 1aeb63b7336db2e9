/** fast-check properties: never throws; nothing lost; streaming = batch (every variant). */
import { chunksAt, findStreamingMismatch, parseWithIds, streamWithIds } from '@toolformat/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGemmaFormat } from './index.js';
import { VARIANTS } from './variants.js';

const pieces = fc.constantFrom(
  '<|tool_call>',
  '<tool_call|>',
  '<tool_call',
  '<|tool_response>',
  '<start_function_call>',
  '<end_function_call>',
  '<start_function_response>',
  'call:',
  'f',
  '{',
  '}',
  '[',
  ']',
  '(',
  ')',
  ':',
  ',',
  '<escape>',
  '<|"|>',
  '[TOOL_REQUEST]',
  '[END_TOOL_REQUEST]',
  '[TOOL_REQUEST_END]',
  '"name"',
  '"arguments"',
  '```tool_code\n',
  '\n```',
  '<|channel>thought\n',
  '<channel|>',
  '<end_of_turn>',
  'a=',
  '"x"',
  '1 ',
  '\n',
  ' ',
  'True',
  'get_weather',
);
const text = fc.oneof(
  fc.string(),
  fc.array(pieces, { maxLength: 24 }).map((a) => a.join('')),
);

describe.each(VARIANTS.ids)('variant %s', (variant) => {
  const h = createGemmaFormat(variant);
  it('never throws; streaming at any cut equals batch', () => {
    fc.assert(
      fc.property(text, fc.array(fc.nat(), { maxLength: 4 }), (s, cuts) => {
        const batch = parseWithIds(h, s);
        expect(streamWithIds(h, chunksAt(s, cuts))).toEqual(batch);
      }),
      { numRuns: 150 },
    );
  });

  it('loses nothing: text without calls or issues comes back (up to stripped tokens and blanks)', () => {
    fc.assert(
      fc.property(text, (s) => {
        const r = parseWithIds(h, s, { onMalformed: 'keep' });
        // An empty reasoning block is markup with nothing in it: removed, not lost.
        if (r.calls.length > 0 || r.issues.length > 0 || r.reasoning !== null || s.includes('<|channel>'))
          return;
        const strip = (t: string) =>
          t
            .split(
              /<end_of_turn>|<eos>|<turn\|>|<tool_call\|>|<end_function_call>|\[END_TOOL_REQUEST\]|\[TOOL_REQUEST_END\]/,
            )
            .join('')
            .replace(/\s+/g, '');
        expect(strip(r.content ?? '')).toBe(strip(s));
      }),
      { numRuns: 200 },
    );
  });
});

describe('streaming equals batch at every split point', () => {
  const h = createGemmaFormat();
  const samples = [
    '<|channel>thought\nhm\n<channel|><|tool_call>call:get_weather{location:<|"|>Paris<|"|>,unit:<|"|>celsius<|"|>}<tool_call|>Done',
    'Let me check. <start_function_call>call:get_weather{location:<escape>London<escape>}<end_function_call>',
    'Ok\n[TOOL_REQUEST]\nlist_directory {"path": "/home/user"}\n[TOOL_REQUEST_END]\nbye',
    'x\n1 {"name": "search", "arguments": {"query": "climate"}}\n[END_TOOL_REQUEST]',
    'I will check.\n```tool_code\nget_weather(location="Paris")\n```\n',
    '[get_weather(location="Paris"unit="celsius"), get_weather(location="London")]',
  ];
  it.each(samples)('%s', (s) => {
    expect(findStreamingMismatch(h, s)).toBeNull();
  });
});
