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
});
