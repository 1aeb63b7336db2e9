import { describe, expect, it } from 'vitest';
import { createToyFormat } from '../test-support/toy-format.js';
import {
  assertStreamingEqualsBatch,
  callsOf,
  chunksAt,
  findEventProtocolError,
  findStreamingMismatch,
  parseWithIds,
} from './index.js';

const toy = createToyFormat();

describe('@toolformat/core/testing', () => {
  it('cuts text at points in any order', () => {
    expect(chunksAt('abcdef', [4, 2, 2, 13])).toEqual(['ab', 'cd', 'ef', '']);
  });

  it('finds no mismatch for a format that streams like it parses', () => {
    expect(
      findStreamingMismatch(toy, 'Hi <call>{"name": "f", "arguments": {"a": 1}}</call> there'),
    ).toBeNull();
  });

  it('reports the chunking when a handler streams differently', () => {
    const broken = { ...toy, parse: (text: string) => ({ ...toy.parse(text), content: 'different' }) };
    expect(findStreamingMismatch(broken, 'plain')?.chunks).toEqual(['', 'plain']);
    expect(() => assertStreamingEqualsBatch(broken, 'plain')).toThrow(/chunks \["","plain"\]/);
    expect(assertStreamingEqualsBatch(toy, 'plain').content).toBe('plain');
  });

  it('checks the call events: deltas of open calls only, adding up to the arguments', () => {
    const call = { id: 'c', name: 'f', arguments: { a: 1 } };
    const start = { type: 'tool-call-start' as const, index: 0, id: 'c', name: 'f' };
    const delta = (d: string) => ({ type: 'tool-call-delta' as const, index: 0, argumentsDelta: d });
    const end = { type: 'tool-call-end' as const, index: 0, call };
    expect(findEventProtocolError([start, delta('{"a"'), delta(':1}'), end])).toBeNull();
    expect(findEventProtocolError([start, delta('{"a":2}'), end])).toMatch(/add up to \{"a":2\}/);
    expect(findEventProtocolError([delta('{}')])).toMatch(/not open/);
    expect(findEventProtocolError([start])).toMatch(/neither ended nor was aborted/);
    expect(findEventProtocolError([start, { type: 'tool-call-abort', index: 0 }, delta('{}')])).toMatch(
      /not open/,
    );
  });

  it('gives deterministic ids and id-free calls', () => {
    const r = parseWithIds(toy, '<call>{"name": "f", "arguments": {}}</call>');
    expect(r.calls[0]?.id).toBe('call_1');
    expect(callsOf(r)).toEqual([{ name: 'f', arguments: {} }]);
  });
});
