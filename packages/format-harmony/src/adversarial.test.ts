/**
 * Inputs that make naive parsers slow or wrong. Time is measured by the bench (the budgets of
 * `pnpm bench`), not here: these assert that the parser finishes with the right answer on large
 * hostile input, which a quadratic scan would not do within the test timeout.
 */
import { describe, expect, it } from 'vitest';
import { createHarmonyFormat } from './plugin.js';
import { parseWith, streamWith } from './test-support/harness.js';

const harmony = createHarmonyFormat();
const MiB = 1 << 20;
const fill = (unit: string) => unit.repeat(Math.ceil(MiB / unit.length));
const CALL_HEADER = '<|channel|>commentary to=functions.f <|constrain|>json<|message|>';

describe('adversarial input', () => {
  it.each([
    ['channel tokens', '<|channel|>'],
    ['start tokens', '<|start|>'],
    ['role headers with a recipient', '<|start|>assistant to='],
    ['analysis headers', '<|channel|>analysis<|message|>'],
    ['message tokens', '<|message|>'],
    ['half tokens', '<|'],
    ['recipients in prose', 'to=functions.'],
    ['recipients at line starts', 'to=functions.x y\n'],
    ['headers with a constrain token', '<|channel|>commentary to=functions.f <|constrain|>'],
    ['prose with pipes and brackets', 'a <| b |> c { d " '],
  ])('%s, 1 MiB: no calls invented, nothing thrown', (_, unit) => {
    const r = parseWith(harmony, fill(unit));
    expect(r.calls).toEqual([]);
    expect(r.issues.every((i) => i.kind !== 'internal-error')).toBe(true);
  });

  it('an unclosed message of open braces is a partial call', () => {
    const r = parseWith(harmony, CALL_HEADER + fill('{'));
    expect(r.calls).toEqual([]);
    expect(r.issues.map((i) => i.kind)).toEqual(['partial-call']);
  });

  it('open braces ended by the call token are no call', () => {
    const r = parseWith(harmony, `${CALL_HEADER}${fill('{')}<|call|>`);
    expect(r.calls).toEqual([]);
    expect(r.issues.map((i) => i.kind)).toEqual(['malformed-call']);
  });

  it('a string that never closes, with tokens after it', () => {
    const r = parseWith(harmony, `${CALL_HEADER}{"a": "${fill('<|end|>')}`);
    expect(r.calls).toEqual([]);
  });

  it('a long run of blanks inside an open call and inside a header', () => {
    expect(
      parseWith(harmony, `${CALL_HEADER}${' '.repeat(MiB)}{"a": 1}`).calls.map((c) => c.arguments),
    ).toEqual([{ a: 1 }]);
    const header = parseWith(harmony, `<|channel|>commentary${' '.repeat(MiB)}to=functions.f<|message|>{}`);
    expect(header.calls).toEqual([]);
  });

  it('a megabyte of valid calls stops at maxCalls', () => {
    const r = parseWith(harmony, fill(`${CALL_HEADER}{"a": 1}<|call|>`), { maxCalls: 100 });
    expect(r.calls).toHaveLength(100);
    expect(r.issues.every((i) => i.kind === 'limit-exceeded')).toBe(true);
  });

  it('an argument string of 1 MiB full of tokens, streamed in 4 KiB chunks, equals batch', () => {
    const text = `${CALL_HEADER}{"s": "${fill('<|end|><|channel|>x')}"}<|call|>`;
    const chunks: string[] = [];
    for (let i = 0; i < text.length; i += 4096) chunks.push(text.slice(i, i + 4096));
    const batch = parseWith(harmony, text);
    expect(batch.calls).toHaveLength(1);
    expect(streamWith(harmony, chunks)).toEqual(batch);
  });

  it('a megabyte of final text streams in small chunks as it parses', () => {
    const text = `<|channel|>final<|message|>${fill('word <| ')}<|return|>`;
    const chunks: string[] = [];
    for (let i = 0; i < text.length; i += 7) chunks.push(text.slice(i, i + 7));
    expect(streamWith(harmony, chunks)).toEqual(parseWith(harmony, text));
  });
});

describe('tokens that might be named in a sentence, streamed in 16-character chunks', () => {
  // The engine holds such a token back until the text after it says whether a sentence goes on;
  // what it walks again on each push is bounded, so a 1 MiB run streams in linear time.
  const chunked = (text: string) => {
    const chunks: string[] = [];
    for (let i = 0; i < text.length; i += 16) chunks.push(text.slice(i, i + 16));
    return chunks;
  };

  it('a 1 MiB run of glued tokens after a blank: stripped, as batch strips it', () => {
    const text = ` ${fill('<|end|>')}`;
    const r = streamWith(harmony, chunked(text));
    expect(r.calls).toEqual([]);
    expect(r).toEqual(parseWith(harmony, text));
  });

  it('a token followed by 1 MiB of blanks: not named in a sentence, as batch reads it', () => {
    const text = `a <|end|>${' '.repeat(MiB)}x`;
    const r = streamWith(harmony, chunked(text));
    expect(r).toEqual(parseWith(harmony, text));
  });
});
