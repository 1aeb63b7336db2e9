/**
 * Inputs that make naive parsers slow or wrong. Time is measured by the bench (the budgets of
 * `pnpm bench`), not here: these assert that the parser finishes with the right answer on large
 * hostile input, which a quadratic scan would not do within the test timeout.
 */
import { describe, expect, it } from 'vitest';
import { createMistralFormat } from './plugin.js';
import { parseWith, streamWith } from './test-support/harness.js';

const mistral = createMistralFormat();
const MiB = 1 << 20;

describe('adversarial input', () => {
  it.each([
    ['many tokens', '[TOOL_CALLS]'],
    ['open brackets', '[TOOL_CALLS]['],
    ['names without arguments', '[TOOL_CALLS]f[ARGS]'],
    ['open objects', '[TOOL_CALLS]f{'],
    ['prose with brackets', 'a [b] {c} '],
  ])('%s, 1 MiB: no calls invented, nothing thrown', (_, unit) => {
    const text = unit.repeat(Math.ceil(MiB / unit.length));
    const r = parseWith(mistral, text);
    expect(r.calls).toEqual([]);
  });

  it('a long run of blanks inside an open block', () => {
    const text = `[TOOL_CALLS]f[ARGS]${' '.repeat(MiB)}{"a": 1}`;
    expect(parseWith(mistral, text).calls.map((c) => c.arguments)).toEqual([{ a: 1 }]);
  });

  it('an argument string of 1 MiB, streamed in 4 KiB chunks, equals batch', () => {
    const text = `[TOOL_CALLS]f[ARGS]{"s": "${'[TOOL_CALLS]x'.repeat(MiB / 16)}"}`;
    const chunks: string[] = [];
    for (let i = 0; i < text.length; i += 4096) chunks.push(text.slice(i, i + 4096));
    const batch = parseWith(mistral, text);
    expect(batch.calls).toHaveLength(1);
    expect(streamWith(mistral, chunks)).toEqual(batch);
  });
});
