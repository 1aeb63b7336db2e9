import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArgumentStream, type ArgumentsAt } from './argument-stream.js';

const KEYS: ArgumentsAt = { keys: ['arguments', 'parameters'] };

/** Feeds `body` cut at `cuts`; returns the pieces sent. */
function stream(at: ArgumentsAt, body: string, cuts: number[] = []): string[] {
  const s = new ArgumentStream(at);
  const points = [...new Set(cuts.map((c) => c % (body.length + 1)))].sort((a, b) => a - b);
  const sent: string[] = [];
  let from = 0;
  for (const to of [...points, body.length]) {
    if (to < from) continue;
    // Pieces are handed over as the engine does: a slice of a larger string, with offsets.
    const padded = `xx${body.slice(from, to)}yy`;
    sent.push(s.feed(padded, 2, 2 + to - from));
    from = to;
  }
  expect(sent.join('')).toBe(s.sent);
  return sent;
}

const sentText = (at: ArgumentsAt, body: string, cuts: number[] = []) => stream(at, body, cuts).join('');

describe('ArgumentStream', () => {
  it('sends the arguments of a JSON call as JSON.stringify writes them, piece by piece', () => {
    const body = '{"name": "get_weather", "arguments": {"city": "Paris", "days": 3, "units": ["C", "F"]}}';
    const pieces = stream(KEYS, body, [30, 45, 60, 75]);
    expect(pieces.join('')).toBe('{"city":"Paris","days":3,"units":["C","F"]}');
    // More than one piece carries a part of them: they stream, not arrive at the end.
    expect(pieces.filter((p) => p !== '').length).toBeGreaterThan(2);
  });

  it('passes over the keys before the arguments, whatever their values hold', () => {
    const body = '{"id": "a,\\"}{", "meta": {"x": [1, {"y": "}"}]}, "parameters": {"q": "ok"}}';
    expect(sentText(KEYS, body)).toBe('{"q":"ok"}');
  });

  it('with `from`, the first { at or after the offset opens the arguments', () => {
    const body = 'functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}';
    expect(sentText({ from: 23 }, body, [10, 40, 55])).toBe('{"city":"Paris"}');
    expect(sentText({ from: 0 }, '{"a": {"b": 1}}')).toBe('{"a":{"b":1}}');
  });

  it('spells numbers and escapes as JSON.stringify does', () => {
    const body =
      '{"arguments": {"t": 20.0, "e": 1E2, "z": -0, "s": "caf\\u00e9 \\/ \\u0041\\n\\u0001 \\"q\\""}}';
    const args = JSON.parse(body).arguments;
    expect(sentText(KEYS, body)).toBe(JSON.stringify(args));
  });

  it('keeps a surrogate pair whole when a piece ends between its halves', () => {
    const body = '{"arguments": {"e": "😀!"}}';
    const mid = body.indexOf('😀') + 1;
    expect(sentText(KEYS, body, [mid])).toBe('{"e":"😀!"}');
  });

  it('stops, having sent only the start of the JSON, where the text is not strict JSON', () => {
    // A trailing comma: the comma is held until what follows shows it is not one.
    expect(sentText(KEYS, '{"arguments": {"a": 1,}}')).toBe('{"a":1');
    expect(sentText(KEYS, '{"arguments": {"a": \'x\'}}')).toBe('{"a":');
    expect(sentText(KEYS, '{"arguments": {"a": True}}')).toBe('{"a":');
    expect(sentText(KEYS, '{"arguments": {"a": 01}}')).toBe('{"a":');
    expect(sentText(KEYS, '{"arguments": {"a": "x\ny"}}')).toBe('{"a":"x');
    expect(sentText(KEYS, '{"arguments": {"a": "\\ud83d\\ude00"}}')).toBe('{"a":"');
  });

  it('sends nothing for arguments written as a JSON string, or a body that is not an object', () => {
    expect(sentText(KEYS, '{"name": "f", "arguments": "{\\"a\\": 1}"}')).toBe('');
    expect(sentText(KEYS, '"f"')).toBe('');
    expect(sentText(KEYS, '{"name": "f"}')).toBe('');
    expect(sentText(KEYS, '{"name": "f", "args": {"a": 1}}')).toBe('');
  });

  it('in a list of calls, follows the first one (the call announced)', () => {
    expect(
      sentText(KEYS, '[{"name": "f", "arguments": {"a": 1}}, {"name": "g", "arguments": {"b": 2}}]'),
    ).toBe('{"a":1}');
  });

  it('stops at the end of the arguments: what follows them is not sent', () => {
    expect(sentText(KEYS, '{"arguments": {"a": [1, 2]}, "name": "f"} trailing')).toBe('{"a":[1,2]}');
  });

  it('for any strict JSON arguments, formatted any way and cut anywhere, sends exactly their JSON', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 6 });
    const value = fc.jsonValue({ maxDepth: 3, stringUnit: 'grapheme' });
    const args = fc.dictionary(text, value, { maxKeys: 4 });
    fc.assert(
      fc.property(
        args,
        fc.integer({ min: 0, max: 3 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (a, indent, cuts) => {
          // No key twice: JSON.parse keeps the last of them (that case is the engine's to catch).
          const body = `{"name": "f", "arguments": ${JSON.stringify(a, null, indent)}}`;
          const expected = JSON.stringify(JSON.parse(body).arguments);
          expect(sentText(KEYS, body, cuts)).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('on any text, cut anywhere, what it sends is the same and never throws', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.array(fc.nat(), { maxLength: 5 }), (tail, cuts) => {
        const body = `{"arguments": {${tail}`;
        expect(sentText(KEYS, body, cuts)).toBe(sentText(KEYS, body));
      }),
      { numRuns: 300 },
    );
  });
});
