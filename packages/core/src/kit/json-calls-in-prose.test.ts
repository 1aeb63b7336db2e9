import { describe, expect, it } from 'vitest';
import { type JsonCallsInProseOptions, jsonCallsInProse } from './json-calls-in-prose.js';
import { callsInProse } from './prose-calls.js';

const SHAPE: JsonCallsInProseOptions = {
  argumentKeys: ['parameters', 'arguments'],
  requireArguments: true,
  separators: ';,',
  markupSeparator: ';',
};

const scan = (text: string, options: Partial<JsonCallsInProseOptions> = {}) =>
  callsInProse(text, [jsonCallsInProse(text, { ...SHAPE, ...options })]);

describe('jsonCallsInProse', () => {
  it('reads call-shaped JSON in prose; the rest is text', () => {
    expect(scan('Here: {"name": "f", "parameters": {"a": 1}} ok')).toEqual({
      calls: [{ name: 'f', arguments: { a: 1 } }],
      issues: [],
      text: 'Here:  ok',
    });
  });

  it('leaves JSON that is not a call, or not strict JSON, as text', () => {
    expect(scan('{"name": "x"} {"a": 1} {\'name\': \'f\', \'parameters\': {}}')).toEqual({
      calls: [],
      notMarkup: true,
    });
  });

  it('takes every call of a list, or none when one is not a call', () => {
    expect(scan('[{"name": "f", "parameters": {}}, {"name": "g", "arguments": {}}]').calls.length).toBe(2);
    expect(scan('[{"name": "f", "parameters": {}}, {"a": 1}]').calls).toEqual([]);
  });

  it('takes the markup separator after a call out of the text, not the others', () => {
    const two = '{"name": "f", "parameters": {}}; {"name": "g", "parameters": {}}';
    expect(scan(two)).toEqual({
      calls: [
        { name: 'f', arguments: {} },
        { name: 'g', arguments: {} },
      ],
      issues: [],
    });
    expect(scan('{"name": "f", "parameters": {}}, x').text).toBe(', x');
  });

  it('reads a mention as text with the mentions option, looking past a separator', () => {
    const text = 'Use {"name": "f", "parameters": {}} to search.';
    expect(scan(text).calls.length).toBe(1);
    expect(scan(text, { mentions: true })).toEqual({ calls: [], notMarkup: true });
    expect(scan('{"name": "f", "parameters": {}}; Then', { mentions: true }).calls.length).toBe(1);
    expect(scan('{"name": "f", "parameters": {}}; then', { mentions: true }).calls).toEqual([]);
  });
});
