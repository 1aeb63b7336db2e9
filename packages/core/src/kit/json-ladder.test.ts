import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  NOT_STRICT_JSON,
  parseJsonAtDepth,
  parseJsonLadder,
  repairJson,
  strictJsonValue,
} from './json-ladder.js';

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
      '.',
      '-',
      '\n',
      'True',
      'None',
      '//',
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(''));

const anyText = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), jsonish);

function ladder(text: string) {
  const result = parseJsonLadder(text);
  if (!result.ok) throw new Error(`expected ok, got: ${result.error}`);
  return result;
}

describe('parseJsonLadder: the rungs', () => {
  it('takes strict JSON as is', () => {
    expect(ladder('{"city": "Paris", "days": 3}')).toEqual({
      ok: true,
      value: { city: 'Paris', days: 3 },
      repaired: null,
      repairs: [],
    });
  });

  it('reads relaxed JSON through json5', () => {
    const result = ladder("{a: 1, b: 'x',}");
    expect(result.value).toEqual({ a: 1, b: 'x' });
    expect(result.repaired).toBe('json5');
    expect(result.repairs).toHaveLength(1);
  });

  it('repairs Python literals', () => {
    const result = ladder('{"a": True, "b": None, "c": False, "d": "True stays"}');
    expect(result.value).toEqual({ a: true, b: null, c: false, d: 'True stays' });
    expect(result.repaired).toBe('repair');
    expect(result.repairs.join('\n')).toMatch(/Python literal/);
  });

  it('repairs a Python dict: single quotes, unquoted and numeric keys, trailing commas', () => {
    const result = ladder("{'city': 'Paris', units: None, 1: 'x', 'q': 'say \"hi\"', 'it': 'it\\'s',}");
    expect(result.value).toEqual({ city: 'Paris', units: null, 1: 'x', q: 'say "hi"', it: "it's" });
    expect(result.repaired).toBe('repair');
    const repairs = result.repairs.join('\n');
    expect(repairs).toMatch(/single-quoted/);
    expect(repairs).toMatch(/unquoted key/);
    expect(repairs).toMatch(/trailing comma/);
  });

  it('escapes raw newlines and tabs inside strings', () => {
    const result = ladder('{"code": "def f():\n\treturn 1"}');
    expect(result.value).toEqual({ code: 'def f():\n\treturn 1' });
    expect(result.repairs.join('\n')).toMatch(/control character/);
  });

  it('keeps a stray backslash literally', () => {
    expect(ladder('{"path": "C:\\Users\\me", "ok": True}').value).toEqual({
      path: 'C:\\Users\\me',
      ok: true,
    });
  });

  it('closes truncated output', () => {
    const result = ladder('{"name": "get_weather", "arguments": {"city": "Par');
    expect(result.value).toEqual({ name: 'get_weather', arguments: { city: 'Par' } });
    expect(result.repaired).toBe('repair');
    const repairs = result.repairs.join('\n');
    expect(repairs).toMatch(/unterminated string/);
    expect(repairs).toMatch(/truncated/);
  });

  it('drops a dangling key and a partial literal at the end', () => {
    expect(ladder('{"a": 1, "b": ').value).toEqual({ a: 1 });
    expect(ladder('{"a": 1, "b"').value).toEqual({ a: 1 });
    expect(ladder('[1, 2, tr').value).toEqual([1, 2]);
    expect(ladder('{"a": [1, 2.').value).toEqual({ a: [1, 2] });
  });

  it('inserts the comma missing between }{', () => {
    const result = ladder('[{"name": "a"}{"name": "b"}]');
    expect(result.value).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(result.repairs.join('\n')).toMatch(/missing comma/);
  });

  it('leaves hexadecimal numbers to JSON5 instead of splitting them', () => {
    expect(ladder('{a: 0x1F, b: Infinity}')).toMatchObject({
      value: { a: 31, b: Number.POSITIVE_INFINITY },
      repaired: 'json5',
    });
  });

  it('keeps the backslashes of a Windows path that JSON5 would drop', () => {
    const result = ladder('{"path": "C:\\Users\\me"}');
    expect(result.value).toEqual({ path: 'C:\\Users\\me' });
    expect(result.repaired).toBe('repair');
  });

  it('fixes closers: one too many, and one that skips an open bracket', () => {
    expect(ladder('{"name": "f", "arguments": {"x": 1}}}').value).toEqual({ name: 'f', arguments: { x: 1 } });
    expect(ladder('{"a": [1, 2}').value).toEqual({ a: [1, 2] });
  });

  it('removes comments and extra commas', () => {
    expect(ladder('{"a": 1, // one\n "b": [1,,2], /* c */ "c": True}').value).toEqual({
      a: 1,
      b: [1, 2],
      c: true,
    });
  });

  it('does not repair quotes doubled around the whole value', () => {
    const result = parseJsonLadder('"{"a": 1}"');
    expect(result.ok).toBe(false);
  });

  it('does not invent values for bare words', () => {
    const result = parseJsonLadder('{"unit": celsius, "x": True}');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/celsius/);
  });

  it("reads the doubled braces of an escaped template's example", () => {
    // The outer pair doubled, the arguments interpolated as they are.
    const outer = parseJsonLadder('{{"name": "f", "arguments": {"location": "SF, CA"}}}');
    expect(outer).toMatchObject({
      ok: true,
      repaired: 'repair',
      value: { name: 'f', arguments: { location: 'SF, CA' } },
    });
    if (outer.ok) expect(outer.repairs[0]).toMatch(/doubled braces/);
    // Every brace doubled; braces inside strings are the strings'.
    expect(ladder('{{"a": {{"b": "}}{{"}}}}').value).toEqual({ a: { b: '}}{{' } });
    expect(ladder(' {{}} ').value).toEqual({});
  });

  it('does not take braces for doubled ones where the reading is not JSON', () => {
    expect(parseJsonLadder('{{name}}').ok).toBe(false);
    expect(parseJsonLadder('{{"a": 1}').ok).toBe(false);
    expect(parseJsonLadder('{{"a": 1}} trailing').ok).toBe(false);
  });

  it('fails on nothing', () => {
    expect(parseJsonLadder('').ok).toBe(false);
    expect(parseJsonLadder('   ').ok).toBe(false);
    expect(parseJsonLadder('tr').ok).toBe(false);
  });
});

describe('parseJsonLadder: safety', () => {
  it.each([
    ['strict', '{"__proto__": {"polluted": 1}}', null],
    ['json5', "{'__proto__': {polluted: 1},}", 'json5'],
    ['json5 unquoted', '{__proto__: {polluted: 1}}', 'json5'],
    ['repair', '{"__proto__": {"polluted": True}, "x": None}', 'repair'],
    ['repair unquoted', '{__proto__: {"polluted": True}', 'repair'],
  ])('keeps __proto__ an own property (%s)', (_name, text, rung) => {
    const result = ladder(text);
    expect(result.repaired).toBe(rung);
    const value = result.value as Record<string, unknown>;
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((value as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('enforces maxDepth on every rung', () => {
    expect(parseJsonLadder('[[[1]]]', { maxDepth: 3 }).ok).toBe(true);
    expect(parseJsonLadder('[[[1]]]', { maxDepth: 2 }).ok).toBe(false);
    expect(parseJsonLadder('[[[1,]]]', { maxDepth: 2 }).ok).toBe(false);
    expect(parseJsonLadder('[[[True]]]', { maxDepth: 2 }).ok).toBe(false);
    expect(parseJsonLadder(`${'['.repeat(300)}${']'.repeat(300)}`).ok).toBe(false);
    expect(parseJsonLadder(`${'['.repeat(256)}${']'.repeat(256)}`).ok).toBe(true);
  });

  it('never throws on any string', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const result = parseJsonLadder(text);
        expect(typeof result.ok).toBe('boolean');
      }),
      { numRuns: 1000 },
    );
  });

  it('writes valid JSON whenever the repair pass succeeds', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const result = repairJson(text);
        if (result.ok) expect(() => JSON.parse(result.text)).not.toThrow();
      }),
      { numRuns: 1000 },
    );
  });

  it('returns every serialised JSON value unrepaired', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, pretty) => {
        const json = JSON.stringify(value, null, pretty ? 2 : undefined);
        const result = ladder(json);
        expect(result.repaired).toBeNull();
        expect(result.value).toStrictEqual(JSON.parse(json));
      }),
      { numRuns: 500 },
    );
  });

  it('the repair pass reproduces every serialised JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const json = JSON.stringify(value);
        const result = repairJson(json);
        expect(result.ok).toBe(true);
        if (result.ok) {
          expect(JSON.parse(result.text)).toStrictEqual(JSON.parse(json));
          expect(result.repairs).toEqual([]);
          expect(result.truncated).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('returns on 1 MiB of unclosed nesting (no timing assertion)', { timeout: 60_000 }, () => {
    const size = 1 << 20;
    for (const text of ['{"a":'.repeat(Math.ceil(size / 5)), '['.repeat(size)]) {
      expect(parseJsonLadder(text).ok).toBe(false);
      expect(repairJson(text, { maxDepth: Number.POSITIVE_INFINITY }).ok).toBe(true);
    }
  });
});

describe('parseJsonLadder without JSON.parse on text that cannot be strict JSON', () => {
  it('repairs and reads text whose ends tell it is not strict JSON as before', () => {
    for (const [text, value] of [
      ['{', {}],
      ['{"a": 1', { a: 1 }],
      ['[1, 2', [1, 2]],
      [" {'a': 1} ", { a: 1 }],
    ] as const) {
      const r = parseJsonLadder(text);
      expect(r.ok && r.value).toEqual(value);
      expect(r.ok && r.repaired).not.toBeNull();
    }
  });

  it('still reads every strict value', () => {
    for (const text of ['{}', ' [ ] ', '"x"', '-1', '2e5', 'true', 'false', 'null', '{"a":[1,{"b":"}"}]}']) {
      const r = parseJsonLadder(text);
      expect(r).toEqual({ ok: true, value: JSON.parse(text), repaired: null, repairs: [] });
    }
  });

  it('still fails with a message on what it cannot read', () => {
    for (const text of ['', '   ', '{{{{', ':']) {
      const r = parseJsonLadder(text);
      expect(r.ok).toBe(false);
    }
  });
});

describe('parseJsonLadder on the same text again (the memo of the last failure or repair)', () => {
  it('gives the same answer, and a value of its own, every time', () => {
    for (const text of ['{', '{"a":', "{'a': [1, 2", '{"a": tru', 'nope', '[[[']) {
      const first = parseJsonLadder(text);
      const second = parseJsonLadder(text);
      expect(second).toEqual(first);
      if (first.ok && second.ok && typeof first.value === 'object' && first.value !== null) {
        expect(second.value).not.toBe(first.value);
        expect(second.repairs).not.toBe(first.repairs);
      }
      // A different depth limit is a different question.
      expect(parseJsonLadder(text, { maxDepth: 1 })).toEqual(parseJsonLadder(text, { maxDepth: 1 }));
    }
    expect(parseJsonLadder('[[1]]', { maxDepth: 1 }).ok).toBe(false);
    expect(parseJsonLadder('[[1', { maxDepth: 1 }).ok).toBe(false);
    expect(parseJsonLadder('[[1', { maxDepth: 2 })).toMatchObject({ ok: true, value: [[1]] });
  });

  it('matches a fresh read on random text', () => {
    fc.assert(
      fc.property(jsonish, (text) => {
        const first = parseJsonLadder(text);
        expect(parseJsonLadder(text)).toEqual(first);
      }),
    );
  });
});

describe('parseJsonAtDepth', () => {
  it('is parseJsonLadder with the depth limit given as is', () => {
    for (const text of ['{"a": [1]}', "{'a': 1,}", '[[[1]]]', '{"a": ', 'nope', '{{"a": 1}}'])
      for (const depth of [undefined, 1, 2, 256])
        expect(parseJsonAtDepth(text, depth)).toEqual(parseJsonLadder(text, { maxDepth: depth }));
  });
});

describe('strictJsonValue: the first rung alone', () => {
  it('gives the value of strict JSON, and nothing for what needs a later rung or nests too deep', () => {
    expect(strictJsonValue(' {"name": "f", "arguments": {"a": [1]}}\n', undefined)).toEqual({
      name: 'f',
      arguments: { a: [1] },
    });
    for (const text of ["{'a': 1}", '{"a": 1,}', '{"a": 1', '', 'nope', '{{"a": 1}}'])
      expect(strictJsonValue(text, undefined)).toBe(NOT_STRICT_JSON);
    expect(strictJsonValue('[[1]]', 1)).toBe(NOT_STRICT_JSON);
    expect(strictJsonValue('[[1]]', 2)).toEqual([[1]]);
  });

  it('is the ladder where it answers, and leaves the ladder its answer where it does not', () => {
    fc.assert(
      fc.property(anyText, fc.constantFrom(undefined, 1, 3), (text, depth) => {
        const alone = parseJsonAtDepth(text, depth);
        const value = strictJsonValue(text, depth);
        // The ladder after a failed try (its message taken from that try) answers as it does alone.
        const after = parseJsonAtDepth(text, depth);
        expect(after).toEqual(alone);
        if (value !== NOT_STRICT_JSON)
          expect(alone).toEqual({ ok: true, value, repaired: null, repairs: [] });
        else expect(alone.ok && alone.repaired === null).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it('does not try JSON.parse again on a short text the ladder already failed or repaired', () => {
    const text = '{"a": 1 "b": [2, 3]}';
    expect(parseJsonAtDepth(text, undefined)).toMatchObject({ ok: true, repaired: 'repair' });
    const parse = vi.spyOn(JSON, 'parse');
    try {
      expect(strictJsonValue(text, undefined)).toBe(NOT_STRICT_JSON);
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });

  it("takes the failed try's message for another text only when it is that text", () => {
    expect(strictJsonValue('{"a": 1,}', undefined)).toBe(NOT_STRICT_JSON);
    // Another text comes to the ladder first: it is read for itself.
    expect(parseJsonAtDepth('{"b": 2}', undefined)).toEqual({
      ok: true,
      value: { b: 2 },
      repaired: null,
      repairs: [],
    });
    expect(parseJsonAtDepth('{"a": 1,}', undefined)).toMatchObject({ ok: true, value: { a: 1 } });
  });
});
