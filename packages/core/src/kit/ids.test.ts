import { describe, expect, it } from 'vitest';
import { defaultGenerateId, fnv1a, isTokenWord, sequentialIds } from './ids.js';

describe('ids', () => {
  it('gives every call its own random id, in the shape of OpenAI ids', () => {
    const ids = Array.from({ length: 1000 }, () => defaultGenerateId());
    for (const id of ids) expect(id).toMatch(/^call_[0-9a-f]{24}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('numbers calls in order', () => {
    const next = sequentialIds();
    expect([next(), next()]).toEqual(['call_1', 'call_2']);
  });

  it('hashes with 32-bit FNV-1a (the published test vectors)', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });

  it('takes one markup-free word as an id, nothing blank, long or markup-like', () => {
    expect(isTokenWord('functions.get_weather:0', 512)).toBe(true);
    expect(isTokenWord('', 512)).toBe(false);
    expect(isTokenWord('two words', 512)).toBe(false);
    expect(isTokenWord('x'.repeat(13), 12)).toBe(false);
    for (const c of ['"', '<', '>', '{', '}', '`', '\u00a0', '\ufeff', '\u2028', '\u007f']) {
      expect(isTokenWord(`a${c}b`, 512)).toBe(false);
    }
  });
});
