import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { announceJsonCall, JSON_CALL_ARGUMENTS, jsonCallName } from './json-call-name.js';

describe('jsonCallName', () => {
  it('finds the name as soon as its string is complete', () => {
    expect(jsonCallName('{"name": "get_weather", "arguments": {"ci')).toBe('get_weather');
    expect(jsonCallName('{"name": "get_wea')).toBeNull();
    expect(jsonCallName('[{"function": "f", ')).toBe('f');
    expect(jsonCallName('{"arguments": {"name": "inner"}, "name": "outer"')).toBe('outer');
    expect(jsonCallName('{"name": "a\\"b"}')).toBe('a"b');
  });

  it('ignores bodies that are not a call object', () => {
    expect(jsonCallName('hello')).toBeNull();
    expect(jsonCallName('{"city": "Paris"}')).toBeNull();
    expect(jsonCallName('{"name": {"x": 1}}')).toBeNull();
  });

  it('never throws, and once it answers, every longer prefix gives the same answer', () => {
    const text = fc.array(fc.constantFrom('{', '}', '[', '"name"', '"', ':', ',', ' ', '"f"', '\\', 'x'), {
      maxLength: 20,
    });
    fc.assert(
      fc.property(text, (parts) => {
        const s = parts.join('');
        let first: string | null = null;
        for (let i = 0; i <= s.length; i++) {
          const got = jsonCallName(s.slice(0, i));
          if (first !== null) expect(got).toBe(first);
          else first = got;
        }
      }),
    );
  });

  it('reads escaped keys and names as JSON does', () => {
    expect(jsonCallName('{"na\\u006de": "f", ')).toBe('f');
    expect(jsonCallName('{"name": "\\u0066n", ')).toBe('fn');
    expect(jsonCallName('{"name": "bad\\q", ')).toBeNull();
    expect(jsonCallName('{"x": "bad\\q", "name": "f", ')).toBeNull();
    expect(jsonCallName('{"name": "tab\there"')).toBeNull();
  });
});

describe('announceJsonCall', () => {
  it('gives the name with where the arguments are: the keys a JSON call keeps them under', () => {
    expect(announceJsonCall('{"name": "f", "argu')).toEqual({ name: 'f', arguments: JSON_CALL_ARGUMENTS });
    expect(JSON_CALL_ARGUMENTS).toEqual({ keys: ['arguments', 'parameters', 'args', 'input'] });
    expect(announceJsonCall('{"nam')).toBeNull();
  });
});
