import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainProbes } from './plain-probes.js';

describe('plainProbes', () => {
  it('covers many markers with a few characters', () => {
    const probes = plainProbes(
      [
        '<tool_call>',
        '</tool_call>',
        '<think>',
        '[TOOL_CALLS]',
        '[THINK]',
        'Action:',
        'call:',
        'to=',
        '>>>',
        '`',
      ],
      '',
    );
    // `>>>`, `Action:`, `to=` and the backtick force theirs; `[` covers the bracketed markers.
    expect(new Set(probes)).toEqual(new Set(['>', ':', '=', '`', '[']));
  });

  it('keeps the characters a followed word needs, and a word with no punctuation whole', () => {
    const probes = plainProbes(['Observation', '<tool_call>'], '[');
    expect(probes).toContain('[');
    expect(probes).toContain('Observation');
    expect(probes.some((p) => '<tool_call>'.includes(p))).toBe(true);
  });

  it('drops a word that holds a chosen character', () => {
    expect(plainProbes(['a<b', 'x<y'], '')).toEqual(['<']);
  });

  it('uses common punctuation only where a marker has nothing rarer', () => {
    expect(plainProbes(['tool_call:'], '')).toEqual([':']);
    expect(plainProbes(['tool_call'], '')).toEqual(['_']);
  });

  it('gives every marker a probe it holds (property)', () => {
    const unit = fc.constantFrom('a', 'Z', '1', ' ', '<', '>', '|', '[', ']', ':', '=', '_', '.', '✿', '`');
    fc.assert(
      fc.property(
        fc.array(
          fc.array(unit, { maxLength: 8 }).map((a) => a.join('')),
          { maxLength: 12 },
        ),
        (markers) => {
          const probes = plainProbes(markers, '');
          for (const m of markers) if (m.length > 0) expect(probes.some((p) => m.includes(p))).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
