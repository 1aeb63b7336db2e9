import { describe, expect, it } from 'vitest';
import { defineFormat } from '../define-format.js';
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
    const format = defineFormat({
      markup: {
        id: 'guard-test',
        blocks: [
          {
            open: '<c>',
            close: '</c>',
            guard: 'json',
            body: (body) => ({ calls: [{ name: 'f', arguments: { body } }] }),
          },
        ],
      },
      systemPrompt: () => '',
      stopSequences: [],
      formatToolCalls: () => '',
      formatResult: () => '',
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
  const format = defineFormat({
    markup: {
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
    },
    systemPrompt: () => '',
    stopSequences: [],
    formatToolCalls: () => '',
    formatResult: () => '',
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
