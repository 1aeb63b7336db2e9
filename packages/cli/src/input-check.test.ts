import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputCheck } from './input-check.js';

function checkBytes(chunks: Uint8Array[]): string | null {
  const check = new InputCheck();
  for (const chunk of chunks) check.bytes(chunk);
  return check.end();
}

const bytes = (...values: number[]) => Uint8Array.from(values);
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('InputCheck', () => {
  it('says nothing about valid UTF-8, four-byte characters included', () => {
    expect(checkBytes([utf8('plain, déjà vu, 漢字, 🙂 and <tool_call>')])).toBeNull();
  });

  it('names the first invalid sequence by its byte offset, and counts them', () => {
    expect(checkBytes([bytes(0x61, 0x62, 0xff, 0x63, 0xc3)])).toBe(
      "the input is not valid UTF-8: 2 byte sequences could not be decoded (the first at byte 2) and became U+FFFD. Is it the model's text output, saved as UTF-8?",
    );
  });

  it('refuses overlong forms, surrogates and code points past U+10FFFF, as the decoder does', () => {
    for (const seq of [
      [0xc0, 0xaf],
      [0xe0, 0x80, 0xaf],
      [0xed, 0xa0, 0x80],
      [0xf4, 0x90, 0x80, 0x80],
    ]) {
      expect(checkBytes([bytes(...seq)])).toMatch(/not valid UTF-8: .* \(the first at byte 0\)/);
    }
  });

  it('reports NUL bytes once, with the first offset', () => {
    expect(checkBytes([bytes(0x61, 0, 0x62, 0)])).toBe(
      "the input holds 2 NUL bytes (the first at byte 1), kept as U+0000. Is it the model's text output, saved as UTF-8?",
    );
  });

  it('finds invalid UTF-8 exactly when a fatal decoder would, however the bytes are chunked', () => {
    const anyBytes = fc.array(
      fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x99, 0x82)),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(anyBytes, fc.array(fc.nat(40)), (values, cuts) => {
        const all = Uint8Array.from(values);
        let valid = true;
        try {
          new TextDecoder('utf-8', { fatal: true }).decode(all);
        } catch {
          valid = false;
        }
        const whole = checkBytes([all]);
        expect(whole?.includes('not valid UTF-8') ?? false).toBe(!valid);
        const points = [...new Set(cuts.map((c) => c % (all.length + 1)))].sort((a, b) => a - b);
        const chunks: Uint8Array[] = [];
        let from = 0;
        for (const p of [...points, all.length]) {
          chunks.push(all.subarray(from, p));
          from = p;
        }
        expect(checkBytes(chunks)).toBe(whole);
      }),
    );
  });

  it('counts as many bad sequences as the decoder writes U+FFFD', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (all) => {
        const text = new TextDecoder('utf-8').decode(all);
        const replaced = [...text].filter((c) => c === '\uFFFD').length - countValidFffd(all);
        const message = checkBytes([all]);
        const counted = Number(/: (\d+) byte sequence/.exec(message ?? '')?.[1] ?? 0);
        expect(counted).toBe(replaced);
      }),
    );
  });
});

/** U+FFFD written as valid UTF-8 (EF BF BD) in the input itself. */
function countValidFffd(all: Uint8Array): number {
  let n = 0;
  for (let i = 0; i + 2 < all.length; i++)
    if (all[i] === 0xef && all[i + 1] === 0xbf && all[i + 2] === 0xbd) n++;
  return n;
}
