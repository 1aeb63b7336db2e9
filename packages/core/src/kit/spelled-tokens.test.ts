import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SpelledTokens } from './spelled-tokens.js';

const deepseekLike = {
  bars: '\uFF5C|',
  joints: '\u2581_ ',
  words: new Map([
    ['tool_call_begin', 'begin'],
    ['tool_calls', 'calls'],
    ['tool_sep', 'sep'],
  ]),
};
const tokens = new SpelledTokens(deepseekLike);

describe('SpelledTokens', () => {
  it('reads every spelling of a token alike: bars, joints, an escaped `\\_`, any case', () => {
    for (const text of [
      '<｜tool▁call▁begin｜>',
      '<|tool_call_begin|>',
      '<｜tool call begin｜>',
      '<|Tool_Call\\_Begin|>',
      '<｜tool_call▁begin|>',
    ])
      expect(tokens.at(`ab${text}cd`, 2)).toEqual({ kind: 'begin', start: 2, end: 2 + text.length });
  });

  it('reads nothing but a known word between bars and then `>`', () => {
    for (const text of [
      '<tool_sep>',
      '<|tool_sep|',
      '<|tool_sepx|>',
      '<|tool-sep|>',
      '<|tool_sep1|>',
      '<|tool_call|>',
      '<',
    ])
      expect(tokens.at(text, 0)).toBeNull();
    expect(tokens.at('<|tool_calls|>', 0)?.kind).toBe('calls');
  });

  it('finds the next token of a text, passing over every `<` that starts none', () => {
    const text = 'a < b <|x|> <｜tool▁sep｜>c<|tool_calls|>';
    const first = tokens.next(text, 0);
    expect(first).toEqual({ kind: 'sep', start: 12, end: 24 });
    expect(tokens.next(text, first!.end)).toEqual({ kind: 'calls', start: 25, end: 39 });
    expect(tokens.next(text, 39)).toBeNull();
  });

  it('reads a bounded number of characters from a `<`', () => {
    expect(tokens.at(`<|${'a'.repeat(100)}|>`, 0)).toBeNull();
    const limited = new SpelledTokens({
      bars: '|',
      joints: '_',
      words: new Map([['tool_sep', 'sep']]),
      maxWord: 4,
    });
    expect(limited.at('<|tool_sep|>', 0)).toBeNull();
  });

  it('lists every bar with every joint, the model’s own spelling first, without repeats', () => {
    expect(tokens.spellings(['tool', 'sep'])).toEqual([
      '<｜tool▁sep｜>',
      '<｜tool_sep｜>',
      '<｜tool sep｜>',
      '<|tool▁sep|>',
      '<|tool_sep|>',
      '<|tool sep|>',
    ]);
    expect(tokens.spellings(['calls'])).toEqual(['<｜calls｜>', '<|calls|>']);
  });
});

describe('SpelledTokens, spellings read before', () => {
  const spec = { ...deepseekLike, maxWord: 16 };
  const piece = fc.constantFrom(
    '<｜tool▁call▁begin｜>',
    '<|tool_call_begin|>',
    '<｜tool▁sep｜>',
    '<｜tool▁sep|>',
    '<|TOOL SEP|>',
    '<｜tool▁calls｜>',
    '<｜tool▁calls▁x｜>',
    '<｜tool▁sep',
    '<｜',
    '<|tool\\_sep|>',
    'x',
    '|>',
    '<',
  );

  it('read as a fresh reader reads them', () => {
    const warm = new SpelledTokens(spec);
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), (pieces) => {
        const text = pieces.join('');
        const fresh = new SpelledTokens(spec);
        for (let i = 0; i < text.length; i++) expect(warm.at(text, i)).toEqual(fresh.at(text, i));
      }),
    );
  });

  it('still find a token cut by the end of the text to be none', () => {
    const reader = new SpelledTokens(spec);
    const text = `${'x'.repeat(1000)}<｜tool▁sep｜>`;
    expect(reader.at(text, 1000)).toEqual({ kind: 'sep', start: 1000, end: 1000 + 12 });
    expect(reader.at('<｜tool▁sep｜>', 0)).toEqual({ kind: 'sep', start: 0, end: 12 });
    expect(reader.at('<｜tool▁sep｜', 0)).toBeNull();
  });
});
