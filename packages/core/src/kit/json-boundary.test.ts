import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markupFormat } from '../test-support/toy-format.js';
import { sequentialIds } from './ids.js';
import { JsonBoundaryTracker } from './json-boundary.js';

describe('JsonBoundaryTracker as a close guard', () => {
  it('track() follows strings past the end of the first value', () => {
    const t = new JsonBoundaryTracker();
    const text = 'name[ARGS]{"a": "x';
    t.track(text, 0, text.length);
    expect(t.consumed).toBe(text.length);
    expect(t.inString).toBe(true);
  });

  it('keeps a close marker inside a string of a later value from closing the block', () => {
    // The body holds two top-level values (`[ARGS]` and the object); the marker is in the second.
    const format = markupFormat({
      id: 'guard-test',
      blocks: [
        {
          open: '<c>',
          close: '</c>',
          guard: 'json',
          body: (body) => ({ calls: [{ name: 'f', arguments: { body } }] }),
        },
      ],
    });
    const text = '<c>f[ARGS]{"s": "a </c> b"}</c>';
    const batch = format.parse(text, { generateId: sequentialIds() });
    expect(batch.calls[0]?.arguments).toEqual({ body: 'f[ARGS]{"s": "a </c> b"}' });
    for (let i = 0; i <= text.length; i++) {
      const parser = format.createStreamParser({ generateId: sequentialIds() });
      const events = [...parser.push(text.slice(0, i)), ...parser.push(text.slice(i)), ...parser.end()];
      const ends = events.filter((e) => e.type === 'tool-call-end');
      expect(ends).toHaveLength(1);
    }
  });
});

describe('the guard where the end of the output closes the block', () => {
  const format = markupFormat({
    id: 'guard-eoo',
    blocks: [
      {
        open: '<c>',
        close: 'end-of-output',
        closeBefore: '<c>',
        guard: 'json',
        body: (body) => ({ calls: [{ name: 'f', arguments: { body } }] }),
      },
    ],
  });
  const bodies = (text: string) =>
    format.parse(text, { generateId: sequentialIds() }).calls.map((c) => c.arguments.body);

  it('a marker inside a string that closes later does not split the block', () => {
    expect(bodies('<c>{"s": "<c>x"}')).toEqual(['{"s": "<c>x"}']);
  });

  it('a string still open at the end was a stray quote: the skipped marker splits', () => {
    expect(bodies('<c>{"s": "a}<c>{"t": 1}')).toEqual(['{"s": "a}', '{"t": 1}']);
  });
});

/** The plain definition: one character at a time. */
function reference(text: string) {
  let inString = false;
  let escaped = false;
  let depth = 0;
  let endedAt = -1;
  let started = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      depth++;
      started = true;
    } else if (c === '}' || c === ']') {
      if (depth > 0) depth--;
      if (depth === 0 && started && endedAt === -1) endedAt = i + 1;
    }
  }
  return { inString, depth, endedAt };
}

describe('JsonBoundaryTracker, however the text is cut', () => {
  it('agrees with a character-by-character reading (strings are skipped with indexOf)', () => {
    const text = fc
      .array(fc.constantFrom('"', '\\', '{', '}', '[', ']', 'a', ' ', ':', ','), { maxLength: 40 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, fc.array(fc.nat(), { maxLength: 6 }), (s, cuts) => {
        const points = [...new Set(cuts.map((c) => c % (s.length + 1)))].sort((a, b) => a - b);
        const t = new JsonBoundaryTracker();
        let from = 0;
        for (const to of [...points, s.length]) {
          t.track(s, from, to);
          from = to;
        }
        const want = reference(s);
        expect({ inString: t.inString, depth: t.depth, endedAt: t.endedAt }).toEqual(want);
        expect(t.consumed).toBe(s.length);
      }),
      { numRuns: 2000 },
    );
  });
});
