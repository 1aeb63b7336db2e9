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
