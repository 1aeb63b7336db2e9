/**
 * Inputs that make naive parsers slow or wrong. Time is measured by the bench (the budgets of
 * `pnpm bench`), not here: these assert that the parser finishes with the right answer on large
 * hostile input, which a quadratic scan would not do within the test timeout.
 */
import { describe, expect, it } from 'vitest';
import { createKimiFormat } from './plugin.js';
import { parseWith, streamWith } from './test-support/harness.js';
import { ARGUMENT_BEGIN, CALL_BEGIN, CALL_END, SECTION_BEGIN, SECTION_END } from './tokens.js';

const kimi = createKimiFormat();
const MiB = 1 << 20;
const fill = (unit: string) => unit.repeat(Math.ceil(MiB / unit.length));

describe('adversarial input, 1 MiB', () => {
  it.each([
    ['call tokens', CALL_BEGIN],
    ['section tokens', SECTION_BEGIN],
    ['argument tokens', ARGUMENT_BEGIN],
    ['token prefixes', '<|tool_call'],
    ['ids without arguments', `${CALL_BEGIN}functions.f:0`],
    ['prose with pipes and brackets', 'a <| b |> {c} "d" '],
  ])('%s: no calls invented, nothing thrown', (_, unit) => {
    expect(parseWith(kimi, fill(unit)).calls).toEqual([]);
  });

  it('an unclosed section whose arguments are open braces: one partial call', () => {
    const text = `${SECTION_BEGIN}${CALL_BEGIN}functions.f:0${ARGUMENT_BEGIN}${'{'.repeat(MiB)}`;
    const r = parseWith(kimi, text);
    expect(r.calls).toEqual([]);
    expect(r.issues.map((i) => i.kind)).toEqual(['partial-call']);
  });

  it('open strings with the call end inside them', () => {
    const text = `${CALL_BEGIN}functions.f:0${ARGUMENT_BEGIN}{"a": "${fill(`${CALL_END}"x`)}`;
    const r = parseWith(kimi, text);
    expect(r.calls.length).toBeLessThanOrEqual(1);
  });

  it('an id of 1 MiB is not a call', () => {
    const r = parseWith(kimi, `${CALL_BEGIN}${'a'.repeat(MiB)}${ARGUMENT_BEGIN}{}${CALL_END}`);
    expect(r.calls).toEqual([]);
    expect(r.issues.map((i) => i.kind)).toEqual(['malformed-call']);
  });

  it('a long run of blanks inside an open call', () => {
    const text = `${CALL_BEGIN}${' '.repeat(MiB)}functions.f:0${ARGUMENT_BEGIN}${' '.repeat(MiB)}{"a": 1}${CALL_END}`;
    expect(parseWith(kimi, text).calls.map((c) => c.arguments)).toEqual([{ a: 1 }]);
  });

  it('many calls: up to maxCalls, the rest reported', () => {
    const unit = `${CALL_BEGIN}functions.f:0${ARGUMENT_BEGIN}{}${CALL_END}`;
    const r = parseWith(kimi, `${SECTION_BEGIN}${fill(unit)}${SECTION_END}`);
    expect(r.calls).toHaveLength(1024);
    expect(r.issues.every((i) => i.kind === 'limit-exceeded')).toBe(true);
  });

  it('an argument string of 1 MiB, streamed in 4 KiB chunks, equals batch', () => {
    const text = `${SECTION_BEGIN}${CALL_BEGIN}functions.f:0${ARGUMENT_BEGIN}{"s": "${fill(`${CALL_END}x`)}"}${CALL_END}${SECTION_END}`;
    const chunks: string[] = [];
    for (let i = 0; i < text.length; i += 4096) chunks.push(text.slice(i, i + 4096));
    const batch = parseWith(kimi, text);
    expect(batch.calls).toHaveLength(1);
    expect(streamWith(kimi, chunks)).toEqual(batch);
  });
});
