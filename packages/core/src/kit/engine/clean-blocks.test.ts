import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseWith } from '../../define-format.js';
import { resolveParseOptions } from '../../options.js';
import type { ParseOptions, ParseResult } from '../../schemas.js';
import { markupFormat, jsonCallsBody as toyBody } from '../../test-support/toy-format.js';
import { CallsReading } from '../calls-reading.js';
import { sequentialIds } from '../ids.js';
import { JSON_CALL_SPELLINGS } from '../json-call-object.js';
import { jsonCallsBody } from '../json-calls.js';
import { cleanBlocksResult } from './clean-blocks.js';

const json = jsonCallsBody({ ...JSON_CALL_SPELLINGS, repairWhole: true });
/**
 * A Hermes-like markup with a kind of every block and token the clean path handles, and of what
 * it leaves to the engine: a guarded JSON block, an unguarded one, a `{` proven by a stray
 * closer, a word marker, reasoning, a strip token, a separator, code, a whole-output form.
 */
const handler = markupFormat({
  id: 'clean',
  blocks: [
    { open: '<tool_call>', close: '</tool_call>', guard: 'json', bodyStart: '{[', body: json },
    { open: '<fn>', close: '</fn>', body: toyBody, format: 'clean:fn' },
    { open: '{', lineStart: true, close: 'json-end', provenBy: ['</tool_call>'], body: json },
    { open: 'functools', close: 'json-end', bodyStart: '[', body: json },
    // A body parser that finds a call in anything: only the guard says where its block ends.
    { open: '<g>', close: '</g>', guard: 'json', body: () => ({ calls: [{ name: 'g', arguments: {} }] }) },
    // The same in the shape of the usual reading, which the clean path reads first.
    {
      open: '<r>',
      close: '</r>',
      guard: 'json',
      body: () => new CallsReading([{ name: 'r', arguments: {} }], false, false),
    },
    { open: '<say>', close: '</say>', bodyStart: '{', body: toyBody },
    { open: '<strong>', close: '</strong>', evidence: 'strong', body: json },
  ],
  strip: ['<|im_end|>'],
  separators: ['<|end|>'],
  whole: { startChars: '[', body: json },
});

const WEATHER = '{"name": "get_weather", "arguments": {"city": "Paris"}}';
const SEARCH = '{"name": "search", "arguments": {"q": "x"}}';
const tools = [{ name: 'get_weather' }, { name: 'search' }];

/** The clean path, or null where it leaves the text to the engine. */
function clean(text: string, opts: ParseOptions = {}): ParseResult | null {
  return cleanBlocksResult(
    handler.compiled,
    text,
    resolveParseOptions({ generateId: sequentialIds(), ...opts }),
  );
}

/** The engine alone: the stream parser fed the text and ended. */
function engine(text: string, opts: ParseOptions = {}): ParseResult {
  return parseWith(handler.createStreamParser({ generateId: sequentialIds(), ...opts }), text);
}

describe('an output of prose and clean blocks', () => {
  it('reads as the engine reads it, without the engine', () => {
    const text = `Let me check both.\n<tool_call>\n${WEATHER}\n</tool_call>\n<tool_call>${SEARCH}</tool_call>\n`;
    const result = clean(text);
    expect(result).toStrictEqual(engine(text));
    expect(result).toStrictEqual({
      calls: [
        { id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } },
        { id: 'call_2', name: 'search', arguments: { q: 'x' } },
      ],
      content: 'Let me check both.',
      reasoning: null,
      issues: [],
      format: 'clean',
    });
  });

  it('is what parse returns', () => {
    const text = `Sure.\n<fn>${SEARCH}</fn>\nDone.<|im_end|>`;
    expect(handler.parse(text, { generateId: sequentialIds() })).toStrictEqual(clean(text));
    expect(clean(text)).toStrictEqual(engine(text));
    expect(clean(text)?.format).toBe('clean:fn');
  });

  it('keeps prose with markup characters that open nothing', () => {
    const text = `If a < b and c[1] > 2:\n<tool_call>${WEATHER}</tool_call>\nso {x} is fine`;
    expect(clean(text)).not.toBeNull();
    expect(clean(text)).toStrictEqual(engine(text));
  });

  it('takes blocks glued to each other, to a closing token and to a capitalised sentence', () => {
    for (const text of [
      `<tool_call>${WEATHER}</tool_call><tool_call>${SEARCH}</tool_call>`,
      `<tool_call>${WEATHER}</tool_call><|im_end|>`,
      `Checking.<tool_call>${WEATHER}</tool_call> Then I answer.`,
      `A<|end|>B\n<tool_call>${WEATHER}</tool_call>`,
    ]) {
      expect(clean(text), text).not.toBeNull();
      expect(clean(text), text).toStrictEqual(engine(text));
    }
  });

  it('takes the ids a call carries and asks generateId for the others, in order', () => {
    const text = `<tool_call>[{"id": "own_1", "type": "function", "function": ${WEATHER}}, ${SEARCH}]</tool_call>`;
    expect(clean(text)?.calls.map((c) => c.id)).toEqual(['own_1', 'call_1']);
    expect(clean(text)).toStrictEqual(engine(text));
  });

  it('keeps a __proto__ key an own property of the arguments', () => {
    const text = '<tool_call>{"name": "f", "arguments": {"__proto__": {"polluted": true}}}</tool_call>';
    const args = clean(text)!.calls[0]!.arguments;
    expect(Object.hasOwn(args, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(clean(text)).toStrictEqual(engine(text));
  });
});

describe('what the clean path leaves to the engine', () => {
  const block = `<tool_call>${WEATHER}</tool_call>`;
  it.each([
    ['reasoning', `<think>hm</think>\n${block}`],
    ['inline code', `Run \`ls\` first.\n${block}`],
    ['a block named in a sentence', `${block} is how a call looks`],
    ['a token after a blank', `Done ${'<|im_end|>'}\n${block}`],
    ['a body that is not JSON', '<tool_call>{"name": </tool_call>'],
    ['a body repaired', '<tool_call>{"name": "f", "arguments": {"a": 1,}}</tool_call>'],
    ['a marker in prose', `Use <tool_call> tags.\n${block}`],
    ['an empty block', `<tool_call></tool_call>\n${block}`],
    ['an unclosed block', `${block}\n<tool_call>${WEATHER}`],
    ['a JSON line a stray closer may prove', `{"name": "f"}\n${block}`],
    ['a word marker', `functools[${WEATHER}]`],
    ['an output ending in a word marker', `${block}\nfunctools`],
    ['the whole-output form', `[${WEATHER}]`],
    ['the whole-output form after a token', `<|im_end|>[${WEATHER}]`],
    ['a call without a name', '<tool_call>{"name": " ", "arguments": {}}</tool_call>'],
    // Read twice, a megabyte of blanks would cost what it saves: past a few, the engine reads them.
    [
      'a body after more blanks than a clean block has',
      `<tool_call>${'\n'.repeat(100)}${WEATHER}</tool_call>`,
    ],
    ['an output that starts after more blanks than a clean one has', `${' '.repeat(100)}${block}`],
    ['a guarded block whose first close is in a string', '<g>{"s": "</g>"}</g>'],
    ['the same, read as the usual reading', '<r>{"s": "</r>\n"}</r>'],
    ['a block whose body starts otherwise', '<say>[{"name": "f"}]</say>'],
    ['a block that asks strong evidence', '<strong>{"name": "f", "arguments": {}}</strong>'],
    ['arguments that are not an object', '<tool_call>{"name": "f", "arguments": "{\\"a\\": 1}"}</tool_call>'],
  ])('%s', (_, text) => {
    expect(clean(text)).toBeNull();
  });

  it('strict mode, an undeclared tool, and calls past maxCalls', () => {
    const text = `${block}\n<tool_call>${SEARCH}</tool_call>`;
    expect(clean(text)).not.toBeNull();
    expect(clean(text, { strict: true, tools })).toBeNull();
    expect(clean(text, { tools: [{ name: 'search' }] })).toBeNull();
    expect(clean(text, { maxCalls: 1 })).toBeNull();
    expect(clean(text, { reasoningOpen: true })).toBeNull();
    expect(clean(text, { tools })).toStrictEqual(engine(text, { tools }));
  });

  it('asks generateId nothing for an output it leaves to the engine', () => {
    let asked = 0;
    const text = `${block}\n<tool_call>{"name": </tool_call>`;
    const opts = resolveParseOptions({ generateId: () => `id_${++asked}` });
    expect(cleanBlocksResult(handler.compiled, text, opts)).toBeNull();
    expect(asked).toBe(0);
  });
});

describe('a generateId that fails', () => {
  it('gives built-in ids and the one issue the engine gives', () => {
    const text = `${`<tool_call>${WEATHER}</tool_call>\n`.repeat(2)}`;
    const opts = {
      generateId: () => {
        throw new Error('no ids today');
      },
    };
    const fast = cleanBlocksResult(handler.compiled, text, resolveParseOptions(opts))!;
    const slow = parseWith(handler.createStreamParser(opts), text);
    expect(fast.calls.map((c) => c.id)).toEqual([
      expect.stringMatching(/^call_[0-9a-f]{24}$/),
      expect.any(String),
    ]);
    expect(fast.issues).toStrictEqual(slow.issues);
    expect(fast.issues[0]?.message).toContain('generateId threw Error: no ids today');
    expect({ ...fast, calls: [] }).toStrictEqual({ ...slow, calls: [] });
  });
});

describe('property: the clean path gives what the engine gives, or nothing', () => {
  const call = fc.constantFrom(
    WEATHER,
    SEARCH,
    '{"name": " f ", "arguments": {}}',
    '{"name": "f", "parameters": {"n": [1, {"b": null}]}}',
    '{"function": {"name": "f", "arguments": {}}, "id": "c9", "type": "function"}',
    '[{"name": "f", "arguments": {"s": "</tool_call>"}}]',
    '{"name": "f", "arguments": {"s": "a \\"quoted\\" <fn>"}}',
    '{"name": "f"}',
    '{"name": "f", "arguments": {"a": 1,}}',
    '{"name": "f", "arguments": "{}"}',
    '{"tool_calls": [{"name": "f", "arguments": {}}]}',
  );
  const piece = fc.oneof(
    { arbitrary: call.map((c) => `<tool_call>\n${c}\n</tool_call>`), weight: 4 },
    { arbitrary: call.map((c) => `<tool_call>${c}</tool_call>`), weight: 2 },
    { arbitrary: call.map((c) => `<fn>${c}</fn>`), weight: 1 },
    {
      arbitrary: fc.constantFrom(
        '\n',
        '\n\n',
        ' ',
        '\t',
        'Sure, let me check.',
        'Let me check.\n',
        '\nDone.',
        'Sure.<|end|>Then',
        '[{"name": "f", "arguments": {}}]',
        '<|im_end|>\n[{"name": "f", "arguments": {}}]',
        'Done',
        'Then',
        'is how',
        ', and',
        'é',
        '<',
        'a < b',
        'x[1]',
        '{',
        '\n{"a": 1}',
        '\n{"name": "f", "arguments": {}}\n</tool_call>',
        'functools',
        'functools[]',
        '<|im_end|>',
        ' <|im_end|>',
        '<|end|>',
        '`x`',
        '<think>t</think>',
        '<tool_call>{"name": </tool_call>',
        'Use <tool_call> tags.',
        '<tool_call>\n',
        '</tool_call>',
        '[',
        '\r\n',
        '<g>{"s": "</g>"}</g>',
        '<say>[{"name": "f"}]</say>',
        '<say>{"name": "f"}</say>',
        '<strong>{"name": "f", "arguments": {}}</strong>',
      ),
      weight: 4,
    },
  );
  const OPTIONS: ParseOptions[] = [
    {},
    { tools },
    { tools, unknownTools: 'drop' },
    { mentions: false },
    { maxCalls: 1 },
    { onMalformed: 'keep' },
    { strict: true, tools },
  ];

  it('for outputs mixed from clean blocks, prose and everything else', () => {
    let taken = 0;
    let runs = 0;
    fc.assert(
      fc.property(
        fc.array(piece, { minLength: 1, maxLength: 8 }),
        fc.constantFrom(...OPTIONS),
        (pieces, opts) => {
          const text = pieces.join('');
          const fast = clean(text, opts);
          runs++;
          if (fast === null) return;
          taken++;
          expect(fast).toStrictEqual(engine(text, opts));
        },
      ),
      { numRuns: 3000 },
    );
    // Not vacuous: a good share of the outputs is the clean path's.
    expect(taken / runs).toBeGreaterThan(0.1);
  });
});
