import { describe, expect, it } from 'vitest';
import { createToyFormat } from '../test-support/toy-format.js';
import {
  assertStreamingEqualsBatch,
  callsOf,
  chunksAt,
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

  it('gives deterministic ids and id-free calls', () => {
    const r = parseWithIds(toy, '<call>{"name": "f", "arguments": {}}</call>');
    expect(r.calls[0]?.id).toBe('call_1');
    expect(callsOf(r)).toEqual([{ name: 'f', arguments: {} }]);
  });
});
