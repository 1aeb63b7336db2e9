/**
 * Inputs that make naive parsers slow or wrong. Time is measured by the bench (the budgets of
 * `pnpm bench`), not here: these assert that the parser finishes with the right answer on large
 * hostile input, which a quadratic scan would not do within the test timeout.
 */
import { describe, expect, it } from 'vitest';
import { createSolarFormat } from './plugin.js';
import { parseWith, streamWith } from './test-support/harness.js';
import { CALL_ARGS, CALL_BEGIN, CALL_END, CALL_NAME, END, THINK, TOOL_CALLS } from './tokens.js';

const solar = createSolarFormat();
const MiB = 1 << 20;
const fill = (unit: string) => unit.repeat(Math.ceil(MiB / unit.length));

describe('adversarial input, 1 MiB', () => {
  it.each([
    ['call tokens', CALL_BEGIN],
    ['calls tokens', TOOL_CALLS],
    ['name tokens', CALL_NAME],
    ['argument tokens', CALL_ARGS],
    ['token prefixes', '<|tool_call:'],
    ['calls without a name token', `${CALL_BEGIN}0`],
    ['ids and names without arguments', `${CALL_BEGIN}0${CALL_NAME}f`],
    ['prose with pipes and brackets', 'a <| b |> {c} "d" '],
    ['thought tokens', THINK],
  ])('%s: no calls invented, nothing thrown', (_, unit) => {
    const text = fill(unit);
    expect(parseWith(solar, text).calls).toEqual([]);
    solar.sanitize(text);
    solar.detect(text);
  });

  it('a call whose arguments are open braces: one partial call', () => {
    const text = `${TOOL_CALLS}${CALL_BEGIN}0${CALL_NAME}f${CALL_ARGS}${'{'.repeat(MiB)}`;
    const r = parseWith(solar, text);
    expect(r.calls).toEqual([]);
    expect(r.issues.map((i) => i.kind)).toEqual(['partial-call']);
  });

  it('open strings with the call end inside them', () => {
    const text = `${CALL_BEGIN}0${CALL_NAME}f${CALL_ARGS}{"a": "${fill(`${CALL_END}"x`)}`;
    expect(parseWith(solar, text).calls.length).toBeLessThanOrEqual(1);
  });

  it('a name of 1 MiB is not a call', () => {
    const r = parseWith(solar, `${CALL_BEGIN}0${CALL_NAME}${'a'.repeat(MiB)}${CALL_ARGS}{}${CALL_END}`);
    expect(r.calls).toEqual([]);
    expect(r.issues.map((i) => i.kind)).toEqual(['malformed-call']);
  });

  it('a long run of blanks inside an open call', () => {
    const text = `${CALL_BEGIN}${' '.repeat(MiB)}0${CALL_NAME}f${CALL_ARGS}${' '.repeat(MiB)}{"a": 1}${CALL_END}`;
    expect(parseWith(solar, text).calls.map((c) => c.arguments)).toEqual([{ a: 1 }]);
  });

  it('an unclosed thought of 1 MiB is reasoning', () => {
    const r = parseWith(solar, `${THINK}${fill('think ')}`);
    expect(r.calls).toEqual([]);
    expect(r.reasoning?.length).toBeGreaterThan(MiB - 8);
  });

  it('many calls: up to maxCalls, the rest reported', () => {
    const unit = `${CALL_BEGIN}0${CALL_NAME}f${CALL_ARGS}{}${CALL_END}`;
    const r = parseWith(solar, `${TOOL_CALLS}${fill(unit)}${END}`);
    expect(r.calls).toHaveLength(1024);
    expect(r.issues.every((i) => i.kind === 'limit-exceeded')).toBe(true);
  });

  it('an argument string of 1 MiB, streamed in 4 KiB chunks, equals batch', () => {
    const text = `${TOOL_CALLS}${CALL_BEGIN}0${CALL_NAME}f${CALL_ARGS}{"s": "${fill(`${CALL_END}x`)}"}${CALL_END}`;
    const chunks: string[] = [];
    for (let i = 0; i < text.length; i += 4096) chunks.push(text.slice(i, i + 4096));
    const batch = parseWith(solar, text);
    expect(batch.calls).toHaveLength(1);
    expect(streamWith(solar, chunks)).toEqual(batch);
  });
});
