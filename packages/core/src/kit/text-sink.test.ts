import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextSink } from './text-sink.js';

/** Writes `pieces` to a fresh sink, `cut` where a piece is null; returns everything released. */
function released(pieces: ReadonlyArray<string | null>, endingWord: boolean): string[] {
  const sink = new TextSink();
  const out: string[] = [];
  for (const piece of pieces) {
    if (piece === null) sink.cut();
    else if (endingWord && /\S$/.test(piece)) out.push(sink.writeEndingWord(piece));
    else out.push(sink.write(piece));
  }
  return out;
}

describe('TextSink', () => {
  it('trims the text at both ends and drops the blanks after a cut span', () => {
    expect(released(['  Hello', ' ', 'world  '], false).join('')).toBe('Hello world');
    expect(released(['A\n', null, '\nB'], false).join('')).toBe('A\nB');
    expect(released(['A ', null, ' B'], false).join('')).toBe('A B');
  });

  it('holds trailing blanks back until text follows them', () => {
    expect(released(['one ', 'two'], false)).toEqual(['one', ' two']);
    expect(released(['one', '\n\n'], false)).toEqual(['one', '']);
  });

  it('releases a token ending in a word as write would, whatever came before (streamed prose)', () => {
    const piece = fc.oneof(
      fc.constant(null),
      fc.stringMatching(/^[ \n\ta-z]{0,6}$/),
      fc.constantFrom(' ', '\n', 'x', ' x', 'x ', '  x'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        expect(released(pieces, true)).toEqual(released(pieces, false));
      }),
    );
  });
});
