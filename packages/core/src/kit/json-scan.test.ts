import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  findJsonEnd,
  findJsonValues,
  JsonValueScanner,
  jsonStringEnd,
  scanJsonValue,
  sharingJsonEnds,
} from './json-scan.js';

/** Strings built from the characters that matter to a bracket scanner, plus a little text. */
const jsonish = fc
  .array(
    fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      '"',
      "'",
      '\\',
      ',',
      ':',
      ' ',
      'a',
      '1',
      '\n',
      'true',
      '</tool_call>',
    ),
    {
      maxLength: 60,
    },
  )
  .map((parts) => parts.join(''));

const anyText = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), jsonish);

/** Feeds `text` to a fresh scanner as growing prefixes cut at `cuts`; returns the result after each feed. */
function feedChunked(text: string, start: number, cuts: number[]): number[] {
  const scanner = new JsonValueScanner();
  const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
  const results: number[] = [];
  for (const point of [...points, text.length]) results.push(scanner.feed(text.slice(0, point), start));
  return results;
}

describe('findJsonEnd', () => {
  it('ignores a closing brace inside a string', () => {
    const text = '{"a": "has } inside"} after';
    expect(findJsonEnd(text, 0)).toBe('{"a": "has } inside"}'.length);
  });

  it('finds the end before a close marker that also appears inside the arguments', () => {
    const text = '<tool_call>{"code": "print(\'</tool_call>\')"}</tool_call>';
    const start = text.indexOf('{');
    const end = findJsonEnd(text, start);
    expect(text.slice(start, end)).toBe('{"code": "print(\'</tool_call>\')"}');
  });

  it('honours escaped quotes and escaped backslashes', () => {
    expect(findJsonEnd('{"a": "a\\"b}"} x', 0)).toBe(14);
    expect(findJsonEnd('{"a": "a\\\\"} x', 0)).toBe(12);
  });

  it('reads nested arrays and objects', () => {
    const text = '[{"a": [1, {"b": "]"}]}, [[]]]';
    expect(findJsonEnd(text, 0)).toBe(text.length);
  });

  it('returns -1 for incomplete values', () => {
    expect(findJsonEnd('{"a": [1, 2', 0)).toBe(-1);
    expect(findJsonEnd('{"a": "}', 0)).toBe(-1);
    expect(findJsonEnd('', 0)).toBe(-1);
  });

  it('fails on a mismatched closer or a start that is not a bracket', () => {
    const scanner = new JsonValueScanner();
    expect(scanner.feed('{]', 0)).toBe(-1);
    expect(scanner.failed).toBe(true);
    expect(findJsonEnd('{"a": [1}', 0)).toBe(-1);
    expect(findJsonEnd('x{}', 0)).toBe(-1);
    expect(findJsonEnd('x{}', 1)).toBe(3);
  });

  it('treats single-quoted strings as strings by default, and not when disabled', () => {
    const text = "{'a': '}'}";
    expect(findJsonEnd(text, 0)).toBe(text.length);
    expect(findJsonEnd(text, 0, { singleQuotes: false })).toBe(8);
  });

  it('does not open a string at the apostrophe of a bare word', () => {
    const text = "{note: don't, ok: 'it''s'} tail";
    expect(findJsonEnd(text, 0)).toBe(text.indexOf(' tail'));
  });
});

describe('JsonValueScanner', () => {
  it('reports string state and depth while streaming', () => {
    const scanner = new JsonValueScanner();
    let buffer = '<tool_call>{"args": {"code": "</tool';
    expect(scanner.feed(buffer, 11)).toBe(-1);
    expect(scanner.inString).toBe(true);
    expect(scanner.depth).toBe(2);
    buffer += '_call>"}}';
    expect(scanner.feed(buffer, 11)).toBe(buffer.length);
    expect(scanner.inString).toBe(false);
    expect(scanner.depth).toBe(0);
    // Further feeds keep the answer.
    expect(scanner.feed(`${buffer}</tool_call>`, 11)).toBe(buffer.length);
  });

  it('says which element of a value that does not close is left open', () => {
    expect(scanJsonValue('[{"a": 1}, {"b": [2', 0).openElement).toBe(11);
    expect(scanJsonValue('[{"a": 1}, 2', 0).openElement).toBe(-1);
    expect(scanJsonValue('x [[[', 2).openElement).toBe(3);
    expect(scanJsonValue('[{"a": "}"}]', 0)).toMatchObject({ valueEnd: 12, openElement: -1, failed: false });
    expect(scanJsonValue('[{"a": 1]', 0)).toMatchObject({ valueEnd: -1, openElement: 1, failed: true });
  });

  it('handles an escape split across chunks', () => {
    const scanner = new JsonValueScanner();
    expect(scanner.feed('{"a": "x\\', 0)).toBe(-1);
    expect(scanner.feed('{"a": "x\\"', 0)).toBe(-1);
    expect(scanner.inString).toBe(true);
    expect(scanner.feed('{"a": "x\\""}', 0)).toBe(12);
  });

  it('gives the same answer for every chunking as the one-shot scan', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          jsonish.map((s) => `{${s}`),
          fc.jsonValue().map((v) => `[${JSON.stringify(v)}] tail`),
        ),
        fc.array(fc.nat(), { maxLength: 8 }),
        (text, cuts) => {
          const results = feedChunked(text, 0, cuts);
          expect(results[results.length - 1]).toBe(findJsonEnd(text, 0));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('answers each prefix as the one-shot scan of that prefix does', () => {
    fc.assert(
      fc.property(jsonish, fc.array(fc.nat(), { maxLength: 8 }), (body, cuts) => {
        const text = `x{${body}`;
        const scanner = new JsonValueScanner();
        const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
        for (const point of [...points, text.length]) {
          const prefix = text.slice(0, point);
          expect(scanner.feed(prefix, 1)).toBe(findJsonEnd(prefix, 1));
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('JsonValueScanner: runs of one opener', () => {
  /**
   * The scan with one stack entry per bracket, as it was before runs were counted; `element` is
   * where the bracket that made the stack two deep is, while it stays open.
   */
  function perBracket(text: string): {
    end: number;
    depth: number;
    inString: boolean;
    failed: boolean;
    element: number;
  } {
    const stack: string[] = [];
    let quote = '';
    let previous = '';
    let element = -1;
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (quote !== '') {
        if (c === '\\') i++;
        else if (c === quote) {
          quote = '';
          previous = c;
        }
        continue;
      }
      if (c === '{' || c === '[') {
        stack.push(c === '{' ? '}' : ']');
        if (stack.length === 2) element = i;
      } else if (stack.length === 0) return { end: -1, depth: 0, inString: false, failed: true, element };
      else if (c === '}' || c === ']') {
        if (stack.pop() !== c)
          return { end: -1, depth: stack.length, inString: false, failed: true, element };
        if (stack.length === 1) element = -1;
        if (stack.length === 0) return { end: i + 1, depth: 0, inString: false, failed: false, element };
      } else if (c === '"' || (c === "'" && /[{[(,:="']/.test(previous))) quote = c;
      else if (/\s/.test(c) && c.charCodeAt(0) < 128) continue;
      previous = c;
    }
    return { end: -1, depth: stack.length, inString: quote !== '', failed: false, element };
  }
  const runs = fc
    .array(fc.tuple(fc.constantFrom('{', '[', '}', ']', '"', "'", '\\', ',', ':', ' ', 'a'), fc.nat(6)), {
      maxLength: 30,
    })
    .map((parts) => parts.map(([c, n]) => c.repeat(n + 1)).join(''));
  it('answers as a stack of one entry per bracket, whatever the chunking, its open element too', () => {
    fc.assert(
      fc.property(runs, fc.array(fc.nat(), { maxLength: 6 }), (text, cuts) => {
        const want = perBracket(text);
        const scanner = new JsonValueScanner();
        const points = [...new Set(cuts.map((cut) => cut % (text.length + 1)))].sort((a, b) => a - b);
        for (const point of [...points, text.length]) scanner.feed(text.slice(0, point), 0);
        expect(scanner.feed(text, 0)).toBe(want.end);
        expect(scanner.failed).toBe(want.failed);
        expect(scanner.openElement).toBe(want.element);
        // Left open where the scan stopped, the element does not close when scanned alone either.
        if (want.element !== -1) expect(findJsonEnd(text, want.element)).toBe(-1);
        if (!want.failed && want.end === -1) {
          expect(scanner.depth).toBe(want.depth);
          expect(scanner.inString).toBe(want.inString);
        }
      }),
    );
  });
});

describe('findJsonValues', () => {
  it('finds JSON lines and comma-separated values, skipping prose', () => {
    const text = 'Calling two tools: {"name": "a", "arguments": {}}, {"name": "b"}\n[1, 2] done.';
    const spans = findJsonValues(text).map(({ start, end }) => text.slice(start, end));
    expect(spans).toEqual(['{"name": "a", "arguments": {}}', '{"name": "b"}', '[1, 2]']);
  });

  it('does not report nested values on their own', () => {
    expect(findJsonValues('{"a": {"b": [1]}}')).toEqual([{ start: 0, end: 17 }]);
  });

  it('finds values inside an opener that never closes', () => {
    const text = 'see [the docs {"a": 1} and {"b": 2}';
    const spans = findJsonValues(text).map(({ start, end }) => text.slice(start, end));
    expect(spans).toEqual(['{"a": 1}', '{"b": 2}']);
  });

  it('recovers after a mismatched closer', () => {
    const text = '[1, 2} then {"a": "}"}';
    const spans = findJsonValues(text).map(({ start, end }) => text.slice(start, end));
    expect(spans).toEqual(['{"a": "}"}']);
  });

  it('treats quotes between values as prose', () => {
    const text = `it's "quoted" {"a": 1} and 'more' [2]`;
    const spans = findJsonValues(text).map(({ start, end }) => text.slice(start, end));
    expect(spans).toEqual(['{"a": 1}', '[2]']);
  });

  it('finds exactly the values of JSON lines', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.dictionary(fc.string(), fc.jsonValue()), fc.array(fc.jsonValue()))),
        (values) => {
          const lines = values.map((value) => JSON.stringify(value));
          const text = lines.join('\n');
          const spans = findJsonValues(text).map(({ start, end }) => text.slice(start, end));
          expect(spans).toEqual(lines);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('properties', () => {
  it('never throws on any string', () => {
    fc.assert(
      fc.property(anyText, fc.nat(), (text, start) => {
        findJsonEnd(text, start % (text.length + 1));
        findJsonEnd(text, 0, { singleQuotes: false });
        findJsonValues(text);
        const scanner = new JsonValueScanner();
        scanner.feed(text.slice(0, text.length >> 1), 0);
        scanner.feed(text, 0);
      }),
      { numRuns: 1000 },
    );
  });

  it('finds exactly the end of every serialised JSON object or array', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, pretty) => {
        const json = JSON.stringify(value, null, pretty ? 2 : undefined);
        if (!json.startsWith('{') && !json.startsWith('[')) return;
        const prose = 'Sure: ';
        expect(findJsonEnd(json, 0)).toBe(json.length);
        expect(findJsonEnd(`${prose}${json}</tool_call>`, prose.length)).toBe(prose.length + json.length);
      }),
      { numRuns: 500 },
    );
  });

  it('returns on 1 MiB of unclosed nesting (no timing assertion)', { timeout: 60_000 }, () => {
    const size = 1 << 20;
    const objects = '{"a":'.repeat(Math.ceil(size / 5));
    const arrays = '['.repeat(size);
    for (const text of [objects, arrays]) {
      expect(findJsonEnd(text, 0)).toBe(-1);
      expect(findJsonValues(text)).toEqual([]);
      const scanner = new JsonValueScanner();
      for (let end = 4096; end < text.length; end += 4096) scanner.feed(text.slice(0, end), 0);
      expect(scanner.feed(text, 0)).toBe(-1);
    }
    expect(findJsonEnd(`${'['.repeat(size)}${']'.repeat(size)}`, 0)).toBe(2 * size);
  });
});

describe('sharingJsonEnds', () => {
  it('answers every findJsonEnd inside it as one outside would, options and starts told apart', () => {
    fc.assert(
      fc.property(
        anyText,
        anyText,
        fc.array(fc.tuple(fc.boolean(), fc.nat(), fc.boolean()), { maxLength: 8 }),
        (a, b, asks) => {
          const plain = asks.map(([first, start, single]) => {
            const text = first ? a : b;
            return findJsonEnd(text, start % (text.length + 1), { singleQuotes: single });
          });
          const shared = sharingJsonEnds(() =>
            asks.map(([first, start, single]) => {
              const text = first ? a : b;
              return findJsonEnd(text, start % (text.length + 1), { singleQuotes: single });
            }),
          );
          expect(shared).toEqual(plain);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('scans a value once for several readers inside it, and anew outside it, even after a scope threw', () => {
    const feed = vi.spyOn(JsonValueScanner.prototype, 'feed');
    try {
      const text = `${'['.repeat(1000)}x`;
      expect(
        sharingJsonEnds(() => [findJsonEnd(text, 0), findJsonEnd(text, 0), findJsonEnd(text, 1)]),
      ).toEqual([-1, -1, -1]);
      // Two starts, two scans: the second reader at 0 got the first one's answer.
      expect(feed).toHaveBeenCalledTimes(2);
      expect(() =>
        sharingJsonEnds(() => {
          findJsonEnd(text, 0);
          throw new Error('reader failed');
        }),
      ).toThrow('reader failed');
      feed.mockClear();
      // A scope that threw is closed: each call outside scans again.
      expect([findJsonEnd(text, 0), findJsonEnd(text, 0)]).toEqual([-1, -1]);
      expect(feed).toHaveBeenCalledTimes(2);
    } finally {
      feed.mockRestore();
    }
  });
});

describe('jsonStringEnd', () => {
  it('is the index just past the closing quote, escapes skipped', () => {
    expect(jsonStringEnd('x "a\\"b" y', 2)).toBe(8);
    expect(jsonStringEnd('"\\\\"', 0)).toBe(4);
  });

  it('is -1 for a string that does not close', () => {
    expect(jsonStringEnd('"abc', 0)).toBe(-1);
    expect(jsonStringEnd('"abc\\"', 0)).toBe(-1);
  });
});
