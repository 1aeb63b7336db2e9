import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { coerceArguments, coerceValue, normalizeArguments, propertySchema } from './arguments.js';

describe('normalizeArguments', () => {
  it('keeps an object as is', () => {
    const args = { city: 'Paris' };
    expect(normalizeArguments(args).arguments).toBe(args);
    expect(normalizeArguments(args).issue).toBeUndefined();
  });

  it('unwraps a JSON string once', () => {
    expect(normalizeArguments('{"city": "Paris", "days": 3}')).toEqual({
      arguments: { city: 'Paris', days: 3 },
    });
  });

  it('does not unwrap twice, and says so', () => {
    const twice = JSON.stringify(JSON.stringify({ city: 'Paris' }));
    const result = normalizeArguments(twice);
    expect(result.arguments).toEqual({});
    expect(result.issue).toMatch(/a string/);
    expect(result.issue).toContain('city');
  });

  it('reports a repaired JSON string', () => {
    const result = normalizeArguments("{'city': 'Paris', 'metric': True}");
    expect(result.arguments).toEqual({ city: 'Paris', metric: true });
    expect(result.issue).toMatch(/repaired/);
  });

  it('maps null, undefined and empty strings to {} without an issue', () => {
    for (const raw of [null, undefined, '', '  \n', 'null']) {
      expect(normalizeArguments(raw)).toEqual({ arguments: {} });
    }
  });

  it('reports what it could not use', () => {
    const cases: Array<[unknown, RegExp]> = [
      [42, /a number: "42"/],
      [[1, 2], /an array: "\[1,2\]"/],
      ['[1, 2]', /the string held an array/],
      ['"just text"', /the string held a string/],
      ['Paris, please', /not valid JSON.*Paris, please/],
      [true, /a boolean/],
    ];
    for (const [raw, pattern] of cases) {
      const result = normalizeArguments(raw);
      expect(result.arguments).toEqual({});
      expect(result.issue).toMatch(pattern);
    }
  });

  it('keeps __proto__ an own property', () => {
    const { arguments: args } = normalizeArguments('{"__proto__": {"polluted": 1}}');
    expect(Object.hasOwn(args, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(args)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never throws, and always returns an object', () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.string(), fc.string({ unit: 'binary' })), (raw) => {
        const result = normalizeArguments(raw);
        expect(typeof result.arguments).toBe('object');
        expect(result.arguments).not.toBeNull();
      }),
      { numRuns: 1000 },
    );
  });
});

describe('coerceValue by schema', () => {
  it('keeps the exact text for strings', () => {
    expect(coerceValue('007', { type: 'string' })).toBe('007');
    expect(coerceValue(' true ', { type: 'string' })).toBe(' true ');
    expect(coerceValue('null', { type: 'string' })).toBe('null');
    expect(coerceValue('{"a": 1}', { type: 'string' })).toBe('{"a": 1}');
  });

  it('reads integers', () => {
    expect(coerceValue('3', { type: 'integer' })).toBe(3);
    expect(coerceValue('3.0', { type: 'integer' })).toBe(3);
    expect(coerceValue('1e2', { type: 'integer' })).toBe(100);
    expect(coerceValue(' -7\n', { type: 'integer' })).toBe(-7);
    expect(coerceValue('007', { type: 'integer' })).toBe(7);
  });

  it('keeps text an integer cannot hold, and reports it', () => {
    const issues: string[] = [];
    const report = (message: string) => issues.push(message);
    expect(coerceValue('three', { type: 'integer' }, report)).toBe('three');
    expect(coerceValue('3.5', { type: 'integer' }, report)).toBe('3.5');
    expect(coerceValue('0x10', { type: 'integer' }, report)).toBe('0x10');
    expect(coerceValue('12345678901234567890', { type: 'integer' }, report)).toBe('12345678901234567890');
    expect(issues).toHaveLength(4);
  });

  it('reads numbers', () => {
    expect(coerceValue('3.5', { type: 'number' })).toBe(3.5);
    expect(coerceValue('-1e-3', { type: 'number' })).toBe(-0.001);
    expect(coerceValue('.5', { type: 'number' })).toBe(0.5);
    expect(coerceValue('Infinity', { type: 'number' })).toBe('Infinity');
    expect(coerceValue('', { type: 'number' })).toBe('');
  });

  it('reads booleans written as words only', () => {
    for (const text of ['true', 'True', 'TRUE']) expect(coerceValue(text, { type: 'boolean' })).toBe(true);
    for (const text of ['false', 'False']) expect(coerceValue(text, { type: 'boolean' })).toBe(false);
    expect(coerceValue('1', { type: 'boolean' })).toBe('1');
    expect(coerceValue('yes', { type: 'boolean' })).toBe('yes');
  });

  it('reads null and None', () => {
    expect(coerceValue('null', { type: 'null' })).toBeNull();
    expect(coerceValue('None', { type: 'null' })).toBeNull();
  });

  it('reads objects and arrays, Python-ish ones included', () => {
    expect(coerceValue('{"a": 1}', { type: 'object' })).toEqual({ a: 1 });
    expect(coerceValue('[1, 2]', { type: 'array' })).toEqual([1, 2]);
    const issues: string[] = [];
    expect(coerceValue("{'a': True, 'b': None}", { type: 'object' }, (m) => issues.push(m))).toEqual({
      a: true,
      b: null,
    });
    expect(issues.join('\n')).toMatch(/repaired/);
    expect(coerceValue("['x', 'y',]", { type: 'array' })).toEqual(['x', 'y']);
    expect(coerceValue('[1, 2]', { type: 'object' })).toBe('[1, 2]');
    expect(coerceValue('not json', { type: 'array' })).toBe('not json');
  });

  it('reads JSON escaped once more (the inside of a JSON string), and reports it', () => {
    const issues: string[] = [];
    const text = String.raw`[{\"id\": \"1\", \"path\": \"C:\\\\Users\"}]`;
    expect(coerceValue(text, { type: 'array' }, (m) => issues.push(m))).toEqual([
      { id: '1', path: 'C:\\Users' },
    ]);
    expect(issues.join('\n')).toMatch(/escaped/);
    expect(coerceValue(String.raw`{\"a\": 1}`, { type: 'object' })).toEqual({ a: 1 });
    // Without a schema too: an object is parsed, escaped or not (architecture/semantics.md, guarantee 2).
    const notes: string[] = [];
    expect(coerceValue(String.raw`[{\"a\": \"x\"}]`, undefined, (m) => notes.push(m))).toEqual([{ a: 'x' }]);
    expect(notes).toHaveLength(1);
    expect(coerceValue(String.raw`He said \"hi\"`)).toBe(String.raw`He said \"hi\"`);
  });

  it('tries non-string types first in a type list', () => {
    expect(coerceValue('null', { type: ['string', 'null'] })).toBeNull();
    expect(coerceValue('5', { type: ['string', 'integer'] })).toBe(5);
    expect(coerceValue('five', { type: ['string', 'integer'] })).toBe('five');
    expect(coerceValue('2.5', { type: ['integer', 'number'] })).toBe(2.5);
  });

  it('reads anyOf / oneOf alternatives', () => {
    const schema = { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] };
    expect(coerceValue('["a"]', schema)).toEqual(['a']);
    expect(coerceValue('a', schema)).toBe('a');
    expect(coerceValue('3', { oneOf: [{ type: 'integer' }, { type: 'null' }] })).toBe(3);
    expect(coerceValue('None', { oneOf: [{ type: 'integer' }, { type: 'null' }] })).toBeNull();
  });

  it('returns the enum member the text stands for', () => {
    expect(coerceValue('2', { enum: [1, 2] })).toBe(2);
    expect(coerceValue('2', { type: 'integer', enum: [1, 2] })).toBe(2);
    expect(coerceValue('celsius', { type: 'string', enum: ['celsius', 'fahrenheit'] })).toBe('celsius');
    expect(coerceValue('1', { enum: ['1', 1] })).toBe('1');
    expect(coerceValue('true', { enum: [true, 'auto'] })).toBe(true);
    expect(coerceValue('x', { const: 'x' })).toBe('x');
    expect(coerceValue('7', { const: 7 })).toBe(7);
  });

  it('infers JSON literals, objects and arrays without a schema', () => {
    expect(coerceValue('42')).toBe(42);
    expect(coerceValue('-1.5')).toBe(-1.5);
    expect(coerceValue('true')).toBe(true);
    expect(coerceValue('null')).toBeNull();
    expect(coerceValue('{"a": [1]}')).toEqual({ a: [1] });
    expect(coerceValue('[1, 2]')).toEqual([1, 2]);
    expect(coerceValue('007')).toBe('007');
    expect(coerceValue('None')).toBe('None');
    expect(coerceValue('Paris')).toBe('Paris');
    expect(coerceValue('12345678901234567890')).toBe('12345678901234567890');
    expect(coerceValue('{broken')).toBe('{broken');
    expect(coerceValue('  line one\nline two ')).toBe('  line one\nline two ');
    expect(coerceValue('3', { description: 'no type here' })).toBe(3);
  });

  it('never throws', () => {
    const schemas = fc.constantFrom<Record<string, unknown> | undefined>(
      undefined,
      { type: 'string' },
      { type: 'integer' },
      { type: 'number' },
      { type: 'boolean' },
      { type: 'null' },
      { type: 'object' },
      { type: 'array' },
      { type: ['null', 'integer', 'string'] },
      { anyOf: [{ type: 'object' }, { enum: [1, 'a', null, true] }] },
      { enum: [{ a: 1 }, [1]] },
      { type: 42, enum: 'no', anyOf: 'no' },
    );
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' })), schemas, (text, schema) => {
        coerceValue(text, schema, () => {});
      }),
      { numRuns: 1000 },
    );
  });

  it('survives a schema that contains itself', () => {
    const schema: Record<string, unknown> = { anyOf: [] };
    // Three references per level would be 3^16 walks without the seen-set.
    (schema.anyOf as unknown[]).push(schema, schema, schema, { type: 'integer' });
    expect(coerceValue('3', schema)).toBe(3);
    expect(coerceValue('x', schema)).toBe('x');
  });
});

describe('propertySchema', () => {
  const schema = {
    type: 'object',
    properties: { n: { type: 'integer' }, any: true },
    additionalProperties: { type: 'number' },
  };

  it('is the declared property, else additionalProperties, and nothing for a declared key that takes any value', () => {
    expect(propertySchema(schema, 'n')).toEqual({ type: 'integer' });
    expect(propertySchema(schema, 'other')).toEqual({ type: 'number' });
    expect(propertySchema(schema, 'any')).toBeUndefined();
    expect(propertySchema(undefined, 'n')).toBeUndefined();
    expect(coerceArguments({ any: '12', other: '3.5' }, schema)).toEqual({ any: 12, other: 3.5 });
  });
});

describe('coerceArguments', () => {
  const parameters = {
    type: 'object',
    properties: {
      city: { type: 'string' },
      days: { type: 'integer' },
      metric: { type: 'boolean' },
      tags: { type: 'array', items: { type: 'string' } },
    },
  };

  it('types every parameter by its property schema', () => {
    expect(
      coerceArguments({ city: '007', days: '3', metric: 'True', tags: '["a", "b"]', extra: '5' }, parameters),
    ).toEqual({ city: '007', days: 3, metric: true, tags: ['a', 'b'], extra: 5 });
  });

  it('uses additionalProperties for undeclared keys', () => {
    expect(coerceArguments({ x: '5' }, { type: 'object', additionalProperties: { type: 'string' } })).toEqual(
      {
        x: '5',
      },
    );
  });

  it('names the parameter in issues', () => {
    const issues: string[] = [];
    coerceArguments({ days: 'three' }, parameters, (message) => issues.push(message));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toContain('"days"');
  });

  it('keeps __proto__ an own property', () => {
    const values = JSON.parse('{"__proto__": "{\\"polluted\\": 1}"}') as Record<string, string>;
    const result = coerceArguments(values);
    expect(Object.hasOwn(result, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
