/**
 * Solar Open 2 (`solar:open2`): the markup vLLM's `solar_open2` parser reads, routed by model
 * name, rendered back the way it is read, streamed exactly as parsed.
 */
import { createRouter } from '@toolformat/core';
import { findStreamingMismatch } from '@toolformat/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSolarFormat, solarPlugin } from './index.js';

const open2 = createSolarFormat('open2');
const router = createRouter({ plugins: [solarPlugin] });
const call = (name: string, args: Array<[string, string]>) =>
  `<|tool_call:start|>${name}\n${args.map(([k, v]) => `<|tool_arg:start|>${k}<|tool_arg:value|>${v}<|tool_arg:end|>\n`).join('')}<|tool_call:end|>`;
const search = {
  name: 'search',
  parameters: {
    type: 'object',
    properties: { query: { type: 'string' }, max_results: { type: 'integer' } },
  },
};

describe('Solar Open 2', () => {
  it('routes Solar Open 2 names to its variant, Solar Open names to theirs', () => {
    expect(router.forModel('upstage/Solar-Open2-100B').id).toBe('solar:open2');
    expect(router.forModel('solar-open-2-mini').id).toBe('solar:open2');
    expect(router.forModel('upstage/Solar-Open-100B').id).toBe('solar');
    expect(router.get('solar-open2').id).toBe('solar:open2');
  });

  it('reads calls, keeps the text before them, and values as written without a schema', () => {
    const r = open2.parse(
      `Let me look.${call('search', [
        ['query', 'vLLM tutorial'],
        ['max_results', '5'],
      ])}`,
    );
    expect(r.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['search', { query: 'vLLM tutorial', max_results: '5' }],
    ]);
    expect(r.content).toBe('Let me look.');
  });

  it("types values by the declared tool's schema", () => {
    const r = open2.parse(call('search', [['max_results', '5']]), { tools: [search] });
    expect(r.calls[0]?.arguments).toEqual({ max_results: 5 });
  });

  it('a dropped end token does not swallow the next argument or call; a repeated key keeps its first value', () => {
    const text =
      '<|tool_call:start|>broken\n<|tool_arg:start|>a<|tool_arg:value|>oops<|tool_arg:start|>a<|tool_arg:value|>again<|tool_call:end|>' +
      call('get_weather', [['city', 'Seoul']]);
    expect(open2.parse(text).calls.map((c) => [c.name, c.arguments])).toEqual([
      ['broken', { a: 'oops' }],
      ['get_weather', { city: 'Seoul' }],
    ]);
  });

  it('says when a value runs to the end of its call: a marker inside it may have cut it', () => {
    // `<|end|>` inside the value ends the turn where the model's own parser ends it too; the
    // call stands as vLLM reads it, with an issue saying its last value may be cut.
    const text =
      '<|tool_call:start|>save\n<|tool_arg:start|>doc<|tool_arg:value|>x <|end|> y<|tool_arg:end|>\n<|tool_call:end|>';
    const r = open2.parse(text);
    expect(r.calls.map((c) => [c.name, c.arguments])).toEqual([['save', { doc: 'x ' }]]);
    expect(r.issues.map((i) => [i.kind, i.message])).toEqual([
      [
        'partial-call',
        'The value of "doc" has no <|tool_arg:end|>: it runs to the end of the call, and may be cut off.',
      ],
    ]);
    expect(open2.parse(call('save', [['doc', 'x']])).issues).toEqual([]);
  });

  it('a call the output ended inside is not a call, and its text is not lost', () => {
    const r = open2.parse(
      'Let me check.<|tool_call:start|>search\n<|tool_arg:start|>query<|tool_arg:value|>Seo',
    );
    expect(r.calls).toEqual([]);
    expect(r.issues.some((i) => i.kind === 'partial-call')).toBe(true);
  });

  it('renders calls that read back to themselves', () => {
    const calls = [{ id: 'a', name: 'search', arguments: { query: 'x y', max_results: 3 } }];
    const text = open2.formatToolCalls(calls);
    expect(text).toBe(
      '<|tool_call:start|>search\n<|tool_arg:start|>query<|tool_arg:value|>x y<|tool_arg:end|>\n<|tool_arg:start|>max_results<|tool_arg:value|>3<|tool_arg:end|>\n<|tool_call:end|>',
    );
    expect(open2.parse(text, { tools: [search] }).calls[0]?.arguments).toEqual(calls[0]?.arguments);
  });

  it('teaches the markup in its prompt and sanitizes stray tokens', () => {
    expect(open2.systemPrompt([search])).toContain('<|tool_arg:start|>ARGUMENT_NAME<|tool_arg:value|>VALUE');
    expect(open2.sanitize('Done.<|tool_call:end|>')).toBe('Done.');
  });

  it('the default Solar Open variant reads the Open 2 form too, named as such', () => {
    const r = createSolarFormat().parse(call('f', [['a', '1']]));
    expect(r.calls).toHaveLength(1);
    expect(r.format).toBe('solar:open2');
  });

  it('streams exactly as it parses, however the text is cut, and never throws', () => {
    const value = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('<|tool_arg:end|>', '<|tool_call:end|>', '\n'),
    );
    const text = fc
      .array(
        fc.oneof(
          fc.string({ maxLength: 10 }),
          fc
            .tuple(
              fc.stringMatching(/^[a-z_]{1,8}$/),
              fc.array(fc.tuple(fc.stringMatching(/^[a-z]{1,5}$/), value), { maxLength: 3 }),
            )
            .map(([n, a]) => call(n, a)),
        ),
        { maxLength: 4 },
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, fc.boolean(), (t, declared) => {
        expect(findStreamingMismatch(open2, t, declared ? { tools: [search] } : {})).toBeNull();
      }),
      { numRuns: 150 },
    );
  });
});
