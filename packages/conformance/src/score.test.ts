import type { ParseResult } from '@toolformat/core';
import { describe, expect, it } from 'vitest';
import type { CorpusCase } from './corpus.js';
import {
  callsMatch,
  caseOptions,
  caseTools,
  contentMatches,
  deepEqual,
  normalizeContent,
  scoreCase,
  tally,
} from './score.js';

const result = (over: Partial<ParseResult> = {}): ParseResult => ({
  calls: [],
  content: null,
  reasoning: null,
  issues: [],
  format: null,
  ...over,
});
const call = (name: string, args: Record<string, unknown>, id = 'x') => ({ id, name, arguments: args });
const kase = (over: Partial<CorpusCase> = {}): CorpusCase => ({
  id: 'peer-1',
  family: 'hermes',
  input: '',
  expected_calls: [],
  expected_content: null,
  content_asserted: false,
  partial: false,
  ...over,
});

describe('normalizeContent', () => {
  it('collapses whitespace runs and trims; null is empty', () => {
    expect(normalizeContent('  a\n\n b\t c  ')).toBe('a b c');
    expect(normalizeContent(null)).toBe('');
    expect(normalizeContent(undefined)).toBe('');
    expect(normalizeContent(' \n ')).toBe('');
  });
});

describe('deepEqual', () => {
  it('ignores key order but not array order or types', () => {
    expect(deepEqual({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(deepEqual([1, 2], [2, 1])).toBe(false);
    expect(deepEqual({ a: 1 }, { a: '1' })).toBe(false);
    expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(deepEqual([], {})).toBe(false);
    expect(deepEqual(null, {})).toBe(false);
    expect(deepEqual(1.0, 1)).toBe(true);
  });
});

describe('callsMatch', () => {
  const expected = [
    { name: 'a', arguments: { x: 1 } },
    { name: 'b', arguments: {} },
  ];
  it('matches names and arguments in order, ignoring ids', () => {
    expect(callsMatch(expected, [call('a', { x: 1 }, 'id1'), call('b', {}, 'id2')])).toBe(true);
    expect(callsMatch([{ name: 'a', arguments: {}, id: '0' }], [call('a', {}, 'other')])).toBe(true);
  });
  it('fails on order, count, name or argument differences', () => {
    expect(callsMatch(expected, [call('b', {}), call('a', { x: 1 })])).toBe(false);
    expect(callsMatch(expected, [call('a', { x: 1 })])).toBe(false);
    expect(callsMatch(expected, [call('a', { x: 1 }), call('c', {})])).toBe(false);
    expect(callsMatch(expected, [call('a', { x: '1' }), call('b', {})])).toBe(false);
    expect(callsMatch([], [])).toBe(true);
    expect(callsMatch([], [call('a', {})])).toBe(false);
  });
});

describe('contentMatches', () => {
  it('is true when the case does not assert content', () => {
    expect(contentMatches({ content_asserted: false, expected_content: 'x' }, 'y')).toBe(true);
  });
  it('compares normalised text, with null equal to ""', () => {
    expect(
      contentMatches({ content_asserted: true, expected_content: 'Hello,\n world' }, 'Hello, world '),
    ).toBe(true);
    expect(contentMatches({ content_asserted: true, expected_content: '' }, null)).toBe(true);
    expect(contentMatches({ content_asserted: true, expected_content: null }, '')).toBe(true);
    expect(contentMatches({ content_asserted: true, expected_content: 'a' }, 'b')).toBe(false);
  });
});

describe('caseTools and caseOptions', () => {
  it('turns names into { name } tools and keeps OpenAI tool objects', () => {
    const openai = { type: 'function' as const, function: { name: 'g', parameters: {} } };
    expect(caseTools({ tools: ['f', openai] })).toEqual([{ name: 'f' }, openai]);
    expect(caseTools({ tools: [] })).toBeUndefined();
    expect(caseTools({})).toBeUndefined();
  });
  it('maps reasoning_open to reasoningOpen', () => {
    expect(caseOptions({ reasoning_open: true })).toEqual({ reasoningOpen: true });
    expect(caseOptions({ tools: ['f'] })).toEqual({ tools: [{ name: 'f' }] });
    expect(caseOptions({})).toEqual({});
  });
});

describe('scoreCase', () => {
  const c = kase({
    expected_calls: [{ name: 'f', arguments: { a: 1 } }],
    content_asserted: true,
    expected_content: 'Hi',
  });

  it('scores explicit calls, calls + content, and auto calls separately', () => {
    const good = result({ calls: [call('f', { a: 1 })], content: 'Hi' });
    expect(scoreCase(c, good, good)).toEqual({
      id: 'peer-1',
      family: 'hermes',
      partial: false,
      callsExact: true,
      callsContent: true,
      autoCallsExact: true,
    });
    const wrongContent = result({ calls: [call('f', { a: 1 })], content: 'Hi <tool_call>' });
    expect(scoreCase(c, wrongContent, result())).toMatchObject({
      callsExact: true,
      callsContent: false,
      autoCallsExact: false,
    });
  });

  it('needs the calls for calls + content', () => {
    expect(scoreCase(c, result({ content: 'Hi' }), result())).toMatchObject({
      callsExact: false,
      callsContent: false,
    });
  });

  it('scores 0 for an unknown family (no explicit result) but still scores auto', () => {
    expect(scoreCase(c, null, result({ calls: [call('f', { a: 1 })] }))).toMatchObject({
      callsExact: false,
      callsContent: false,
      autoCallsExact: true,
    });
  });

  it('skips a case without expected calls', () => {
    expect(scoreCase(kase({ expected_calls: null }), result(), result())).toBeNull();
  });
});

describe('tally', () => {
  it('counts per family, sorted, with partial cases apart', () => {
    const s = (family: string, partial: boolean, ok: boolean) => ({
      id: 'x',
      family,
      partial,
      callsExact: ok,
      callsContent: ok,
      autoCallsExact: !ok,
    });
    const counts = tally([
      s('xml', false, true),
      s('hermes', false, true),
      s('hermes', false, false),
      s('hermes', true, true),
    ]);
    expect([...counts.keys()]).toEqual(['hermes', 'xml']);
    expect(counts.get('hermes')).toEqual({
      cases: 2,
      callsExact: 1,
      callsContent: 1,
      autoCallsExact: 1,
      partial: { cases: 1, callsExact: 1, callsContent: 1, autoCallsExact: 0 },
    });
  });
});
