import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveParseOptions } from '../options.js';
import { callsInProse } from './prose-calls.js';
import {
  CallListBound,
  nextCallListCandidate,
  type PythonCallListsOptions,
  pythonCallLists,
} from './python-call-lists.js';
import { parsePythonCalls } from './python-calls.js';

const ctx = (options: Parameters<typeof resolveParseOptions>[0] = {}) => ({
  options: resolveParseOptions(options),
  closed: true,
  open: '',
});

// Mentions are read as such by default (resolveParseOptions); `mentions: false` reads every list.
const scan = (
  text: string,
  options: PythonCallListsOptions = {},
  parse: { mentions?: boolean } = { mentions: false },
) => callsInProse(text, [pythonCallLists(text, ctx(parse), options)]);

describe('nextCallListCandidate', () => {
  it('finds a `[` that blanks and an identifier follow', () => {
    expect(nextCallListCandidate('x [1] [ \t\r\nf(', 0)).toBe(6);
    expect(nextCallListCandidate('[1, 2] [_a', 0)).toBe(7);
    expect(nextCallListCandidate('[f(', 1)).toBe(-1);
  });
});

describe('CallListBound', () => {
  it('lets a candidate be read only when a `)` that a `]` follows comes after it', () => {
    const bound = new CallListBound('[f(a=1)] [g( [h(x) ]');
    expect([0, 9, 13].map((at) => bound.mayStartAt(at))).toEqual([true, true, true]);
    expect(new CallListBound('[f(a=1)').mayStartAt(0)).toBe(false);
    expect(new CallListBound('[f(a= ] )').mayStartAt(0)).toBe(false);
    expect(new CallListBound('[f(a=').mayStartAt(0)).toBe(false);
  });

  it('answers as a fresh search would, in any order of candidates, and never rules out a list', () => {
    const soup = fc
      .array(fc.constantFrom('[', ']', 'f(', ')', 'a=', '"', "'", ',', ' ', '1', 'x', '#', '\n'), {
        maxLength: 40,
      })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(soup, fc.array(fc.nat(), { maxLength: 20 }), (text, picks) => {
        const bound = new CallListBound(text);
        for (const pick of picks) {
          const at = pick % (text.length + 1);
          const paren = text.indexOf(')', at + 1);
          const expected = paren !== -1 && text.indexOf(']', paren + 1) !== -1;
          expect(bound.mayStartAt(at)).toBe(expected);
          const parsed = parsePythonCalls(text, { start: at, allowBareCall: false });
          if (!expected) expect(parsed.ok && parsed.calls.length > 0).toBe(false);
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe('pythonCallLists', () => {
  it('reads call lists in prose; the rest is text', () => {
    expect(scan('Calling [get_weather(city="Paris"), g()] now.')).toEqual({
      calls: [
        { name: 'get_weather', arguments: { city: 'Paris' } },
        { name: 'g', arguments: {} },
      ],
      issues: [],
      text: 'Calling  now.',
    });
  });

  it('reads a list whose first call follows a tab or a CRLF', () => {
    expect(scan('[\tf(a=1)]').calls).toEqual([{ name: 'f', arguments: { a: 1 } }]);
    expect(scan('[\r\nf(a=1)\r\n]').calls).toEqual([{ name: 'f', arguments: { a: 1 } }]);
  });

  it('leaves lists that are not calls, and an empty one, as text', () => {
    expect(scan('[1, 2] and [x] and [] and [f(')).toEqual({ calls: [], notMarkup: true });
  });

  it('keeps the blanks after a list as text', () => {
    expect(scan('[f()]  \nnext').text).toBe('  \nnext');
  });

  it('renames, and reports the parser notes and unnamed positional values on the list', () => {
    const r = scan('[brave_search.call(q=Paris, 1)]', { rename: (n) => n.replace(/\.call$/, '') });
    expect(r.calls).toEqual([{ name: 'brave_search', arguments: { q: 'Paris' } }]);
    expect(r.issues?.map((i) => i.kind)).toEqual(['json-repaired', 'malformed-call']);
    expect(r.issues?.[0]?.raw).toBe('[brave_search.call(q=Paris, 1)]');
  });

  it('reads a mention as text with the mentions option', () => {
    const text = 'Write [f(a=1)] to call it.';
    expect(scan(text).calls.length).toBe(1);
    expect(scan(text, {}, { mentions: true })).toEqual({ calls: [], notMarkup: true });
    // A list at the end of its line is a call.
    expect(scan('Now: [f(a=1)]\nDone.', {}, { mentions: true }).calls.length).toBe(1);
  });

  it('keeps a list another list follows on its line with listRuns', () => {
    const text = '[a(x=1)] and [b(y=2)]';
    expect(scan(text, {}, { mentions: true }).calls.map((c) => c.name)).toEqual(['b']);
    expect(scan(text, { listRuns: true }, { mentions: true }).calls.map((c) => c.name)).toEqual(['a', 'b']);
    // The rule looks at the next list on the same line only.
    expect(scan('[a(x=1)] and\n[b(y=2)] too', { listRuns: true }, { mentions: true }).calls).toEqual([]);
  });

  it('is linear on a megabyte of unclosed candidates', () => {
    const text = 'hello world[A(A='.repeat(65536);
    const started = Date.now();
    expect(scan(text)).toEqual({ calls: [], notMarkup: true });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
