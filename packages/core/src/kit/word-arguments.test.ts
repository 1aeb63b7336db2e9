import { describe, expect, it } from 'vitest';
import { resolveParseOptions } from '../options.js';
import type { BodyIssue } from './markup-spec.js';
import { splitWords, wordArguments } from './word-arguments.js';

const tools = [
  {
    type: 'function' as const,
    function: {
      name: 'ls',
      parameters: { type: 'object', properties: { path: { type: 'string' }, depth: { type: 'integer' } } },
    },
  },
];
const ctx = (withTools: boolean) => ({
  options: resolveParseOptions(withTools ? { tools } : {}),
  closed: true,
  open: '',
});

describe('splitWords', () => {
  it('splits at spaces, tabs and line breaks', () => {
    expect(splitWords(' a\tb\r\nc  ')).toEqual(['a', 'b', 'c']);
  });
});

describe('wordArguments', () => {
  it('splits by the schema’s parameter names, so a value may hold spaces, typed by the schema', () => {
    const issues: BodyIssue[] = [];
    expect(wordArguments(splitWords('path /my docs depth 2'), 'ls', ctx(true), issues)).toEqual({
      path: '/my docs',
      depth: 2,
    });
    expect(issues).toEqual([]);
  });

  it('without a schema, alternates key and value; a quoted value may hold spaces', () => {
    const issues: BodyIssue[] = [];
    expect(wordArguments(splitWords('a "x y" b 3 c'), 'f', ctx(false), issues)).toEqual({ a: 'x y', b: 3 });
    expect(issues).toEqual([
      { kind: 'malformed-call', message: 'A key without a value was dropped: c.', raw: 'c' },
    ]);
  });
});
