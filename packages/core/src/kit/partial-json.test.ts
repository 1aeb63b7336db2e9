import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePartialJson } from './partial-json.js';

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
      'e',
      '-',
      'tr',
      'nu',
      'True',
    ),
    {
      maxLength: 60,
    },
  )
  .map((parts) => parts.join(''));

describe('parsePartialJson', () => {
  it('shows the arguments of a call cut off mid-string', () => {
    expect(parsePartialJson('{"name": "get_weather", "arguments": {"city": "Par')).toEqual({
      value: { name: 'get_weather', arguments: { city: 'Par' } },
      complete: false,
    });
  });

  it('says complete for a whole value', () => {
    expect(parsePartialJson('{"city": "Paris"}')).toEqual({ value: { city: 'Paris' }, complete: true });
    expect(parsePartialJson('  [1, 2]\n')).toEqual({ value: [1, 2], complete: true });
    expect(parsePartialJson('12')).toEqual({ value: 12, complete: true });
  });

  it('drops a key that has no value yet', () => {
    expect(parsePartialJson('{"a": 1, "b"')?.value).toEqual({ a: 1 });
    expect(parsePartialJson('{"a": 1, "b": ')?.value).toEqual({ a: 1 });
    expect(parsePartialJson('{"a": 1, "bc')?.value).toEqual({ a: 1 });
    expect(parsePartialJson('{"a": 1,')?.value).toEqual({ a: 1 });
  });

  it('drops a partial literal and the incomplete end of a number', () => {
    expect(parsePartialJson('{"ok": tr')?.value).toEqual({});
    expect(parsePartialJson('[true, fal')?.value).toEqual([true]);
    expect(parsePartialJson('[1, nu')?.value).toEqual([1]);
    expect(parsePartialJson('{"n": -')?.value).toEqual({});
    expect(parsePartialJson('{"n": 12.')?.value).toEqual({ n: 12 });
    expect(parsePartialJson('{"n": 1e')?.value).toEqual({ n: 1 });
    expect(parsePartialJson('{"n": 12')).toEqual({ value: { n: 12 }, complete: false });
  });

  it('closes nested containers', () => {
    expect(parsePartialJson('{"a": [{"b": [1, {"c": "d')?.value).toEqual({ a: [{ b: [1, { c: 'd' }] }] });
    expect(parsePartialJson('[[')?.value).toEqual([[]]);
    expect(parsePartialJson('{')?.value).toEqual({});
  });

  it('drops an escape cut in half', () => {
    expect(parsePartialJson('{"a": "x\\')?.value).toEqual({ a: 'x' });
    expect(parsePartialJson('{"a": "x\\u00')?.value).toEqual({ a: 'x' });
    expect(parsePartialJson('{"a": "x\\u00e9')?.value).toEqual({ a: 'xé' });
  });

  it('previews the relaxed forms the ladder accepts', () => {
    expect(parsePartialJson("{'a': True, 'b': 'it")?.value).toEqual({ a: true, b: 'it' });
  });

  it('returns null when nothing is usable', () => {
    expect(parsePartialJson('')).toBeNull();
    expect(parsePartialJson('   ')).toBeNull();
    expect(parsePartialJson('tr')).toBeNull();
    expect(parsePartialJson('-')).toBeNull();
    expect(parsePartialJson('hello')).toBeNull();
    expect(parsePartialJson('{"a": 1} trailing')).toBeNull();
  });

  it('keeps __proto__ an own property', () => {
    const result = parsePartialJson('{"__proto__": {"polluted": 1}, "x": "y');
    const value = result?.value as Record<string, unknown>;
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never throws on any string', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), jsonish), (text) => {
        const result = parsePartialJson(text);
        if (result !== null) expect(typeof result.complete).toBe('boolean');
      }),
      { numRuns: 1000 },
    );
  });

  it('gives a value for every prefix of a serialised object, and the object itself at the end', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.nat(), (object, cut) => {
        const json = JSON.stringify(object);
        const prefix = json.slice(0, 1 + (cut % json.length));
        const partial = parsePartialJson(prefix);
        expect(partial).not.toBeNull();
        expect(typeof partial?.value).toBe('object');
        if (prefix.length < json.length) expect(partial?.complete).toBe(false);
        expect(parsePartialJson(json)).toEqual({ value: JSON.parse(json), complete: true });
      }),
      { numRuns: 500 },
    );
  });

  it('previews a value whose keys are all keys of the final value', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.nat(), (object, cut) => {
        const json = JSON.stringify(object);
        const partial = parsePartialJson(json.slice(0, 1 + (cut % json.length)));
        const full = JSON.parse(json) as Record<string, unknown>;
        for (const key of Object.keys(partial?.value as object)) {
          // A key that is shown is a key that was written whole.
          expect(Object.hasOwn(full, key)).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('returns on 1 MiB of unclosed nesting (no timing assertion)', { timeout: 60_000 }, () => {
    const size = 1 << 20;
    expect(parsePartialJson('{"a":'.repeat(Math.ceil(size / 5)))).toBeNull();
    expect(parsePartialJson('['.repeat(size))).toBeNull();
    expect(parsePartialJson('['.repeat(size), { maxDepth: Number.POSITIVE_INFINITY })).not.toBeNull();
  });
});
