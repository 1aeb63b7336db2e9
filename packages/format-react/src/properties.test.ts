/**
 * Properties over generated outputs (architecture/semantics.md, guarantees 1, 7, 9): never throws; nothing is lost
 * (prose and answers are content, thoughts are reasoning, calls come back in order); streaming
 * equals batch for random chunkings, in every variant.
 */
import { type ParseOptions, sequentialIds, type ToolDefinition } from '@toolformat/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createReactFormat } from './plugin.js';
import { callsOf, chunksAt, parseWith, streamWith } from './test-support/harness.js';
import { VARIANTS } from './variants.js';

const handlers = VARIANTS.ids.map((v) => createReactFormat(v));
const react = handlers[0]!;

/** Tool and parameter names (not the words models write for "no action", nor the key-value `for`). */
const name = fc
  .stringMatching(/^[a-z][a-z0-9_]{0,8}$/)
  .filter((n) => !['none', 'null', 'nothing', 'for'].includes(n));
const word = fc.stringMatching(/^[a-z]{1,6}x$/);
const jsonValue = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.boolean(),
  fc.constant('Action: "quoted"'),
);
const args = fc.dictionary(name, jsonValue, { maxKeys: 3 });
const words = fc.dictionary(name, word, { maxKeys: 3 });
/** Prose that no key can start: no colon, no newline, no markup characters. */
const prose = fc.stringMatching(/^[A-Za-z0-9 .,!?']{1,24}$/).filter((s) => s.trim() !== '');

type Call = { name: string; arguments: Record<string, unknown> };
type Part =
  | { kind: 'prose'; text: string }
  | { kind: 'thought'; text: string; thought: string }
  | { kind: 'call'; text: string; calls: Call[] };

/** A call in a closed form: it may stand anywhere. */
const closedCall = fc.tuple(name, args, words, fc.nat(2)).map(([n, a, w, kind]): Part => {
  if (kind === 0)
    return {
      kind: 'call',
      text: `<tool_call>\n${JSON.stringify({ name: n, arguments: a })}\n</tool_call>`,
      calls: [{ name: n, arguments: a }],
    };
  if (kind === 1) {
    return {
      kind: 'call',
      text: `<|START_ACTION|>[{"tool_call_id": "0", "tool_name": ${JSON.stringify(n)}, "parameters": ${JSON.stringify(a)}}]<|END_ACTION|>`,
      calls: [{ name: n, arguments: a }],
    };
  }
  const pairs = Object.entries(w).map(([k, v]) => `${k} ${v}`);
  return {
    kind: 'call',
    text: `✦ tool_call: ${n}${pairs.length > 0 ? ` for ${pairs.join(' ')}` : ''}`,
    calls: [{ name: n, arguments: w }],
  };
});
const thought = prose.map((t): Part => ({ kind: 'thought', text: `Thought: ${t}`, thought: t }));

/** What may end the output: ReAct steps, ✿ calls, or an answer. */
type Ending = { text: string; calls: Call[]; answer: string; thoughts: string[] };
const reactSteps = fc
  .array(fc.tuple(fc.option(prose, { nil: undefined }), name, args), { minLength: 1, maxLength: 3 })
  .map(
    (steps): Ending => ({
      text: steps
        .map(
          ([t, n, a]) =>
            `${t === undefined ? '' : `Thought: ${t}\n`}Action: ${n}\nAction Input: ${JSON.stringify(a)}`,
        )
        .join('\n'),
      calls: steps.map(([, n, a]) => ({ name: n, arguments: a })),
      answer: '',
      thoughts: steps.flatMap(([t]) => (t === undefined ? [] : [t])),
    }),
  );
const qwenCalls = fc.array(fc.tuple(name, args), { minLength: 1, maxLength: 3 }).map(
  (calls): Ending => ({
    text: calls.map(([n, a]) => `✿FUNCTION✿: ${n}\n✿ARGS✿: ${JSON.stringify(a)}`).join('\n'),
    calls: calls.map(([n, a]) => ({ name: n, arguments: a })),
    answer: '',
    thoughts: [],
  }),
);
const answer = prose.map((a): Ending => ({ text: `Final Answer: ${a}`, calls: [], answer: a, thoughts: [] }));
const ending = fc.option(fc.oneof(reactSteps, qwenCalls, answer), { nil: undefined });

const output = fc
  .tuple(
    fc.option(prose, { nil: undefined }),
    fc.array(fc.oneof(thought, closedCall), { maxLength: 5 }),
    ending,
  )
  .map(([lead, parts, end]) => {
    const all: Part[] = [...(lead === undefined ? [] : [{ kind: 'prose', text: lead } as Part]), ...parts];
    const text = [...all.map((p) => p.text), ...(end ? [end.text] : [])].join('\n');
    return {
      text,
      calls: [...all.flatMap((p) => (p.kind === 'call' ? p.calls : [])), ...(end?.calls ?? [])],
      content: [...all.flatMap((p) => (p.kind === 'prose' ? [p.text] : [])), end?.answer ?? ''].join(''),
      reasoning: [
        ...all.flatMap((p) => (p.kind === 'thought' ? [p.thought] : [])),
        ...(end?.thoughts ?? []),
      ].join(''),
    };
  });
const noSpace = (s: string | null) => (s ?? '').replace(/\s+/g, '');

describe('nothing is lost, and calls come back in order', () => {
  it('holds for prose, thoughts, calls of every form and answers, streamed in any chunks', () => {
    fc.assert(
      fc.property(output, fc.array(fc.nat(), { maxLength: 6 }), (o, cuts) => {
        const r = parseWith(react, o.text);
        expect(callsOf(r)).toEqual(o.calls);
        expect(noSpace(r.content)).toBe(noSpace(o.content));
        expect(noSpace(r.reasoning)).toBe(noSpace(o.reasoning));
        expect(r.issues).toEqual([]);
        expect(streamWith(react, chunksAt(o.text, cuts))).toEqual(r);
      }),
      { numRuns: 300 },
    );
  });

  it('reports what it removes: every issue carries its raw text', () => {
    fc.assert(
      fc.property(markupish, (text) => {
        const r = parseWith(react, text);
        for (const issue of r.issues)
          expect(typeof issue.raw === 'string' || issue.kind === 'unknown-tool').toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

const fragments = fc.constantFrom(
  'Thought:',
  'Thought: I think\n',
  'Action:',
  'Action: search\n',
  'Action Input:',
  'Action Input: {"query": "x"}',
  'Action Input: bare text',
  'Observation:',
  'Final Answer:',
  'Final answer: ',
  '✿FUNCTION✿',
  '✿FUNCTION✿: f\n',
  '✿ARGS✿: {"a": 1}',
  '✿RESULT✿',
  '✿RETURN✿:',
  '✦ tool_call: f for a b',
  '✦',
  '<|START_ACTION|>',
  '<|END_ACTION|>',
  '[{"tool_name": "f", "parameters": {}}]',
  '<|START_THINKING|>',
  '<|END_THINKING|>',
  '<|START_RESPONSE|>',
  '<|END_OF_TURN_TOKEN|>',
  '<tool_call>',
  '</tool_call>',
  '{"name": "f", "arguments": {"a": 1}}',
  '```json\n',
  '```',
  '`',
  '<think>',
  '</think>',
  '"',
  '{',
  '}',
  '[',
  '\n',
  '\n\n',
  '   ',
  'text',
);
const markupish = fc
  .array(fc.oneof(fragments, fc.string({ maxLength: 3 })), { maxLength: 24 })
  .map((a) => a.join(''));
const tools: ToolDefinition[] = [
  { name: 'f', parameters: { type: 'object', properties: { a: { type: 'string' } } } },
  { name: 'search', parameters: { type: 'object', properties: { query: { type: 'string' } } } },
];

describe('streaming = batch (architecture/semantics.md, guarantee 7)', () => {
  it('holds for random chunkings of markup-like text, in every variant and option set', () => {
    fc.assert(
      fc.property(
        markupish,
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.nat(handlers.length - 1),
        fc.boolean(),
        fc.boolean(),
        (text, cuts, which, keep, declared) => {
          const handler = handlers[which]!;
          const opts: ParseOptions = { onMalformed: keep ? 'keep' : 'strip', ...(declared ? { tools } : {}) };
          expect(streamWith(handler, chunksAt(text, cuts), opts)).toEqual(parseWith(handler, text, opts));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('never throws (architecture/semantics.md, guarantee 9)', () => {
  it('parses, streams, sanitizes and detects any string', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), markupish),
        fc.nat(handlers.length - 1),
        (text, which) => {
          const handler = handlers[which]!;
          const r = handler.parse(text, { tools, generateId: sequentialIds() });
          for (const c of r.calls) expect(typeof c.arguments).toBe('object');
          expect(r.issues.some((i) => i.kind === 'internal-error')).toBe(false);
          const parser = handler.createStreamParser();
          for (const ch of text) parser.push(ch);
          parser.end();
          expect(typeof handler.sanitize(text)).toBe('string');
          const score = handler.detect(text);
          expect(score >= 0 && score <= 1).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
