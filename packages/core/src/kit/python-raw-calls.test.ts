import { describe, expect, it } from 'vitest';
import { resolveParseOptions } from '../options.js';
import type { BodyIssue } from './markup-spec.js';
import { parsePythonCalls } from './python-calls.js';
import { pythonRawCalls, readPythonCallList, startsLikeJsonCalls } from './python-raw-calls.js';

const ctx = (tools?: Parameters<typeof resolveParseOptions>[0]) => ({
  options: resolveParseOptions(tools),
  closed: true,
  open: '',
});

describe('pythonRawCalls', () => {
  const parsed = (text: string) => {
    const r = parsePythonCalls(text);
    if (!r.ok) throw new Error(r.error);
    return r.calls;
  };

  it('names positional values by the declared schema, in order', () => {
    const tools = [
      { name: 'get_weather', parameters: { type: 'object', properties: { city: {}, unit: {} } } },
    ];
    const issues: BodyIssue[] = [];
    expect(pythonRawCalls(parsed("get_weather('Paris', unit='c')"), ctx({ tools }), 'raw', issues)).toEqual([
      { name: 'get_weather', arguments: { city: 'Paris', unit: 'c' } },
    ]);
    expect(issues).toEqual([]);
  });

  it('reports positional values no declared parameter takes, and renames', () => {
    const issues: BodyIssue[] = [];
    const calls = pythonRawCalls(parsed("brave_search.call('x')"), ctx(), 'raw', issues, (n) =>
      n.replace('.call', ''),
    );
    expect(calls).toEqual([{ name: 'brave_search', arguments: {} }]);
    expect(issues[0]).toMatchObject({ kind: 'malformed-call', raw: 'raw' });
  });
});

describe('readPythonCallList', () => {
  it('reads a call list, and vouches for its shape only when asked', () => {
    const read = readPythonCallList("[get_weather(city='Paris'), get_time()]", ctx());
    expect(read.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['get_weather', { city: 'Paris' }],
      ['get_time', {}],
    ]);
    expect(read.exactShape).toBeUndefined();
    expect(readPythonCallList('[f(a=1)]', ctx(), { vouchExact: true }).exactShape).toBe(true);
  });

  it('renames, and reports text after the list without losing it', () => {
    const read = readPythonCallList('[brave_search.call(query="x")] and then', ctx(), {
      rename: (n) => n.replace(/\.call$/, ''),
    });
    expect(read.calls.map((c) => c.name)).toEqual(['brave_search']);
    expect(read.issues).toEqual([
      { kind: 'trailing-text', message: 'Text after the call list was removed.', raw: 'and then' },
    ]);
    expect(readPythonCallList('[f()]  \n', ctx()).issues).toEqual([]);
  });

  it('makes an empty, blank or unparsable body the error of the block', () => {
    expect(readPythonCallList('  ', ctx()).error).toBe('the block is empty');
    expect(readPythonCallList('[]', ctx()).error).toBe('the call list is empty');
    expect(readPythonCallList('[f(', ctx()).error).toMatch(/^not a pythonic call list: /);
  });
});

describe('readPythonCallList with a JSON reader', () => {
  const json = () => ({ calls: [{ name: 'from_json', arguments: {} }] });

  it('hands a body that starts like JSON objects to the JSON reader', () => {
    expect(readPythonCallList('[{"name": "f"}]', ctx(), { json }).calls[0]?.name).toBe('from_json');
    expect(readPythonCallList('\u3000{"name": "f"}', ctx(), { json }).calls[0]?.name).toBe('from_json');
    expect(readPythonCallList('[ ]', ctx(), { json }).calls[0]?.name).toBe('from_json');
  });

  it('reads a pythonic list itself', () => {
    expect(readPythonCallList('[f(a=1)]', ctx(), { json }).calls).toEqual([
      { name: 'f', arguments: { a: 1 } },
    ]);
  });
});

describe('startsLikeJsonCalls', () => {
  it('is `{`, `[{` or `[]` after white space of any script', () => {
    expect(startsLikeJsonCalls(' {')).toBe(true);
    expect(startsLikeJsonCalls('[\u00a0{')).toBe(true);
    expect(startsLikeJsonCalls('[]')).toBe(true);
    expect(startsLikeJsonCalls('[f()]')).toBe(false);
    expect(startsLikeJsonCalls('\u200b{')).toBe(false);
    expect(startsLikeJsonCalls('')).toBe(false);
  });
});
