/**
 * Properties over generated outputs: the parser never throws, loses nothing, reads every
 * well-formed message, and streams exactly as it parses, however the text is cut.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHarmonyFormat } from './plugin.js';
import { callsOf, chunksAt, parseWith, streamWith } from './test-support/harness.js';

const harmony = createHarmonyFormat();

const name = fc.stringMatching(/^[a-z_][a-z0-9_]{0,11}$/);
const args = fc.dictionary(
  fc.stringMatching(/^[a-z]{1,6}$/),
  fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.boolean(), fc.constant(null)),
  { maxKeys: 3 },
);
/** What a model writes in a message: anything but a token, `to=` or `<think>`. */
const prose = fc
  .string({ minLength: 1, maxLength: 24 })
  .filter((s) => s.trim() !== '' && !s.includes('<|') && !s.includes('to=') && !s.includes('<think>'));

const TOKENS = [
  '<|start|>',
  '<|channel|>',
  '<|message|>',
  '<|constrain|>',
  '<|end|>',
  '<|call|>',
  '<|return|>',
];

type Message =
  | { kind: 'analysis' | 'final' | 'preamble'; text: string }
  | { kind: 'call'; name: string; args: Record<string, unknown> };

const message: fc.Arbitrary<Message> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('analysis' as const, 'final' as const, 'preamble' as const),
    text: prose,
  }),
  fc.record({ kind: fc.constant('call' as const), name, args }),
);

/** One message in one of the spellings models, templates and servers use. */
function write(m: Message, form: number, last: boolean): string {
  const start = form % 2 === 0 ? '<|start|>assistant' : '';
  switch (m.kind) {
    case 'analysis':
      return `${start}<|channel|>analysis<|message|>${m.text}<|end|>`;
    case 'preamble':
      return `${start}<|channel|>commentary<|message|>${m.text}<|end|>`;
    case 'final':
      return `${start}<|channel|>final<|message|>${m.text}${last ? ['', '<|return|>'][form % 2] : '<|end|>'}`;
    case 'call': {
      const json = JSON.stringify(m.args);
      // The stop token is usually cut off by the server: only the last call may lack it.
      const stop = last && form % 3 === 0 ? '' : '<|call|>';
      switch (form % 4) {
        case 0:
          return `${start}<|channel|>commentary to=functions.${m.name} <|constrain|>json<|message|>${json}${stop}`;
        case 1:
          return `<|start|>assistant to=functions.${m.name}<|channel|>commentary json<|message|>${json}${stop}`;
        case 2:
          return `${start}<|channel|>commentary to=functions.${m.name}<|message|>${json}${stop}`;
        default:
          return `${start}<|channel|>analysis to=functions.${m.name} <|constrain|>json<|message|>${json}${stop}`;
      }
    }
  }
}

const conversation = fc.array(fc.tuple(message, fc.nat(11)), { minLength: 1, maxLength: 5 }).map((parts) => ({
  messages: parts.map(([m]) => m),
  text: parts.map(([m, form], i) => write(m, form, i === parts.length - 1)).join(''),
}));

/** Pieces of harmony output, well-formed or not. */
const piece = fc.oneof(
  conversation.map((c) => c.text),
  prose,
  fc.constantFrom(
    '<|start|>',
    '<|start|>assistant',
    '<|start|>assistant to=',
    '<|channel|>',
    '<|channel|>analysis<|message|>',
    '<|channel|>final<|message|>',
    '<|channel|>commentary',
    ' to=functions.f',
    'to=python',
    '<|constrain|>json',
    '<|message|>',
    '<|end|>',
    '<|call|>',
    '<|return|>',
    '<think>',
    '</think>',
    '{',
    '}',
    '"',
    ' ',
    '\n',
    '`',
  ),
);
const output = fc.array(piece, { maxLength: 8 }).map((p) => p.join(''));

describe('properties', () => {
  it('never throws, on any string and on harmony-like output', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), output), (text) => {
        const r = harmony.parse(text);
        expect(Array.isArray(r.calls)).toBe(true);
        expect(r.issues.every((i) => i.kind !== 'internal-error')).toBe(true);
        harmony.sanitize(text);
        harmony.detect(text);
      }),
      { numRuns: 400 },
    );
  });

  it('streaming equals batch for any cut', () => {
    fc.assert(
      fc.property(fc.oneof(output, fc.string()), fc.array(fc.nat(), { maxLength: 6 }), (text, cuts) => {
        expect(streamWith(harmony, chunksAt(text, cuts))).toEqual(parseWith(harmony, text));
      }),
      { numRuns: 400 },
    );
  });

  it('streaming equals batch with tools declared and malformed spans kept', () => {
    const opts = { tools: [{ name: 'f' }], onMalformed: 'keep' as const };
    fc.assert(
      fc.property(output, fc.array(fc.nat(), { maxLength: 6 }), (text, cuts) => {
        expect(streamWith(harmony, chunksAt(text, cuts), opts)).toEqual(parseWith(harmony, text, opts));
      }),
      { numRuns: 200 },
    );
  });

  it('every message of a well-formed output lands where it belongs', () => {
    fc.assert(
      fc.property(conversation, ({ messages, text }) => {
        const r = parseWith(harmony, text);
        const calls = messages.flatMap((m) =>
          m.kind === 'call' ? [{ name: m.name, arguments: m.args }] : [],
        );
        expect(callsOf(r)).toEqual(calls);
        expect(r.issues).toEqual([]);
        for (const m of messages) {
          if (m.kind === 'analysis') expect(r.reasoning ?? '').toContain(m.text.trim());
          if (m.kind === 'final' || m.kind === 'preamble') expect(r.content ?? '').toContain(m.text.trim());
        }
        expect(r.content ?? '').not.toContain('to=');
        for (const token of TOKENS) {
          expect(r.content ?? '').not.toContain(token);
          expect(r.reasoning ?? '').not.toContain(token);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('nothing is lost: the prose between the markup is in content, reasoning, a call or an issue', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(prose, piece), { maxLength: 5 }), (parts) => {
        const text = parts.map(([p, m]) => `${p}${m}`).join('');
        const r = parseWith(harmony, text, { onMalformed: 'keep' });
        // A call holds what was written in it: its name and its arguments' text.
        const called = r.calls.map((c) => `${c.name}${Object.values(c.arguments).map(String).join('')}`);
        const kept = `${r.content ?? ''}${r.reasoning ?? ''}${r.issues.map((i) => i.raw ?? '').join('')}${called.join('')}`;
        const squash = (s: string) => s.replace(/\s+/g, '');
        // Characters, not runs: a header's words may land apart (a stray word in content, the
        // recipient in a call's name).
        const all = new Set(squash(kept));
        for (const [p] of parts)
          for (const ch of squash(p)) expect(all.has(ch) ? ch : `missing ${ch}`).toBe(ch);
      }),
      { numRuns: 300 },
    );
  });

  it('the template round trip: formatToolCalls, then parse, gives the calls back', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: fc.uuid(), name, arguments: args }), { maxLength: 4 }),
        (calls) => {
          const r = parseWith(harmony, harmony.formatToolCalls(calls));
          expect(callsOf(r)).toEqual(calls.map((c) => ({ name: c.name, arguments: c.arguments })));
          expect(r.content).toBeNull();
        },
      ),
      { numRuns: 200 },
    );
  });
});
