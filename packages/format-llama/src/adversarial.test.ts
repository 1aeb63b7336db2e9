/** Issue 8's pathological pythonic inputs: they must return (the bench measures the time). */
import { describe, expect, it } from 'vitest';
import { createLlamaFormat } from './plugin.js';

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

  // A run of identical blocks shares one reading in the engine: what comes out is still one
  // fresh call per block, and every call past maxCalls is reported with its own text.
  it('reads identical blocks one by one, within maxCalls and past it', () => {
    const f = createLlamaFormat('functionary');
    const r = f.parse('>>>f\n{"a": 1}'.repeat(3), { maxCalls: 2 });
    expect(r.calls.map((c) => c.arguments)).toEqual([{ a: 1 }, { a: 1 }]);
    expect(r.calls[0]!.arguments).not.toBe(r.calls[1]!.arguments);
    const past = f.parse(['>>>f\n{', '>>>f\n{', '>>>f\n{"a": 2}', '>>>f\n{', '>>>f\n{'].join(''), {
      maxCalls: 1,
    });
    expect(past.calls).toHaveLength(1);
    const limit = past.issues.find((i) => i.kind === 'limit-exceeded');
    expect(limit?.message).toContain('4 more were not extracted');
    expect(limit?.raw).toBe(
      [
        '{"name":"f","arguments":{}}',
        '{"name":"f","arguments":{"a":2}}',
        '{"name":"f","arguments":{}}',
        '{"name":"f","arguments":{}}',
      ].join('\n'),
    );
  });
});
