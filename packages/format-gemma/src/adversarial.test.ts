/** The pathological 1 MiB inputs: they must return (the bench measures the time). */
import { describe, expect, it } from 'vitest';
import { createGemmaFormat } from './index.js';
import { VARIANTS } from './variants.js';

const MiB = 1 << 20;
const fill = (unit: string, prefix = '') =>
  prefix + unit.repeat(Math.ceil((MiB - prefix.length) / unit.length));

const inputs = [
  fill('call:x{a:<|"|>'),
  fill('call:x{a:<|"|>', '<|tool_call>'),
  fill('call:x{a:<escape>', '<start_function_call>'),
  fill('(', '```tool_code\nf('),
  fill('f(', '```tool_code\n'),
  fill('[a(', 'x '),
  fill('{', '[TOOL_REQUEST]'),
  fill('{"name": "x", "arguments": {', '1 '),
  fill('{\n[END_TOOL_REQUEST]'),
  fill('{a:[', '<|tool_call>call:f'),
];

describe.each(VARIANTS.ids.filter((v) => v === 'gemma' || v === 'gemma4'))('variant %s', (variant) => {
  const h = createGemmaFormat(variant);
  it.each(inputs.map((s, i) => [i, s] as const))('1 MiB input %i returns', (_i, s) => {
    const r = h.parse(s);
    expect(Array.isArray(r.calls)).toBe(true);
    expect(typeof (r.content ?? '')).toBe('string');
  });
});
