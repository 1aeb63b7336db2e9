import { describe, expect, it } from 'vitest';
import { resolveParseOptions } from '../options.js';
import type { BodyContext } from './markup-spec.js';
import {
  announceTokenCall,
  announceTokenFields,
  readTokenCalls,
  type TokenFieldsSpec,
  tokenFieldsBody,
  tokenHeadReader,
  wordEnd,
} from './token-fields.js';

const ctx = (closed: boolean, onMalformed: 'strip' | 'keep' = 'strip'): BodyContext => ({
  options: resolveParseOptions({ onMalformed }),
  closed,
  open: '<B>',
});

/** `ID<N>NAME<A>{json}`: the id may be empty. */
const ID_NAME: TokenFieldsSpec = {
  fields: [
    { role: 'id', optional: true },
    { role: 'name', after: '<N>', missing: 'name token' },
  ],
  arguments: '<A>',
  missing: 'argument token',
};

/** `ID<A>{json}` or `ID{json}`: the id is required and names the function by a rule. */
const ID_ONLY: TokenFieldsSpec = {
  fields: [{ role: 'id', rule: 'fn.NAME:IDX' }],
  arguments: '<A>',
  brace: 'after-head',
};

/** `NAME[I]ID[A]{json}`, `NAME[A]{json}`, `NAME{json}`: words. */
const WORDS: TokenFieldsSpec = {
  fields: [{ role: 'name' }, { role: 'id', after: '[I]', optional: true }],
  arguments: '[A]',
  brace: 'tight',
  words: '[{"',
  maxWord: 16,
};

describe('tokenFieldsBody (split)', () => {
  const body = tokenFieldsBody(ID_NAME);

  it('reads the id, the name and strict JSON arguments, blanks around each allowed', () => {
    expect(body(' c1 <N> get_weather <A> {"city": "Paris"} ', ctx(true))).toEqual({
      calls: [{ name: 'get_weather', arguments: { city: 'Paris' }, id: 'c1' }],
      issues: [],
      strictJson: true,
    });
    expect(body('<N>f<A>{}', ctx(true)).calls).toEqual([{ name: 'f', arguments: {} }]);
  });

  it('says which token is missing: an error in a closed block, partial-call in a cut one', () => {
    expect(body('c1 f {}', ctx(true))).toEqual({ calls: [], error: 'no <N> in the call' });
    expect(body('c1<N>f {}', ctx(true))).toEqual({
      calls: [],
      error: 'no <A> and no arguments in the call',
    });
    const cut = body('c1<N>f', ctx(false, 'keep'));
    expect(cut.calls).toEqual([]);
    expect(cut.issues?.[0]).toMatchObject({
      kind: 'partial-call',
      message: 'Not extracted: the output ended before the argument token.',
    });
    expect(cut.text).toBe('<B>c1<N>f');
  });

  it('checks every field as a word, in order', () => {
    expect(body('a b<N>f<A>{}', ctx(true)).error).toBe('"a b" is not a call id');
    expect(body('c<N> <A>{}', ctx(true)).error).toBe('the call has no name');
    expect(body('c<N>f{x<A>{}', ctx(true)).error).toBe('"f{x" is not a function name');
  });

  it('reads the arguments through the JSON ladder: repairs reported, cut-off values not taken', () => {
    const repaired = body('<N>f<A>{"a": 1,}', ctx(true));
    expect(repaired.calls).toEqual([{ name: 'f', arguments: { a: 1 } }]);
    expect(repaired.issues?.map((i) => i.kind)).toEqual(['json-repaired']);
    expect(repaired.strictJson).toBeUndefined();
    expect(body('<N>f<A>{"a": 1', ctx(false)).issues?.[0]?.kind).toBe('partial-call');
    expect(body('<N>f<A>[1]', ctx(true)).error).toBe('the arguments are not a JSON object');
  });
});

describe('tokenFieldsBody with the name read out of the id', () => {
  const tools = [
    { type: 'function' as const, function: { name: 'add', parameters: { properties: { a: {}, b: {} } } } },
    { type: 'function' as const, function: { name: 'echo', parameters: { properties: { text: {} } } } },
  ];
  const withTools = (closed: boolean): BodyContext => ({
    options: resolveParseOptions({ tools }),
    closed,
    open: '<B>',
  });
  const body = tokenFieldsBody({
    ...ID_ONLY,
    nameOfId: (id) =>
      id.startsWith('fn.')
        ? id.slice(3, id.indexOf(':'))
        : /^\d+$/.test(id)
          ? null
          : { error: `bad id ${id}` },
  });

  it('takes the name the rule reads, and keeps the id', () => {
    expect(body('fn.add:0<A>{"a": 1}', ctx(true)).calls).toEqual([
      { name: 'add', arguments: { a: 1 }, id: 'fn.add:0' },
    ]);
    expect(body('x<A>{}', ctx(true))).toEqual({ calls: [], error: 'bad id x' });
  });

  it('names an id that names no function by the one declared tool its arguments fit', () => {
    const read = body('0<A>{"text": "hi"}', withTools(true));
    expect(read.calls).toEqual([{ name: 'echo', arguments: { text: 'hi' }, id: '0' }]);
    expect(read.issues).toEqual([
      {
        kind: 'name-inferred',
        message: 'The call id "0" names no function; "echo" is the one declared tool its arguments fit.',
        raw: '<B>0<A>{"text": "hi"}',
      },
    ]);
    expect(body('0<A>{"z": 1}', withTools(true)).error).toBe(
      'the call id "0" names no function, and not exactly one declared tool fits its arguments',
    );
    expect(body('0<A>{}', ctx(true)).error).toBe(
      'the call id "0" names no function, and no tools are declared to tell which',
    );
  });
});

describe('tokenHeadReader (split)', () => {
  const head = tokenHeadReader(ID_ONLY);

  it('takes a brace for the missing arguments token when declared', () => {
    expect(head(' fn.f:0 {"a": 1}', ctx(true))).toEqual({
      ok: true,
      head: { id: 'fn.f:0', name: '', args: '{"a": 1}', argsFrom: 8 },
    });
    expect(head('fn.f:0<A>{}', ctx(true))).toMatchObject({ ok: true, head: { args: '{}', argsFrom: 9 } });
  });

  it('names the rule a missing or bad field breaks', () => {
    expect(head(' <A>{}', ctx(true))).toEqual({
      ok: false,
      result: { calls: [], error: 'the call has no id (fn.NAME:IDX)' },
    });
    expect(head('a"b<A>{}', ctx(true))).toMatchObject({
      result: { error: '"a"b" is not a call id (fn.NAME:IDX)' },
    });
    expect(head('fn.f:0', ctx(true))).toMatchObject({
      result: { error: 'no <A> and no arguments in the call' },
    });
    expect(head('fn.f:0', ctx(false))).toMatchObject({
      result: { issues: [{ message: 'Not extracted: the output ended before the arguments.' }] },
    });
  });
});

describe('announceTokenFields (split)', () => {
  const announce = announceTokenFields(ID_NAME);

  it('answers once the arguments token is in, with the body’s split and checks', () => {
    expect(announce('c1<N>get_weather')).toBeNull();
    expect(announce('c1<N>get_weather<A>{"ci')).toEqual({
      name: 'get_weather',
      id: 'c1',
      arguments: { from: 19 },
    });
    expect(announce('<N>f<A>')).toEqual({ name: 'f', arguments: { from: 7 } });
    expect(announce('a b<N>f<A>')).toBeNull();
  });

  it('does not take the brace a split body may take for the token', () => {
    expect(announceTokenFields(ID_ONLY)('fn.f:0{"a"')).toBeNull();
  });
});

describe('readTokenCalls (words)', () => {
  it('reads calls in a row with their ids, and where the text after them starts', () => {
    const text = 'f[A]{"a": 1} g[I]x9[A]{} and then';
    const read = readTokenCalls(WORDS, text, 0);
    expect(read).toEqual({
      calls: [
        { name: 'f', arguments: { a: 1 } },
        { name: 'g', arguments: {}, id: 'x9' },
      ],
      issues: [],
      rejected: [],
      end: 24,
      idWritten: false,
    });
    expect(text.slice(read!.end)).toBe(' and then');
    expect(readTokenCalls(WORDS, 'g[I]x9[A]{}', 0)?.idWritten).toBe(true);
  });

  it('reads a brace right after the name, and nothing where no call starts', () => {
    expect(readTokenCalls(WORDS, 'f{"a": 1}', 0)?.calls).toEqual([{ name: 'f', arguments: { a: 1 } }]);
    expect(readTokenCalls(WORDS, 'f {"a": 1}', 0)).toBeNull();
    expect(readTokenCalls(WORDS, 'search the web', 0)).toBeNull();
    expect(readTokenCalls(WORDS, `${'n'.repeat(17)}[A]{}`, 0)).toBeNull();
  });

  it('reports what is not a call: cut off, not an object, not JSON', () => {
    expect(readTokenCalls(WORDS, 'lookup', 0)?.rejected).toEqual([
      {
        kind: 'partial-call',
        reason: 'the output ended after the name "lookup", before its arguments',
        raw: 'lookup',
      },
    ]);
    expect(readTokenCalls(WORDS, 'f[A] ', 0)?.rejected[0]?.reason).toBe(
      'the output ended before the arguments of "f"',
    );
    const notObject = readTokenCalls(WORDS, 'f[A]5 rest', 0);
    expect(notObject?.rejected[0]).toMatchObject({ kind: 'malformed-call', raw: 'f[A]' });
    expect(notObject?.end).toBe(4);
    expect(readTokenCalls(WORDS, 'f[A]{"a": ', 0)).toMatchObject({
      end: 10,
      rejected: [{ kind: 'partial-call' }],
    });
    const repaired = readTokenCalls(WORDS, "f[A]{'a': 1}", 0);
    expect(repaired?.calls).toEqual([{ name: 'f', arguments: { a: 1 } }]);
    expect(repaired?.issues.map((i) => i.kind)).toEqual(['json-repaired']);
  });

  it('reports each call past maxCalls', () => {
    const read = readTokenCalls(WORDS, 'f[A]{} g[A]{}', 0, 1);
    expect(read?.calls).toEqual([{ name: 'f', arguments: {} }]);
    expect(read?.issues).toEqual([
      { kind: 'limit-exceeded', message: 'More than maxCalls (1) calls; "g" was not read.', raw: 'g[A]{}' },
    ]);
  });
});

describe('announceTokenCall (words)', () => {
  it('answers once the arguments token or the tight brace follows the name (and id)', () => {
    expect(announceTokenCall(WORDS, ' get')).toBeNull();
    expect(announceTokenCall(WORDS, 'get[I]x9')).toBeNull();
    expect(announceTokenCall(WORDS, 'get[I]x9[A]')).toEqual({
      name: 'get',
      id: 'x9',
      arguments: { from: 11 },
    });
    expect(announceTokenCall(WORDS, 'get{"a')).toEqual({ name: 'get', arguments: { from: 3 } });
    expect(announceTokenCall(WORDS, 'get {"a')).toBeNull();
    // The brace stands for the token only right after the name: after an id the token is needed.
    expect(announceTokenCall(WORDS, 'get[I]x9{"a')).toBeNull();
    expect(readTokenCalls(WORDS, 'get[I]x9{"a": 1}', 0)?.calls).toEqual([
      { name: 'get', arguments: { a: 1 }, id: 'x9' },
    ]);
  });
});

describe('wordEnd', () => {
  it('stops at a blank or one of the stop characters', () => {
    expect(wordEnd('abc def', 0, '')).toBe(3);
    expect(wordEnd('abc[x', 0, '[{')).toBe(3);
    expect(wordEnd('abc', 1, '')).toBe(3);
    expect(wordEnd('a\u00a0b', 0, '')).toBe(1);
  });
});
