/** Issue 8's pathological pythonic inputs: they must return (the bench measures the time). */
import { describe, expect, it } from 'vitest';
import { createLlamaFormat } from './format.js';

describe('adversarial input', () => {
  const h = createLlamaFormat('pythonic');
  const inputs = [
    `[foo(${'a=, b=, c=, '.repeat(20000)}`,
    `hello world[A(A=\t${')A(A=,\t\t'.repeat(20000)}`,
    "[a(b='".repeat(20000),
    '[a(b=@'.repeat(20000),
    '[a('.repeat(20000),
    '{"name": "x", "parameters": {'.repeat(5000),
    `<|python_tag|>${'['.repeat(50000)}`,
    `>>>f\n${'{'.repeat(50000)}`,
  ];
  it.each(inputs.map((s, i) => [i, s] as const))('input %i returns', (_i, s) => {
    const r = h.parse(s);
    expect(Array.isArray(r.calls)).toBe(true);
    expect(typeof (r.content ?? '')).toBe('string');
  });

  it('keeps failed candidates as text, whole (nothing lost)', () => {
    for (const unit of ["[a(b='", '[a(b=@', '[f(']) {
      const s = unit.repeat(5000);
      expect(h.parse(s)).toMatchObject({ calls: [], content: s });
    }
  });
});
