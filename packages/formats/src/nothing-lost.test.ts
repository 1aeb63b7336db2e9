/**
 * architecture/semantics.md, guarantee 1 (nothing is lost) across every built-in handler: a word
 * the model writes between the tokens of its own calls (after a line break, a tag, a bracket or a
 * comma: inside the call block, between its arguments, after its JSON) comes back somewhere, in the
 * content, in a call, or in an issue's raw text. Readers used to pass such words over in silence
 * (GLM's pairs, `<function=…>` and `<invoke>` calls, unread keys of a JSON call object, Solar Open
 * 2's and Kimi K3's arguments, MiniMax M3's invokes).
 */
import { createRouter, type ParseOptions, type ParseResult, type ToolCall } from '@toolformat/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builtinPlugins } from './index.js';

const router = createRouter({ plugins: builtinPlugins });
const writers = router
  .formats()
  .flatMap((info) => [undefined, ...info.variants].map((v) => router.get(info.id, v)));

const CALLS: ToolCall[] = [
  { id: 'call_1', name: 'get_weather', arguments: { city: 'Paris', days: 2 } },
  { id: 'call_2', name: 'list_files', arguments: { path: '/tmp' } },
];
const WORD = 'zqxjw';
const OPTIONS: ParseOptions[] = [{}, { strict: true }];

/** Where a model's word could stand between tokens: after a line break, `>`, `}`, `]` or `,`. */
function boundaries(text: string, from: number): number[] {
  const at: number[] = [];
  for (let i = from; i <= text.length; i++)
    if (i === text.length || '\n>}],'.includes(text[i - 1]!)) at.push(i);
  return at;
}

function holdsWord(r: ParseResult): boolean {
  const calls = r.calls.map((c) => c.name + JSON.stringify(c.arguments));
  const raws = r.issues.map((i) => i.raw ?? '');
  return [r.content ?? '', r.reasoning ?? '', ...calls, ...raws].some((s) => s.includes(WORD));
}

describe('a word between the tokens of a handler’s own calls is never dropped in silence', () => {
  for (const handler of writers) {
    it(handler.id, () => {
      const head = 'Checking now.\n';
      const text = head + handler.formatToolCalls(CALLS);
      const places = boundaries(text, head.length);
      fc.assert(
        fc.property(
          fc.nat(places.length - 1),
          fc.constantFrom(' ', '\n'),
          fc.nat(OPTIONS.length - 1),
          (k, blank, o) => {
            const at = places[k]!;
            const written = `${text.slice(0, at)}${blank}${WORD}${blank}${text.slice(at)}`;
            expect(holdsWord(handler.parse(written, OPTIONS[o]))).toBe(true);
          },
        ),
        { numRuns: 40 },
      );
    });
  }
});
