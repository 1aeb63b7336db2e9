import { describe, expect, it } from 'vitest';
import { isNameToken, undecoratedName } from './name-token.js';

describe('isNameToken', () => {
  it('takes letters, digits, `_ - . : /` and non-ASCII letters', () => {
    expect(isNameToken('get_weather')).toBe(true);
    expect(isNameToken('mcp:server/tool.v2-x')).toBe(true);
    expect(isNameToken('météo')).toBe(true);
  });

  it('refuses blanks of any script, the zero-width space, punctuation, and overlong names', () => {
    for (const name of [
      'a b',
      'a\u00a0b',
      'a\u2003b',
      'a\u202fb',
      'a\u1680b',
      'a\u200bb',
      'a(b',
      '',
      'x'.repeat(129),
    ]) {
      expect(isNameToken(name), JSON.stringify(name)).toBe(false);
    }
  });
});

describe('undecoratedName', () => {
  it('takes off what models wrap a name in', () => {
    expect(undecoratedName(' [search] ')).toBe('search');
    expect(undecoratedName('`search`')).toBe('search');
    expect(undecoratedName('**search**')).toBe('search');
    expect(undecoratedName('search()')).toBe('search');
    expect(undecoratedName(': search')).toBe('search');
  });
});
