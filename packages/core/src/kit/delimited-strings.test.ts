import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DelimitedStringTracker } from './delimited-strings.js';

const DELIMS = ['<|"|>', '<escape>'];

/** inString after each prefix, fed in one piece. */
function states(text: string, cuts: number[]): boolean[] {
  const t = new DelimitedStringTracker(DELIMS);
  const points = [...new Set([0, ...cuts.map((c) => c % (text.length + 1)), text.length])].sort(
    (a, b) => a - b,
  );
  const out: boolean[] = [];
  for (let i = 1; i < points.length; i++) {
    t.track(text, points[i - 1]!, points[i]!);
    out.push(t.inString);
  }
  expect(t.consumed).toBe(text.length);
  return out;
}

describe('DelimitedStringTracker', () => {
  it('a string runs from a token to the next of the same token, other tokens inside are text', () => {
    const t = new DelimitedStringTracker(DELIMS);
    t.track('{a:<|"|>x <escape> <tool_call|>', 0, 31);
    expect(t.inString).toBe(true);
    t.track(' y<|"|>}', 0, 8);
    expect(t.inString).toBe(false);
  });

  it('a token cut across pieces counts once it completes', () => {
    const text = 'a<|"|>b<escape>c<|"|>d';
    for (let cut = 0; cut <= text.length; cut++) {
      const t = new DelimitedStringTracker(DELIMS);
      t.track(text, 0, cut);
      t.track(text, cut, text.length);
      expect(t.inString).toBe(false);
    }
  });

  it('the state at the end does not depend on the chunking', () => {
    const piece = fc.constantFrom('<|"|>', '<escape>', '<|', '"|>', '<esc', 'ape>', 'x', '<', '|>');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), fc.array(fc.nat(), { maxLength: 5 }), (parts, cuts) => {
        const text = parts.join('');
        expect(states(text, cuts).at(-1)).toBe(states(text, []).at(-1));
      }),
    );
  });

  it('agrees after every piece with a reading one character at a time', () => {
    // The plain definition: at each position a token that may come next (any outside a string,
    // the open one inside) and is whole in the text toggles the string.
    const reference = (text: string): boolean => {
      let open: string | null = null;
      for (let i = 0; i < text.length; ) {
        const d: string | undefined = (open === null ? DELIMS : [open]).find((t) => text.startsWith(t, i));
        if (d === undefined) i++;
        else {
          open = open === null ? d : null;
          i += d.length;
        }
      }
      return open !== null;
    };
    const piece = fc.constantFrom('<|"|>', '<escape>', '<|', '"|>', '<esc', 'ape>', 'x', '<', '|>', '<|"');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), fc.array(fc.nat(), { maxLength: 8 }), (parts, cuts) => {
        const text = parts.join('');
        const points = [...new Set([0, ...cuts.map((c) => c % (text.length + 1)), text.length])].sort(
          (a, b) => a - b,
        );
        // Pieces of one string (a batch parse), and each piece its own string (a stream).
        const inOne = new DelimitedStringTracker(DELIMS);
        const apart = new DelimitedStringTracker(DELIMS);
        for (let i = 1; i < points.length; i++) {
          const piece = text.slice(points[i - 1]!, points[i]!);
          inOne.track(text, points[i - 1]!, points[i]!);
          apart.track(piece, 0, piece.length);
          // (A token the piece ends inside is not whole in the prefix: read with the next piece.)
          const expected = reference(text.slice(0, points[i]!));
          expect(inOne.inString).toBe(expected);
          expect(apart.inString).toBe(expected);
        }
      }),
      { numRuns: 500 },
    );
  });
});
