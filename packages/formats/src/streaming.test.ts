/**
 * architecture/semantics.md, guarantee 7 (streaming = batch) across every built-in handler at once,
 * on outputs made of what a model really mixes: the handler's own calls as its writer writes them,
 * another family's calls, prose, blanks, reasoning, fences, a call's opening without its call and
 * a declared tool called on a line of its own; parsed with and without declared tools, strictly,
 * with reasoning open, keeping malformed spans, and with a call limit. Short chunks (one to six
 * characters) take the engine's plain-token paths, random cuts its general scan: both must give the
 * batch result exactly, and the stream's call events must keep their order (every call started is
 * ended or aborted; `streamWithIds` checks it).
 */
import { createRouter, type ParseOptions, type ToolCall } from '@toolformat/core';
import { chunksAt, parseWithIds, streamWithIds } from '@toolformat/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtinPlugins } from './index.js';

const router = createRouter({ plugins: builtinPlugins });
const writers = router
  .formats()
  .flatMap((info) => [undefined, ...info.variants].map((v) => router.get(info.id, v)));
/** Auto mode writes nothing of its own: its "own" calls are Hermes's. */
const handlers = [router.get('auto'), ...writers];

const NAMES = ['f', 'get_weather', 'search'] as const;
const tools = NAMES.map((name) => ({ name, parameters: { type: 'object', properties: {} } }));
const OPTIONS: ParseOptions[] = [
  {},
  { tools },
  { strict: true, tools },
  { reasoningOpen: true },
  { onMalformed: 'keep' },
  { maxCalls: 1 },
];

const args = fc.constantFrom<Record<string, unknown>>(
  {},
  { a: 1 },
  { city: 'Paris' },
  { q: 'x "y" \\ z' },
  { n: [1, 2, { b: null }] },
  { s: 'line\nbreak' },
  { t: true, f: 1.5 },
);
const calls = fc
  .array(fc.record({ name: fc.constantFrom(...NAMES), arguments: args }), { minLength: 1, maxLength: 2 })
  .map((cs) => cs.map((c, i): ToolCall => ({ id: `call_${i + 1}`, ...c })));
const noise = fc.constantFrom(
  ' ',
  '\n',
  '\n\n',
  '\t',
  'Sure, ',
  'The answer is 4.',
  'for the ',
  'fun',
  'f',
  '<',
  '[',
  '{',
  '`code`',
  '```json\n{"a": 1}\n```\n',
  '<think>hm</think>',
  '</think>',
  'Use <tool_call> tags.',
  'é',
  // A call's opening without its call: announced early, it must be withdrawn in the stream.
  ' to=functions.f<|message|>',
  '[TOOL_CALLS]f[ARGS]',
  'words that are not JSON at all',
);
/** A declared tool called in Python on a line of its own (a bare call line, where a format reads one). */
const bareLine = fc.constantFrom('\nget_weather(city="P")', '\nf(a=1)\n', 'search(q="x")');

type Part = { own: ToolCall[] } | { other: number; calls: ToolCall[] } | { text: string };
const ownPart = calls.map((c): Part => ({ own: c }));
const otherPart = fc
  .tuple(fc.nat(writers.length - 1), calls)
  .map(([other, c]): Part => ({ other, calls: c }));
const noisePart = noise.map((text): Part => ({ text }));
const parts = fc.array(
  fc.oneof(
    { arbitrary: ownPart, weight: 3 },
    { arbitrary: otherPart, weight: 1 },
    { arbitrary: noisePart, weight: 3 },
    { arbitrary: bareLine.map((text): Part => ({ text })), weight: 1 },
  ),
  { minLength: 1, maxLength: 6 },
);
/** Chunks of one of `sizes`, or cut at random points. */
const chunkingOf = (sizes: fc.Arbitrary<number>) =>
  fc.oneof(
    sizes.map((size) => (text: string) => {
      const chunks: string[] = [];
      for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
      return chunks;
    }),
    fc.array(fc.nat(), { maxLength: 8 }).map((cuts) => (text: string) => chunksAt(text, cuts)),
  );
const chunking = chunkingOf(fc.integer({ min: 1, max: 6 }));

/** The text of a part, `own` writing the handler's own calls. */
function written(own: (typeof writers)[number], p: Part): string {
  return 'own' in p
    ? own.formatToolCalls(p.own)
    : 'other' in p
      ? writers[p.other]!.formatToolCalls(p.calls)
      : p.text;
}

/** A test per handler; `own` writes its calls (auto mode writes nothing of its own). */
function forEveryHandler(
  title: string,
  check: (handler: (typeof handlers)[number], own: (typeof writers)[number]) => void,
) {
  describe(title, () => {
    for (const handler of handlers)
      it(handler.id, () => check(handler, handler.id === 'auto' ? writers[0]! : handler));
  });
}

forEveryHandler('every handler streams what it parses', (handler, own) => {
  fc.assert(
    fc.property(
      parts,
      fc.nat(OPTIONS.length - 1),
      fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: fc.nat(), weight: 1 }),
      chunking,
      (ps, option, cut, chunksOf) => {
        let text = ps.map((p) => written(own, p)).join('');
        // Cut off anywhere too: the output of a model stopped mid-call.
        if (cut !== null) text = text.slice(0, cut % (text.length + 1));
        const opts = OPTIONS[option]!;
        expect(streamWithIds(handler, chunksOf(text), opts)).toEqual(parseWithIds(handler, text, opts));
      },
    ),
    { numRuns: 100 },
  );
});

/**
 * A batch parse counts the copies of a unit it has read twice alike rather than reading each
 * (architecture/stream-engine.md, "Runs of the same block"); a stream reads every copy. So a run
 * of one unit, whatever its blocks hold (the handler's own calls, a call cut off inside its
 * arguments, an empty block, another family's markup, prose), must stream as it parses: long
 * enough to be counted, with a copy that differs somewhere in it or not, and text around it.
 */
const unitPart = fc.oneof(
  { arbitrary: ownPart, weight: 3 },
  { arbitrary: otherPart, weight: 1 },
  { arbitrary: noisePart, weight: 2 },
);
const unitOf = fc.record({
  parts: fc.array(unitPart, { minLength: 1, maxLength: 3 }),
  // Cut off inside its last part (a call cut inside its arguments, a block never closed), or whole.
  cut: fc.oneof({ arbitrary: fc.constant(null), weight: 1 }, { arbitrary: fc.nat(), weight: 2 }),
});
const runChunking = chunkingOf(fc.constantFrom(1, 4, 7, 4096));

forEveryHandler('every handler streams a run of one unit as it parses it', (handler, own) => {
  fc.assert(
    fc.property(
      unitOf,
      fc.integer({ min: 2, max: 200 }),
      fc.option(fc.tuple(fc.nat(), noise), { nil: null }),
      noise,
      fc.nat(OPTIONS.length - 1),
      runChunking,
      (u, copies, changed, after, option, chunksOf) => {
        const whole = u.parts.map((p) => written(own, p)).join('');
        const unit = u.cut === null ? whole : whole.slice(0, 1 + (u.cut % whole.length));
        // Past the engine's margin of 1,024 characters after the 16th block, so that copies are counted.
        const times = Math.max(copies, 17 + Math.ceil(3000 / unit.length));
        const run: string[] = new Array<string>(times).fill(unit);
        // One copy with other text in it: the copies before it are counted, the rest read on.
        if (changed !== null) run[changed[0] % times] = unit + changed[1];
        const text = run.join('') + after;
        const opts = OPTIONS[option]!;
        expect(streamWithIds(handler, chunksOf(text), opts)).toEqual(parseWithIds(handler, text, opts));
      },
    ),
    { numRuns: 15 },
  );
});

/**
 * An output that is only prose lines and the handler's own calls on lines of their own is what
 * most models write, and what `parse` reads without the engine (architecture/stream-engine.md,
 * "Clean blocks"). Whatever reads it, the result is the engine's: the stream fed it whole.
 */
const proseLine = fc.constantFrom(
  'Sure, let me check.',
  'I will look that up for you.',
  'Done. The weather in Paris is mild, and a < b holds.',
  'Les résultats arrivent.',
  '',
);
forEveryHandler(
  'every handler parses an output of prose and its own calls as its engine does',
  (handler, own) => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            proseLine,
            calls.map((c) => own.formatToolCalls(c)),
          ),
          { minLength: 1, maxLength: 5 },
        ),
        fc.nat(OPTIONS.length - 1),
        (lines, option) => {
          const text = `${lines.join('\n')}\n`;
          const opts = OPTIONS[option]!;
          expect(parseWithIds(handler, text, opts)).toEqual(streamWithIds(handler, [text], opts));
        },
      ),
      { numRuns: 40 },
    );
  },
);
