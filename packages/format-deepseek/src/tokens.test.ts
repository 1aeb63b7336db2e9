import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokenAt } from './tokens.js';

/** The reading tokenAt had before it went to char codes: the word built, then looked up. */
const WORDS = new Map<string, string>([
  ['tool_calls_begin', 'callsBegin'],
  ['tool_calls', 'callsBegin'],
  ['tool_calls_end', 'callsEnd'],
  ['tool_call_begin', 'callBegin'],
  ['tool_call_end', 'callEnd'],
  ['tool_sep', 'sep'],
  ['end_of_sentence', 'eos'],
]);
const isBar = (c: string | undefined) => c === '\uFF5C' || c === '|';
function reference(text: string, at: number): { kind: string; start: number; end: number } | null {
  if (!isBar(text[at + 1])) return null;
  let word = '';
  const limit = Math.min(text.length, at + 2 + 24);
  for (let i = at + 2; i < limit; i++) {
    const c = text[i]!;
    if (isBar(c)) {
      if (text[i + 1] !== '>') return null;
      const kind = WORDS.get(word);
      return kind === undefined ? null : { kind, start: at, end: i + 2 };
    }
    if (c === '\u2581' || c === ' ' || c === '_') word += '_';
    else if (c === '\\' && text[i + 1] === '_') {
      word += '_';
      i++;
    } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) word += c.toLowerCase();
    else return null;
  }
  return null;
}

describe('tokenAt', () => {
  it('reads every spelling as the word-building reading did', () => {
    const pieces = fc.constantFrom(
      '<',
      '>',
      '|',
      '\uFF5C',
      '\u2581',
      ' ',
      '_',
      '\\',
      'tool',
      'TOOL',
      'call',
      'calls',
      'begin',
      'end',
      'sep',
      'of',
      'sentence',
      'x',
      '1',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 14 }), (parts) => {
        const text = `<${parts.join('')}`;
        expect(tokenAt(text, 0)).toEqual(reference(text, 0));
      }),
      { numRuns: 3000 },
    );
    for (const text of [
      '<｜tool▁calls▁begin｜>',
      '<|tool_call_begin|>',
      '<｜tool\\_calls\\_begin｜>',
      '<｜Tool Sep｜>',
      '<｜end▁of▁sentence｜>',
      '<｜tool▁sep｜',
      '<｜tool▁sepx｜>',
    ])
      expect(tokenAt(text, 0)).toEqual(reference(text, 0));
  });
});
