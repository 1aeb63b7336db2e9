/**
 * Properties over generated outputs: the parser never throws, loses nothing, reads well-formed
 * calls back exactly, and streams exactly as it parses, however the text is cut.
 */
import { findStreamingMismatch } from '@toolformat/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSolarFormat } from './plugin.js';
import { chunksAt, parseWith, streamWith } from './test-support/harness.js';
import {
  BEGIN,
  BEGIN_ASSISTANT,
  CALL_ARGS,
  CALL_BEGIN,
  CALL_END,
  CALL_NAME,
  CALLS_END,
  CONTENT,
  END,
  END_OF_TEXT,
  FLUSH,
  THINK,
  TOOL_CALLS,
} from './tokens.js';

const solar = createSolarFormat();

const name = fc.stringMatching(/^[a-z_][a-z0-9_.-]{0,11}$/);
const id = fc.oneof(
  fc.constant(''),
  fc.nat({ max: 999_999_999 }).map(String),
  fc.stringMatching(/^[a-z0-9_-]{1,12}$/),
);
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
const call = fc.record({ id, name, args });
const prose = fc
  .string({ maxLength: 20 })
  .filter((s) => !s.includes('<') && !s.includes('`') && !s.includes('|'));

const written = (c: { id: string; name: string; args: Record<string, unknown> }) =>
  `${CALL_BEGIN}${c.id}${CALL_NAME}${c.name}${CALL_ARGS}${JSON.stringify(c.args)}${CALL_END}`;

const TOKENS = [
  TOOL_CALLS,
  CALL_BEGIN,
  CALL_NAME,
  CALL_ARGS,
  CALL_END,
  THINK,
  END,
  BEGIN_ASSISTANT,
  BEGIN,
  CONTENT,
  CALLS_END,
  FLUSH,
  END_OF_TEXT,
];

/** Pieces of Solar output, well-formed or not: whole calls, calls cut anywhere, stray tokens. */
const piece = fc.oneof(
  call.map(written),
  fc.tuple(call, fc.nat()).map(([c, cut]) => {
    const w = written(c);
    return w.slice(0, cut % w.length);
  }),
  prose,
  fc.constantFrom(...TOKENS, '0', 'f', '{', '}', '"', '`', ' ', '\n'),
);
const output = fc.array(piece, { maxLength: 8 }).map((p) => p.join(''));

const withoutTokens = (s: string) => {
  let out = s;
  // Longest first: `<|begin|>assistant` before `<|begin|>`.
  for (const t of TOKENS) out = out.split(t).join('');
  return out.replace(/\s+/g, '');
};

describe('properties', () => {
  it('never throws, on any string and on Solar-like output', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), output), (text) => {
        const r = solar.parse(text);
        expect(Array.isArray(r.calls)).toBe(true);
        for (const c of r.calls) expect(typeof c.arguments).toBe('object');
        solar.sanitize(text);
        solar.detect(text);
      }),
      { numRuns: 400 },
    );
  });

  it('streaming equals batch for random cuts', () => {
    fc.assert(
      fc.property(output, fc.array(fc.nat(), { maxLength: 6 }), fc.boolean(), (text, cuts, open) => {
        const opts = { reasoningOpen: open };
        expect(streamWith(solar, chunksAt(text, cuts), opts)).toEqual(parseWith(solar, text, opts));
      }),
      { numRuns: 400 },
    );
  });

  it('streaming equals batch at every single cut and in one-character chunks, with tools and reasoningOpen', () => {
    const tools = [{ name: 'f', parameters: { type: 'object', properties: { a: {} } } }, { name: 'g' }];
    fc.assert(
      fc.property(output, fc.boolean(), fc.boolean(), (text, open, declared) => {
        const opts = { reasoningOpen: open, ...(declared ? { tools } : {}) };
        expect(findStreamingMismatch(solar, text, opts)).toBeNull();
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
          const text = `${CONTENT}${before}${END}${BEGIN_ASSISTANT}${TOOL_CALLS}${calls.map(written).join('')}${CALLS_END}${mentions ? '\n' : ''}${after}`;
          const r = parseWith(solar, text, { mentions });
          let n = 0;
          const expected = calls.map((c) => ({
            id: c.id === '' ? `call_${++n}` : c.id,
            name: c.name,
            arguments: c.args,
          }));
          expect(r.calls).toEqual(expected);
          // Only whitespace at the cuts may change.
          expect((r.content ?? '').replace(/\s+/g, '')).toBe(`${before}${after}`.replace(/\s+/g, ''));
          expect(r.issues).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('the renderer and the parser agree: formatToolCalls → parse gives the calls back', () => {
    fc.assert(
      fc.property(fc.array(call, { maxLength: 4 }), (calls) => {
        const toolCalls = calls.map((c, i) => ({ id: c.id || `call_${i}`, name: c.name, arguments: c.args }));
        const r = parseWith(solar, solar.formatToolCalls(toolCalls));
        expect(r.calls).toEqual(toolCalls);
        expect(r.content).toBeNull();
      }),
      { numRuns: 200 },
    );
  });

  it('nothing is lost: without calls, every non-blank character is in content, reasoning or an issue', () => {
    fc.assert(
      fc.property(output, fc.boolean(), (text, open) => {
        const r = parseWith(solar, text, { onMalformed: 'keep', reasoningOpen: open });
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
