import { describe, expect, it } from 'vitest';
import { resolveParseOptions } from '../options.js';
import type { BodyIssue } from './markup-spec.js';
import { parsePythonCalls } from './python-calls.js';
import { pythonRawCalls } from './python-raw-calls.js';

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
