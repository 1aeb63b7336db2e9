import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isExactJsonCall, isExactJsonCalls, isExactPythonCall, isToolName } from './exact-call-shape.js';
import { parsePythonCalls } from './python-calls.js';

describe('the exact call shape (bare forms read without declared tools)', () => {
  it('knows a tool name from prose', () => {
    expect(isToolName('get_weather')).toBe(true);
    expect(isToolName('brave-search.v2')).toBe(true);
    expect(isToolName('John Smith')).toBe(false);
    expect(isToolName('2fast')).toBe(false);
    expect(isToolName('')).toBe(false);
    expect(isToolName('a'.repeat(65))).toBe(false);
  });

  it('takes {"name", "arguments"|"parameters"} and nothing else', () => {
    expect(isExactJsonCall({ name: 'search', parameters: { q: 'x' } })).toBe(true);
    expect(isExactJsonCall({ arguments: {}, name: 'refresh' })).toBe(true);
    // Answers that merely have a name.
    expect(isExactJsonCall({ name: 'Alice', age: 30 })).toBe(false);
    expect(isExactJsonCall({ name: 'Paris trip', parameters: { budget: 1 } })).toBe(false);
    expect(isExactJsonCall({ name: 'search', arguments: { q: 'x' }, note: 'extra' })).toBe(false);
    expect(isExactJsonCall({ name: 'search', arguments: '{"q": "x"}' })).toBe(false);
    expect(isExactJsonCall({ name: 'search' })).toBe(false);
  });

  it('takes a list only when every element is a call', () => {
    expect(
      isExactJsonCalls([
        { name: 'a', arguments: {} },
        { name: 'b', parameters: {} },
      ]),
    ).toBe(true);
    expect(isExactJsonCalls([{ name: 'a', arguments: {} }, { title: 'b' }])).toBe(false);
    expect(isExactJsonCalls([])).toBe(false);
  });

  it('takes pythonic calls with keyword arguments only', () => {
    const calls = (text: string) => {
      const r = parsePythonCalls(text);
      return r.ok ? r.calls : [];
    };
    expect(calls("[get_weather(city='Paris'), get_time()]").every(isExactPythonCall)).toBe(true);
    expect(calls('[len(x)]').every(isExactPythonCall)).toBe(false);
  });
});

describe('isExactJsonCall: the keys Object.keys lists', () => {
  /** The definition: exactly `name` and `arguments` or `parameters` among the own enumerable keys. */
  function byKeys(value: unknown): boolean {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length !== 2 || !keys.includes('name')) return false;
    const argsKey = keys[0] === 'name' ? keys[1]! : keys[0]!;
    if (argsKey !== 'arguments' && argsKey !== 'parameters') return false;
    const args = record[argsKey];
    return (
      typeof record.name === 'string' &&
      isToolName(record.name) &&
      typeof args === 'object' &&
      args !== null &&
      !Array.isArray(args)
    );
  }
  it('agrees with the definition on parsed JSON, __proto__ keys and inherited keys included', () => {
    const value = fc.dictionary(
      fc.constantFrom('name', 'arguments', 'parameters', '__proto__', 'constructor', 'x'),
      fc.oneof(fc.constantFrom('f', 'a b', 1, null), fc.constant({}), fc.constant([])),
    );
    fc.assert(
      fc.property(value, fc.boolean(), (object, inherit) => {
        const parsed = JSON.parse(JSON.stringify(object)) as Record<string, unknown>;
        const subject = inherit ? Object.assign(Object.create({ extra: 1 }), parsed) : parsed;
        expect(isExactJsonCall(subject)).toBe(byKeys(subject));
      }),
    );
  });
});
