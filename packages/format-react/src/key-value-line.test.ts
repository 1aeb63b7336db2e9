/**
 * The key-value line reads back what its writer writes: a quoted value is one token, read exactly
 * (markers, blanks and escapes in it), whatever the chunking of the stream.
 */
import type { ToolDefinition } from '@toolformat/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createReactFormat } from './plugin.js';
import {
  callsOf,
  chunksAt,
  expectStreamingEqualsBatch,
  kindsOf,
  parseWith,
  streamWith,
} from './test-support/harness.js';

const kv = createReactFormat('keyvalue');
const tools: ToolDefinition[] = [
  { name: 'f', parameters: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } } },
  { name: 'get_time', parameters: { type: 'object', properties: {} } },
];
const parse = (text: string) => parseWith(kv, text, { tools });
const write = (a: Record<string, unknown>) => kv.formatToolCalls([{ id: '0', name: 'f', arguments: a }]);

describe('a quoted value is one token', () => {
  it('holds a call marker without being cut, in any chunking', () => {
    const text = '✦ tool_call: f for a "x ✦ tool_call: y"';
    const r = expectStreamingEqualsBatch(kv, text, { tools });
    expect(callsOf(r)).toEqual([{ name: 'f', arguments: { a: 'x ✦ tool_call: y' } }]);
    expect(r.content).toBeNull();
  });

  it('keeps a parameter name and runs of blanks in it', () => {
    const r = parse('✦ tool_call: f for a "x  b\t y " b "✦"');
    expect(callsOf(r)).toEqual([{ name: 'f', arguments: { a: 'x  b\t y ', b: '✦' } }]);
  });

  it('still lets the next `✦ tool_call:` on the line start a call', () => {
    const text = '✦ tool_call: f for a "1 ✦ 2" ✦ tool_call: get_time';
    const r = expectStreamingEqualsBatch(kv, text, { tools });
    expect(callsOf(r)).toEqual([
      { name: 'f', arguments: { a: '1 ✦ 2' } },
      { name: 'get_time', arguments: {} },
    ]);
  });

  it('reads the writer’s escapes, `\\"`, `\\\\`, `\\n` and `\\r`', () => {
    const r = parse(String.raw`✦ tool_call: f for a "say \"hi\"\nC:\\Program Files\r" b "C:\\my docs\\x"`);
    expect(callsOf(r)).toEqual([
      { name: 'f', arguments: { a: 'say "hi"\nC:\\Program Files\r', b: 'C:\\my docs\\x' } },
    ]);
  });

  it('takes a value with any other backslash as written, and unquoted words too', () => {
    const r = parse(String.raw`✦ tool_call: f for a "C:\Program Files\nodejs \d+" b C:\temp\new`);
    expect(callsOf(r)).toEqual([
      { name: 'f', arguments: { a: 'C:\\Program Files\\nodejs \\d+', b: 'C:\\temp\\new' } },
    ]);
  });
});

describe('a quote that never closes', () => {
  it('is a character like any other: the line is cut at `✦` as it was before quoted values', () => {
    const text = '✦ tool_call: f for a "x ✦ tool_call: get_time';
    const r = expectStreamingEqualsBatch(kv, text, { tools });
    expect(callsOf(r)).toEqual([
      { name: 'f', arguments: { a: '"x' } },
      { name: 'get_time', arguments: {} },
    ]);
    // A quote closed before it still holds its marker.
    expect(callsOf(parse('✦ tool_call: f for b "1 ✦ 2" a 5" ✦ tool_call: get_time'))).toEqual([
      { name: 'f', arguments: { b: '1 ✦ 2', a: '5"' } },
      { name: 'get_time', arguments: {} },
    ]);
  });

  it('costs one more pass at most: a MiB of quotes, closed or never closed, returns', () => {
    const MiB = 1 << 20;
    for (const unit of ['"x ', '"x" ', '"\\x" ']) {
      const r = parse(`✦ tool_call: f for a ${unit.repeat(Math.ceil(MiB / unit.length))}`);
      expect(r.calls).toHaveLength(1);
      expect(r.issues.some((i) => i.kind === 'internal-error')).toBe(false);
    }
  });
});

describe('several calls on a line', () => {
  it('reports a call it cannot read among others on the line, and keeps the others', () => {
    const r = parse('✦ tool_call: get_time ✦ tool_call: f "a"');
    expect(callsOf(r)).toEqual([{ name: 'get_time', arguments: {} }]);
    expect(kindsOf(r)).toEqual(['malformed-call']);
    expect(r.issues[0]!.raw).toBe('✦ tool_call: f "a"');
  });

  it('gives each call it cannot read its own reason', () => {
    const r = parse('✦ tool_call: get_time ✦ tool_call: f with b ✦ tool_call: "q"');
    expect(callsOf(r)).toEqual([{ name: 'get_time', arguments: {} }]);
    expect(r.issues.map((i) => [i.message, i.raw])).toEqual([
      ['Removed: expected `for` and key-value pairs after the tool name.', '✦ tool_call: f with b'],
      ['Removed: "\\"q\\"" is not a tool name.', '✦ tool_call: "q"'],
    ]);
  });
});

describe('formatToolCalls reads back exactly', () => {
  it('escapes only what the reader reads back', () => {
    expect(write({ a: 'x \nThought: y', b: 'C:\\my dir\\ "q"' })).toBe(
      String.raw`✦ tool_call: f for a "x \nThought: y" b "C:\\my dir\\ \"q\""`,
    );
    expect(write({ a: 'C:\\new', b: 'x✦' })).toBe('✦ tool_call: f for a C:\\new b "x✦"');
  });

  it('quotes a JSON value whose text holds a blank or a marker, with or without a schema', () => {
    const args = { o: { k: 'x  ✦ tool_call: y' }, l: [1, 'p "q"'] };
    const text = kv.formatToolCalls([{ id: '0', name: 'g', arguments: args }]);
    const schema = { type: 'object', properties: { o: { type: 'object' }, l: { type: 'array' } } };
    for (const opts of [{ tools: [{ name: 'g', parameters: schema }] }, {}]) {
      expect(callsOf(parseWith(kv, text, opts))).toEqual([{ name: 'g', arguments: args }]);
    }
  });

  it('for any strings, streamed in any chunks', () => {
    const piece = fc.constantFrom(
      ' ',
      '  ',
      '\t',
      '\n',
      '\r\n',
      '"',
      "'",
      '\\',
      '\\n',
      '\\"',
      '✦',
      '✦ tool_call:',
      'Thought:',
      '\nAction:',
      '<tool_call>',
      'b',
      'for',
    );
    const value = fc
      .array(fc.oneof(piece, fc.string({ maxLength: 3 })), { maxLength: 8 })
      .map((a) => a.join(''));
    fc.assert(
      fc.property(value, value, fc.array(fc.nat(), { maxLength: 6 }), (a, b, cuts) => {
        const text = write({ a, b });
        const r = parse(text);
        expect(callsOf(r)).toEqual([{ name: 'f', arguments: { a, b } }]);
        expect(r.content).toBeNull();
        expect(streamWith(kv, chunksAt(text, cuts), { tools })).toEqual(r);
      }),
      { numRuns: 500 },
    );
  });
});
