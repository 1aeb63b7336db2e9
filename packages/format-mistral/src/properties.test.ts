/**
 * Properties over generated outputs: the parser never throws, loses nothing, and streams exactly
 * as it parses, however the text is cut.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMistralFormat } from './plugin.js';
import { chunksAt, parseWith, streamWith } from './test-support/harness.js';

const mistral = createMistralFormat();

const name = fc.stringMatching(/^[a-z_][a-z0-9_]{0,11}$/);
const args = fc.dictionary(
  fc.stringMatching(/^[a-z]{1,6}$/),
  fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null)),
  { maxKeys: 3 },
);
const id = fc.stringMatching(/^[a-zA-Z0-9]{9}$/);
const call = fc.record({ name, args, id });
const prose = fc
  .string({ maxLength: 20 })
  .filter((s) => !s.includes('[') && !s.includes('`') && !s.includes('<'));

/** A call in one of the generations' spellings. */
const written = fc.tuple(call, fc.constantFrom('v3', 'v11', 'v13', 'bare')).map(([c, form]) => {
  const json = JSON.stringify(c.args);
  switch (form) {
    case 'v3':
      return `[TOOL_CALLS][${JSON.stringify({ name: c.name, arguments: c.args, id: c.id })}]`;
    case 'v11':
      return `[TOOL_CALLS]${c.name}[CALL_ID]${c.id}[ARGS]${json}`;
    case 'v13':
      return `[TOOL_CALLS]${c.name}[ARGS]${json}`;
    default:
      return `[TOOL_CALLS]${c.name}${json}`;
  }
});

/** Pieces of Mistral output, well-formed or not. */
const piece = fc.oneof(
  written,
  prose,
  fc.constantFrom(
    '[TOOL_CALLS]',
    '[ARGS]',
    '[CALL_ID]',
    '[THINK]',
    '[/THINK]',
    '</s>',
    '{',
    '"',
    '[',
    ']',
    ' ',
  ),
);
const output = fc.array(piece, { maxLength: 8 }).map((p) => p.join(''));

describe('properties', () => {
  it('never throws, on any string and on Mistral-like output', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), output), (text) => {
        const r = mistral.parse(text);
        expect(Array.isArray(r.calls)).toBe(true);
        mistral.sanitize(text);
        mistral.detect(text);
      }),
      { numRuns: 300 },
    );
  });

  it('streaming equals batch for any cut', () => {
    fc.assert(
      fc.property(output, fc.array(fc.nat(), { maxLength: 6 }), (text, cuts) => {
        expect(streamWith(mistral, chunksAt(text, cuts))).toEqual(parseWith(mistral, text));
      }),
      { numRuns: 300 },
    );
  });

  it('well-formed calls come back exactly, ids kept where written, prose kept', () => {
    fc.assert(
      fc.property(prose, fc.array(call, { minLength: 1, maxLength: 3 }), (before, calls) => {
        const text = `${before}${calls.map((c) => `[TOOL_CALLS]${c.name}[CALL_ID]${c.id}[ARGS]${JSON.stringify(c.args)}`).join('')}`;
        const r = parseWith(mistral, text);
        expect(r.calls).toEqual(calls.map((c) => ({ id: c.id, name: c.name, arguments: c.args })));
        expect(r.content).toBe(before.trim() === '' ? null : before.trim());
      }),
      { numRuns: 200 },
    );
  });

  it('nothing is lost: without calls, every non-blank character of the text is in content, reasoning or an issue', () => {
    fc.assert(
      fc.property(output, (text) => {
        const r = parseWith(mistral, text, { onMalformed: 'keep' });
        if (r.calls.length > 0) return;
        const kept = `${r.content ?? ''}${r.reasoning ?? ''}${r.issues.map((i) => i.raw ?? '').join('')}`;
        const stripped = (s: string) =>
          s
            .split('</s>')
            .join('')
            .split('[TOOL_CALLS]')
            .join('')
            .split('[THINK]')
            .join('')
            .split('[/THINK]')
            .join('')
            .replace(/\s+/g, '');
        for (const ch of new Set(stripped(text))) expect(stripped(kept)).toContain(ch);
      }),
      { numRuns: 300 },
    );
  });
});
