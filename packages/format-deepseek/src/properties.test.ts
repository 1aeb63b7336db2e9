/**
 * Properties over generated outputs (architecture/semantics.md, guarantees 1, 7, 9): never throws; nothing is lost
 * (prose around calls is content, calls come back in order); streaming equals batch for random
 * chunkings, in every variant.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDeepseekFormat } from './plugin.js';
import { chunksAt, parseWith, streamWith } from './test-support/harness.js';
import { VARIANTS } from './variants.js';

const handlers = VARIANTS.ids.map((v) => createDeepseekFormat(v));
const ds = createDeepseekFormat();

const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/);
/** The call tokens, in the spellings models write: inside a JSON string they are text. */
const token = fc.constantFrom(
  '<｜tool▁calls▁begin｜>',
  '<｜tool▁call▁begin｜>',
  '<｜tool▁sep｜>',
  '<｜tool▁call▁end｜>',
  '<｜tool▁calls▁end｜>',
  '<｜end▁of▁sentence｜>',
  '<|tool_call_end|>',
  '<｜tool calls begin｜>',
  '"',
  '\\',
  '\n```',
);
const scalar = fc.oneof(
  fc.integer(),
  fc.boolean(),
  fc.stringMatching(/^[A-Za-z .,!?]{1,12}$/).filter((s) => s.trim() === s && s !== ''),
  fc
    .tuple(fc.stringMatching(/^[a-z]{1,4}$/), token, fc.stringMatching(/^[a-z]{0,4}$/))
    .map((p) => p.join(' ')),
);
const call = fc.record({ name: key, arguments: fc.dictionary(key, scalar, { maxKeys: 3 }) });
const prose = fc.stringMatching(/^[A-Za-z0-9 .,!?'\n]{0,24}$/);
/** One call list in one of the versions' forms, written by the variant's own renderer. */
const block = fc.tuple(fc.array(call, { minLength: 1, maxLength: 3 }), fc.constantFrom(...VARIANTS.ids));
const noise = fc.constantFrom(
  '<｜tool▁calls▁begin｜>',
  '<｜tool▁sep｜>',
  '<｜tool▁call▁begin｜>',
  '<｜tool▁call▁end｜>',
  '<｜DSML｜invoke name="',
  '<｜DSML｜parameter name="a" string="false">',
  '</｜DSML｜parameter>',
  '```json\n',
  '<think>',
  '</think>',
  '{"a": ',
  '|',
  '｜',
  '▁',
);

describe('properties', () => {
  it('never throws, and streams to the batch result, on any mix of markup pieces', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(prose, noise), { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 4 }),
        (parts, cuts) => {
          const text = parts.join('');
          for (const h of handlers) {
            const batch = parseWith(h, text);
            expect(batch.issues.some((i) => i.kind === 'internal-error')).toBe(false);
            expect(streamWith(h, chunksAt(text, cuts))).toEqual(batch);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('nothing lost: rendered calls come back in order, prose stays content', () => {
    fc.assert(
      fc.property(
        prose,
        block,
        prose,
        fc.array(fc.nat(), { maxLength: 3 }),
        fc.boolean(),
        (before, [list, variant], after, cuts, mentions) => {
          const writer = createDeepseekFormat(variant);
          const calls = list.map((c, i) => ({ id: `c${i}`, ...c }));
          // Prose the calls are glued into may make them a mention (architecture/precision.md):
          // the peers' reading (`mentions: false`) takes them; on their own line, both do.
          const text = `${before}${writer.formatToolCalls(calls)}${mentions ? '\n' : ''}${after}`;
          const opts = { mentions };
          for (const h of [ds, writer]) {
            const r = parseWith(h, text, opts);
            expect(r.calls.map(({ name, arguments: a }) => ({ name, arguments: a }))).toEqual(list);
            // Only whitespace may change where the calls were cut out.
            expect((r.content ?? '').replace(/\s/g, '')).toBe(`${before}${after}`.replace(/\s/g, ''));
            expect(streamWith(h, chunksAt(text, cuts), opts)).toEqual(r);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
