import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
