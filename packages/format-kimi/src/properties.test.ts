/**
 * Properties over generated outputs: the parser never throws, loses nothing, reads well-formed
 * calls back exactly, and streams exactly as it parses, however the text is cut.
 */
import { findStreamingMismatch } from '@toolformat/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createKimiFormat } from './plugin.js';
import { chunksAt, parseWith, streamWith } from './test-support/harness.js';
import {
  ARGUMENT_BEGIN,
  CALL_BEGIN,
  CALL_END,
  IM_END,
  SECTION_BEGIN,
  SECTION_BEGIN_SINGULAR,
  SECTION_END,
  SECTION_END_SINGULAR,
  THINK,
  THINK_END,
} from './tokens.js';

const kimi = createKimiFormat();

const name = fc.stringMatching(/^[a-z_][a-z0-9_.]{0,11}$/).filter((n) => !n.endsWith('.'));
const args = fc.dictionary(
  fc.stringMatching(/^[a-z]{1,6}$/),
  fc.oneof(
    fc.string(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.integer(), { maxLength: 3 }),
  ),
  { maxKeys: 3 },
);
const call = fc.record({ name, args, index: fc.nat({ max: 99 }) });
const prose = fc
  .string({ maxLength: 20 })
  .filter((s) => !s.includes('<') && !s.includes('`') && !s.includes('|'));

const idOf = (c: { name: string; index: number }) => `functions.${c.name}:${c.index}`;
const written = (c: { name: string; args: Record<string, unknown>; index: number }) =>
  `${CALL_BEGIN}${idOf(c)}${ARGUMENT_BEGIN}${JSON.stringify(c.args)}${CALL_END}`;

/** Pieces of Kimi output, well-formed or not: whole calls, calls cut anywhere, stray tokens. */
const piece = fc.oneof(
  call.map(written),
  fc.tuple(call, fc.nat()).map(([c, cut]) => {
    const w = written(c);
    return w.slice(0, cut % w.length);
  }),
  prose,
  fc.constantFrom(
    SECTION_BEGIN,
    SECTION_END,
    SECTION_BEGIN_SINGULAR,
    SECTION_END_SINGULAR,
    CALL_BEGIN,
    ARGUMENT_BEGIN,
    CALL_END,
    IM_END,
    THINK,
    THINK_END,
    'functions.f:0',
    '0',
    '{',
    '}',
    '"',
    '`',
    ' ',
    '\n',
  ),
);
const output = fc.array(piece, { maxLength: 8 }).map((p) => p.join(''));

const TOKENS = [
  SECTION_BEGIN,
  SECTION_END,
  SECTION_BEGIN_SINGULAR,
  SECTION_END_SINGULAR,
  CALL_BEGIN,
  ARGUMENT_BEGIN,
  CALL_END,
  IM_END,
  THINK,
  THINK_END,
];
const withoutTokens = (s: string) => {
  let out = s;
  for (const t of TOKENS) out = out.split(t).join('');
  return out.replace(/\s+/g, '');
};

describe('properties', () => {
  it('never throws, on any string and on Kimi-like output', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), output), (text) => {
        const r = kimi.parse(text);
        expect(Array.isArray(r.calls)).toBe(true);
        for (const c of r.calls) expect(typeof c.arguments).toBe('object');
        kimi.sanitize(text);
        kimi.detect(text);
      }),
      { numRuns: 400 },
    );
  });

  it('streaming equals batch for any cut', () => {
    fc.assert(
      fc.property(output, fc.array(fc.nat(), { maxLength: 6 }), fc.boolean(), (text, cuts, open) => {
        const opts = { reasoningOpen: open };
        expect(streamWith(kimi, chunksAt(text, cuts), opts)).toEqual(parseWith(kimi, text, opts));
      }),
      { numRuns: 400 },
    );
  });

  it('streaming equals batch at every single cut and in one-character chunks, with tools and reasoningOpen', () => {
    const tools = [{ name: 'f', parameters: { type: 'object', properties: { a: {} } } }, { name: 'g' }];
    fc.assert(
      fc.property(output, fc.boolean(), fc.boolean(), (text, open, declared) => {
        const opts = { reasoningOpen: open, ...(declared ? { tools } : {}) };
        expect(findStreamingMismatch(kimi, text, opts)).toBeNull();
      }),
      { numRuns: 100 },
    );
  });

  it('well-formed calls come back exactly, ids as written, prose kept', () => {
    fc.assert(
      fc.property(
        prose,
        fc.array(call, { minLength: 1, maxLength: 4 }),
        prose,
        fc.boolean(),
        (before, calls, after, mentions) => {
          // Prose glued on after the calls may make them a mention (architecture/precision.md):
          // the peers' reading (`mentions: false`) takes them; with the prose on its own line, both do.
          const text = `${before}${SECTION_BEGIN}${calls.map(written).join('')}${SECTION_END}${mentions ? '\n' : ''}${after}${IM_END}`;
          const r = parseWith(kimi, text, { mentions });
          expect(r.calls).toEqual(calls.map((c) => ({ id: idOf(c), name: c.name, arguments: c.args })));
          // The cut leaves the prose on both sides; only whitespace at the cut may change.
          expect((r.content ?? '').replace(/\s+/g, '')).toBe(`${before}${after}`.replace(/\s+/g, ''));
          expect(r.issues).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the renderer and the parser agree: formatToolCalls → parse gives the calls back', () => {
    fc.assert(
      fc.property(
        fc.array(call, { maxLength: 4 }),
        fc.constantFrom('instruct', '0905', 'thinking'),
        (calls, v) => {
          const handler = createKimiFormat(v);
          const toolCalls = calls.map((c) => ({ id: idOf(c), name: c.name, arguments: c.args }));
          expect(parseWith(handler, handler.formatToolCalls(toolCalls)).calls).toEqual(toolCalls);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('nothing is lost: without calls, every non-blank character is in content, reasoning or an issue', () => {
    fc.assert(
      fc.property(output, (text) => {
        const r = parseWith(kimi, text, { onMalformed: 'keep' });
        if (r.calls.length > 0) return;
        const kept = withoutTokens(
          `${r.content ?? ''}${r.reasoning ?? ''}${r.issues.map((i) => i.raw ?? '').join('')}`,
        );
        for (const ch of new Set(withoutTokens(text))) expect(kept).toContain(ch);
      }),
      { numRuns: 400 },
    );
  });
});
