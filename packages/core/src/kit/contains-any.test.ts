import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { containsAny } from './contains-any.js';

const WINDOW = 16 * 1024;

describe('containsAny', () => {
  it('finds a probe anywhere in a long text, and nothing where there is none', () => {
    const prose = 'The forecast reports conditions per city. '.repeat(3000);
    expect(containsAny(prose, ['<', '`', '['])).toBe(false);
    for (const at of [0, 1, WINDOW - 1, WINDOW, 3 * WINDOW + 7, prose.length - 1]) {
      const text = `${prose.slice(0, at)}<${prose.slice(at)}`;
      expect(containsAny(text, ['`', '<'])).toBe(true);
    }
  });

  it('finds a longer probe that straddles two windows', () => {
    const probe = '<|role_sep|>';
    const filler = 'a'.repeat(4 * WINDOW);
    for (let cut = 1; cut < probe.length; cut++) {
      const text = `${filler.slice(0, WINDOW - cut)}${probe}${filler}`;
      expect(containsAny(text, ['`', probe])).toBe(true);
    }
    expect(containsAny(filler, [probe])).toBe(false);
  });

  it('agrees with includes() on random texts and probes (property)', () => {
    const unit = fc.constantFrom('a', ' ', '<', '|', 'x', '\n', '✿');
    fc.assert(
      fc.property(
        fc.array(unit, { maxLength: 64 }).map((a) => a.join('')),
        fc.nat(3 * WINDOW),
        fc.array(
          fc.array(unit, { minLength: 1, maxLength: 4 }).map((a) => a.join('')),
          { maxLength: 3 },
        ),
        (piece, pad, probes) => {
          const text = 'b'.repeat(pad) + piece + 'b'.repeat(WINDOW);
          expect(containsAny(text, probes)).toBe(probes.some((p) => text.includes(p)));
        },
      ),
      { numRuns: 300 },
    );
  });
});
