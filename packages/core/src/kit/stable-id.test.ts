import { describe, expect, it } from 'vitest';
import { isAsciiAlphanumeric } from './char-codes.js';
import { fnv1a } from './ids.js';
import { isCharRun, stableNumber, stableWord } from './stable-id.js';

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

describe('stable ids', () => {
  it('isCharRun bounds the length and checks every character', () => {
    expect(isCharRun('a1b2c3d4e', isAsciiAlphanumeric, 9, 9)).toBe(true);
    expect(isCharRun('a1b2c3d4', isAsciiAlphanumeric, 9, 9)).toBe(false);
    expect(isCharRun('call_1', isAsciiAlphanumeric, 1, 64)).toBe(false);
    expect(isCharRun('', isAsciiAlphanumeric, 1, 64)).toBe(false);
  });

  it('stableNumber is FNV-1a below the bound, the same for the same id', () => {
    expect(stableNumber('x'.repeat(70), 100_000)).toBe(65533);
    expect(stableNumber('', 1_000_000_000)).toBe(fnv1a('') % 1_000_000_000);
    expect(stableNumber('call_1', 1000)).toBe(stableNumber('call_1', 1000));
  });

  it('stableWord gives a word of the alphabet, the same for the same id', () => {
    // Pinned: ids already written into histories must map the same way.
    expect(stableWord('', ALNUM, 9)).toBe('N92KwaFth');
    expect(stableWord('a', ALNUM, 9)).toBe('o7F5kB08Q');
    expect(stableWord('call_8f3a2b1c-0000-4000-8000-000000000000', ALNUM, 9)).toBe('WUEhhDQWM');
    expect(stableWord('call_1', ALNUM, 9)).not.toBe(stableWord('call_2', ALNUM, 9));
    expect(stableWord('call_1', '01', 40)).toMatch(/^[01]{40}$/);
  });
});
