import { describe, expect, it } from 'vitest';
import type { BodyResult } from './markup-spec.js';
import { callsInProse, type ProseFinder, type ProseMatch } from './prose-calls.js';

/** A finder over fixed matches, recording where it was asked from. */
function fixed(matches: ProseMatch[], asked: number[] = []): ProseFinder {
  return {
    next(from) {
      asked.push(from);
      return matches.find((m) => m.start >= from) ?? null;
    },
  };
}

const call = (name: string): BodyResult => ({ calls: [{ name, arguments: {} }] });

describe('callsInProse', () => {
  it('takes every match, keeps the text between them', () => {
    const text = 'a [X] b [Y] c';
    const r = callsInProse(text, [
      fixed([
        { start: 2, end: 5, result: call('x') },
        { start: 8, end: 11, result: call('y') },
      ]),
    ]);
    expect(r).toEqual({ calls: [call('x').calls[0], call('y').calls[0]], issues: [], text: 'a  b  c' });
  });

  it('is not markup without a call, and leaves blank text out', () => {
    expect(callsInProse('plain', [fixed([])])).toEqual({ calls: [], notMarkup: true });
    expect(callsInProse(' [X] ', [fixed([{ start: 1, end: 4, result: call('x') }])])).toEqual({
      calls: [{ name: 'x', arguments: {} }],
      issues: [],
    });
  });

  it('passes over a match with an error or no call; its span stays text', () => {
    const text = '[E] [X]';
    const r = callsInProse(text, [
      fixed([
        { start: 0, end: 3, result: { calls: [], error: 'broken' } },
        { start: 4, end: 7, result: { ...call('x'), issues: [{ kind: 'json-repaired', message: 'm' }] } },
      ]),
    ]);
    expect(r).toEqual({
      calls: [{ name: 'x', arguments: {} }],
      issues: [{ kind: 'json-repaired', message: 'm' }],
      text: '[E] ',
    });
  });

  it('takes the earliest match of several finders; on a tie the first finder', () => {
    const text = '0123456789';
    const r = callsInProse(text, [
      fixed([{ start: 4, end: 6, result: call('first') }]),
      fixed([
        { start: 1, end: 2, result: call('early') },
        { start: 4, end: 8, result: call('second') },
      ]),
    ]);
    expect(r.calls.map((c) => c.name)).toEqual(['early', 'first']);
    expect(r.text).toBe('0236789');
  });

  it('asks a finder again only once the scan has passed its match, from a later position', () => {
    const asked: number[] = [];
    const other: number[] = [];
    callsInProse('0123456789', [
      fixed([{ start: 1, end: 5, result: call('a') }], asked),
      fixed([{ start: 7, end: 8, result: call('b') }], other),
    ]);
    expect(asked).toEqual([0, 5]);
    expect(other).toEqual([0, 8]);
  });
});
