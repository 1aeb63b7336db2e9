import { describe, expect, it } from 'vitest';
import { resolveParseOptions } from '../options.js';
import { jsonCallsBody } from '../test-support/toy-format.js';
import type { MarkupSpec } from './markup-spec.js';
import { nestedMarkupBody } from './nested-markup-body.js';

const inner = (): MarkupSpec => ({
  id: 'inner',
  blocks: [{ open: '<call>', close: '</call>', guard: 'json', body: jsonCallsBody }],
});
const ctx = { options: resolveParseOptions({}), closed: true, open: '```call' };
const call = '<call>{"name": "f", "arguments": {"a": 1}}</call>';

describe('nestedMarkupBody', () => {
  const body = nestedMarkupBody(inner, { empty: 'empty!', noCall: 'none!', beside: 'beside!' });

  it('takes the calls of the inner markup', () => {
    expect(body(call, ctx)).toEqual({ calls: [{ name: 'f', arguments: { a: 1 } }], issues: [] });
  });

  it('reports text beside the calls with the declared message', () => {
    expect(body(`${call}\nMore words.`, ctx)).toEqual({
      calls: [{ name: 'f', arguments: { a: 1 } }],
      issues: [{ kind: 'trailing-text', message: 'beside!', raw: 'More words.' }],
    });
  });

  it('gives the declared errors for a blank body and one without calls', () => {
    expect(body(' \n', ctx)).toEqual({ calls: [], error: 'empty!' });
    expect(body('just words', ctx)).toEqual({ calls: [], error: 'none!' });
  });

  it('takes the first malformed span’s message as the error', () => {
    const r = body('<call>{"nope": 1}</call>', ctx);
    expect(r.calls).toEqual([]);
    expect(r.error).toContain('not a {"name", "arguments"} object');
  });

  it('with `only`, is calls only when the body holds nothing else', () => {
    const only = nestedMarkupBody(inner, { only: true });
    expect(only(call, ctx)).toEqual({ calls: [{ name: 'f', arguments: { a: 1 } }] });
    expect(only(`${call} words`, ctx)).toEqual({ calls: [], notMarkup: true });
    expect(only('words', ctx)).toEqual({ calls: [], notMarkup: true });
  });
});
