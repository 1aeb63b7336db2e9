import { describe, expect, it } from 'vitest';
import { isUnicodeSpace, skipUnicodeSpace, ZERO_WIDTH_SPACE } from './char-codes.js';

describe('isUnicodeSpace', () => {
  it('matches exactly what /\\s/ matches, over every UTF-16 code unit', () => {
    for (let c = 0; c <= 0xffff; c++) {
      expect.soft(isUnicodeSpace(c), `U+${c.toString(16)}`).toBe(/\s/.test(String.fromCharCode(c)));
    }
  });

  it('leaves the zero-width space out, like /\\s/', () => {
    expect(isUnicodeSpace(ZERO_WIDTH_SPACE)).toBe(false);
  });
});

describe('skipUnicodeSpace', () => {
  it('skips blanks of any script and stops at the first other character', () => {
    expect(skipUnicodeSpace(' \u00a0\u2003\u3000\ufeff[', 0)).toBe(5);
    expect(skipUnicodeSpace('x ', 0)).toBe(0);
    expect(skipUnicodeSpace('  ', 1)).toBe(2);
  });
});
