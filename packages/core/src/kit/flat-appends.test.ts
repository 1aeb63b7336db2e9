import { describe, expect, it } from 'vitest';
import { keepFlat } from './flat-appends.js';

describe('keepFlat', () => {
  it('flattens a growing text whenever it grew by a quarter past the first kilobyte', () => {
    let text = '';
    let flat = 0;
    const at: number[] = [];
    for (let i = 0; i < 20_000; i++) {
      text += 'ab';
      const next = keepFlat(text, flat);
      if (next !== flat) at.push(next);
      flat = next;
    }
    expect(at[0]).toBe(1026);
    // Each flatten after the first is at least a quarter longer: a handful of copies a character.
    for (let k = 1; k < at.length; k++) expect(at[k]!).toBeGreaterThan(at[k - 1]! * 1.25);
    expect(at.reduce((sum, n) => sum + n, 0)).toBeLessThan(6 * text.length);
  });
});
