import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isBlank,
  isJsonSpace,
  isSpace,
  isSpaceOrTab,
  isUnicodeSpace,
  skipBlank,
  skipJsonSpace,
  skipSpacesAndTabs,
  skipUnicodeSpace,
  spacesAndTabsBefore,
  trailingSpaceStart,
  ZERO_WIDTH_SPACE,
} from './char-codes.js';

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

describe('reading code units', () => {
  // architecture/stream-engine.md, "Reading code units": a `text.charCodeAt` site that has seen
  // five kinds of string looks the method up on every call, which doubled a megabyte's scan in a
  // process where every format runs.
  const packages = fileURLToPath(new URL('../../../', import.meta.url));
  const sources = readdirSync(packages)
    .filter((dir) => dir === 'core' || dir.startsWith('format-'))
    .flatMap((dir) =>
      (readdirSync(join(packages, dir, 'src'), { recursive: true }) as string[])
        .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
        .map((file) => join(dir, 'src', file)),
    );

  it('finds the sources of core and every format package', () => {
    expect(sources.length).toBeGreaterThan(100);
    expect(sources).toContain(join('core', 'src', 'kit', 'marker-set.ts'));
    expect(sources).toContain(join('format-xml', 'src', 'xml-body.ts'));
  });

  it('every source reads them through its own module constant, never as a method', () => {
    const offenders: string[] = [];
    for (const file of sources) {
      const text = readFileSync(join(packages, file), 'utf8');
      if (text.includes('.charCodeAt(')) offenders.push(`${file}: calls text.charCodeAt(…)`);
      if (
        text.includes('charCodeAt.call(') &&
        !text.includes('\nconst charCodeAt = String.prototype.charCodeAt;\n')
      )
        offenders.push(`${file}: calls charCodeAt.call without its own constant`);
    }
    expect(offenders).toEqual([]);
  });
});

describe('skipping blanks, with long runs of one blank compared a run at a time', () => {
  // Runs long enough to be compared whole, of one blank and mixed, around words.
  const part = fc.oneof(
    fc.constantFrom(' ', '\n', '\t', '\r', ',', 'x', '\u00a0'),
    fc.constantFrom(' ', '\n', '\t').chain((b) => fc.nat(700).map((k) => b.repeat(k))),
    fc.nat(300).map((k) => ' \n'.repeat(k)),
  );
  const text = fc.array(part, { maxLength: 12 }).map((parts) => parts.join(''));
  const forward = (t: string, from: number, to: number, is: (c: number) => boolean) => {
    let p = from;
    while (p < to && is(t.charCodeAt(p))) p++;
    return p;
  };
  const back = (t: string, end: number, floor: number, is: (c: number) => boolean) => {
    let q = end;
    while (q > floor && is(t.charCodeAt(q - 1))) q--;
    return q;
  };

  it('stops where a look at each unit stops, from anywhere, within any bound', () => {
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), (t, a, b) => {
        const from = t.length === 0 ? 0 : a % (t.length + 1);
        const to = from + (t.length === from ? 0 : b % (t.length - from + 1));
        expect(skipJsonSpace(t, from, false, to)).toBe(forward(t, from, to, isJsonSpace));
        expect(skipJsonSpace(t, from, true, to)).toBe(
          forward(t, from, to, (c) => isJsonSpace(c) || c === 44),
        );
        expect(skipBlank(t, from)).toBe(forward(t, from, t.length, isBlank));
        expect(skipSpacesAndTabs(t, from, to)).toBe(forward(t, from, to, isSpaceOrTab));
        expect(spacesAndTabsBefore(t, to, from)).toBe(back(t, to, from, isSpaceOrTab));
        expect(trailingSpaceStart(t)).toBe(back(t, t.length, 0, isSpace));
      }),
      { numRuns: 500 },
    );
  });

  it('passes a megabyte of one blank, and stops at the word after it', () => {
    for (const blank of [' ', '\n', '\t']) {
      const t = `<x>${blank.repeat(1 << 20)}y${blank.repeat(300)}`;
      expect(skipJsonSpace(t, 3)).toBe(3 + (1 << 20));
      expect(skipBlank(t, 3)).toBe(3 + (1 << 20));
      expect(trailingSpaceStart(t)).toBe(4 + (1 << 20));
    }
  });
});
