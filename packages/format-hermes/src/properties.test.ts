/**
 * Properties over generated outputs (architecture/semantics.md, guarantees 1, 7, 9): never throws; nothing is lost
 * (prose around calls is content, calls come back in order, a malformed block is in an issue);
 * streaming equals batch for random chunkings.
 */
import type { ParseOptions } from '@toolformat/core';
import { parseWith as runParser } from '@toolformat/core/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHermesFormat } from './plugin.js';
import { callsOf, chunksAt, parseWith, streamWith } from './test-support/harness.js';
import { VARIANTS } from './variants.js';

const handlers = VARIANTS.ids.map((v) => createHermesFormat(v));
const hermes = createHermesFormat();

const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/);
const value = fc.oneof(
  fc.string({ maxLength: 10 }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant('</tool_call> and "quotes" and `ticks`'),
);
const call = fc.record({ name: key, arguments: fc.dictionary(key, value, { maxKeys: 3 }) });
const json = (c: { name: string; arguments: unknown }) => JSON.stringify(c);
const space = fc.constantFrom('', ' ', '\n', '\n\n', '  ');

/** One call in one of the family's wrappers. */
const block = fc.tuple(call, fc.nat(9), space, space).map(([c, kind, a, b]) => {
  const text = [
    `<tool_call>${a}${json(c)}${b}</tool_call>`,
    `<tools>${a}${json(c)}${b}</tools>`,
    `<tool_calls>${a}[${json(c)}]${b}</tool_calls>`,
    `<function_call>${a}${json(c)}`,
    `<function>${a}${json(c)}${b}</function>`,
    `<|tool_call|>${a}[${json(c)}]`,
    `<TOOLCALL>[${json(c)}]</TOOLCALL>`,
    `<|tool_call_start|>[${json(c)}]<|tool_call_end|>`,
    `\n\`\`\`tool_call\n${json(c)}\n\`\`\`\n`,
    `<function=${c.name}>${a}${JSON.stringify(c.arguments)}${b}</function>`,
  ][kind]!;
  return { text, call: c };
});
const malformed = fc.constantFrom(
  '<tool_call>{"name": broken</tool_call>',
  '<tools>[{"name": "x", </tools>',
  '<tool_call></tool_call>',
  '\n```tool_call\nnot json\n```\n',
);
/** Prose without any character markup could start with. */
const prose = fc.stringMatching(/^[A-Za-z0-9 .,!?'\n]{0,24}$/);

type Part =
  | { kind: 'prose'; text: string }
  | { kind: 'call'; text: string; call: { name: string; arguments: unknown } }
  | { kind: 'bad'; text: string };
const parts = fc.array(
  fc.oneof(
    prose.map((text): Part => ({ kind: 'prose', text })),
    block.map((b): Part => ({ kind: 'call', ...b })),
    malformed.map((text): Part => ({ kind: 'bad', text })),
  ),
  { maxLength: 8 },
);
const noSpace = (s: string) => s.replace(/\s+/g, '');

describe('nothing is lost, and calls come back in order', () => {
  it('holds for prose, calls and malformed blocks in any mix, streamed in any chunks', () => {
    fc.assert(
      fc.property(parts, fc.array(fc.nat(), { maxLength: 6 }), fc.boolean(), (ps, cuts, mentions) => {
        // Glued together, a block the prose goes on after is a mention (architecture/precision.md);
        // the peers' reading (`mentions: false`) takes every block. One part a line, both agree.
        const text = ps.map((p) => p.text).join(mentions ? '\n' : '');
        const opts = { mentions };
        const r = parseWith(hermes, text, opts);
        expect(callsOf(r)).toEqual(ps.flatMap((p) => (p.kind === 'call' ? [p.call] : [])));
        expect(noSpace(r.content ?? '')).toBe(
          noSpace(ps.flatMap((p) => (p.kind === 'prose' ? [p.text] : [])).join('')),
        );
        const raws = r.issues.map((i) => i.raw ?? '').join('\u0000');
        for (const p of ps) if (p.kind === 'bad') expect(raws).toContain(p.text.trim());
        expect(r.reasoning).toBeNull();
        expect(streamWith(hermes, chunksAt(text, cuts), opts)).toEqual(r);
      }),
      { numRuns: 300 },
    );
  });
});

const fragments = fc.constantFrom(
  '<tool_call>',
  '</tool_call>',
  '<tools>',
  '</tools>',
  '<tool_calls>',
  '<function_call>',
  '</function_call>',
  '<function=f>',
  '</function>',
  '<|tool_call|>',
  '<|/tool_call|>',
  '<|tool_call_start|>',
  '<|tool_call_end|>',
  'functools',
  '<TOOLCALL>',
  '{"name": "f", "arguments": {"a": 1}}',
  '[{"name": "g"}]',
  '[f(a=1)]',
  '"',
  '\\',
  '`',
  '```',
  '```tool_call\n',
  '```json\n',
  '\n',
  ' ',
  'text',
  '**TOOL CALL:**',
  '<think>',
  '</think>',
  '<scratch_pad>',
  '<|im_end|>',
  '[',
  ']',
  '{',
  '}',
  '<',
  '<tool_',
);
const markupish = fc
  .array(fc.oneof(fragments, fc.string({ maxLength: 3 })), { maxLength: 24 })
  .map((a) => a.join(''));

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
          const opts: ParseOptions = {
            onMalformed: keep ? 'keep' : 'strip',
            ...(declared ? { tools: [{ name: 'f' }, { name: 'g' }] } : {}),
          };
          expect(streamWith(handler, chunksAt(text, cuts), opts)).toEqual(parseWith(handler, text, opts));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('never throws (architecture/semantics.md, guarantee 9)', () => {
  it('on arbitrary strings, in every variant: parse, stream, sanitize, detect', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary' }), markupish),
        fc.nat(handlers.length - 1),
        (text, which) => {
          const handler = handlers[which]!;
          const r = runParser(handler.createStreamParser(), text);
          expect(r.issues.filter((i) => i.kind === 'internal-error')).toEqual([]);
          expect(typeof handler.sanitize(text)).toBe('string');
          const score = handler.detect(text);
          expect(score >= 0 && score <= 1).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });
});
