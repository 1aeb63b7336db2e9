import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RawRuns } from './raw-runs.js';

describe('RawRuns', () => {
  it('joins like an array of every text', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('', 'a', 'b', '{"x":1}', '\n')),
        fc.constantFrom('\n', ', '),
        (texts, sep) => {
          const runs = new RawRuns();
          for (const t of texts) runs.push(t);
          expect(runs.join(sep)).toBe(texts.join(sep));
        },
      ),
    );
  });
});
