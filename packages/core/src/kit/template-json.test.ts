import { describe, expect, it } from 'vitest';
import { pyStr, resultText, tojson, tojsonIndented } from './template-json.js';

describe('template JSON', () => {
  it('writes json.dumps separators and keeps non-ASCII text', () => {
    expect(tojson({ location: 'Paris', unit: 'celsius', n: [1, 2], city: '東京' })).toBe(
      '{"location": "Paris", "unit": "celsius", "n": [1, 2], "city": "東京"}',
    );
  });
  it('skips undefined members as json.dumps has none, and writes null in arrays', () => {
    expect(tojson({ a: undefined, b: [undefined] })).toBe('{"b": [null]}');
  });
  it('indents with four spaces', () => {
    expect(tojsonIndented({ a: 1 })).toBe('{\n    "a": 1\n}');
  });
  it("prints scalars as Python's str()", () => {
    expect([true, false, null, 3, 'x'].map(pyStr)).toEqual(['True', 'False', 'None', '3', 'x']);
  });
  it('renders a result as text or JSON', () => {
    expect(resultText({ name: 'f', content: 'ok' })).toBe('ok');
    expect(resultText({ name: 'f', content: { t: 22 } })).toBe('{"t": 22}');
  });
});
