/**
 * `@toolformat/core/testing`: what every format's tests need, so that a format package holds only
 * its fixtures. No test runner is imported: helpers return values, the tests assert on them.
 */
import { streamAll } from '../define-format.js';
import type { ToolFormatHandler } from '../handler.js';
import { foldEvents } from '../kit/fold-events.js';
import { sequentialIds } from '../kit/ids.js';
import type { ParseOptions, ParseResult } from '../schemas.js';

/** Batch parse with deterministic ids (`call_1`, `call_2`, …). */
export function parseWithIds(handler: ToolFormatHandler, text: string, opts: ParseOptions = {}): ParseResult {
  return handler.parse(text, { generateId: sequentialIds(), ...opts });
}

/** The folded events of streaming `chunks`, with deterministic ids. */
export function streamWithIds(
  handler: ToolFormatHandler,
  chunks: readonly string[],
  opts: ParseOptions = {},
): ParseResult {
  const parser = handler.createStreamParser({ generateId: sequentialIds(), ...opts });
  return foldEvents(streamAll(parser, chunks), parser.format);
}

/** `text` cut at the given points (any order; out-of-range points wrap). */
export function chunksAt(text: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let last = 0;
  for (const p of points) {
    chunks.push(text.slice(last, p));
    last = p;
  }
  chunks.push(text.slice(last));
  return chunks;
}

export interface StreamingMismatch {
  /** The chunks that gave a different result. */
  chunks: string[];
  batch: ParseResult;
  streamed: ParseResult;
}

/**
 * DESIGN.md semantics 7 checked exhaustively for one text: every single split point, and
 * one-character chunks. Returns the first chunking whose folded events differ from the batch
 * result, or null. (`JSON.stringify` comparison: results are plain data.)
 */
export function findStreamingMismatch(
  handler: ToolFormatHandler,
  text: string,
  opts: ParseOptions = {},
): StreamingMismatch | null {
  const batch = parseWithIds(handler, text, opts);
  const expected = JSON.stringify(batch);
  const tries: string[][] = [];
  for (let i = 0; i <= text.length; i++) tries.push([text.slice(0, i), text.slice(i)]);
  tries.push([...text]);
  for (const chunks of tries) {
    const streamed = streamWithIds(handler, chunks, opts);
    if (JSON.stringify(streamed) !== expected) return { chunks, batch, streamed };
  }
  return null;
}

/**
 * `findStreamingMismatch` as an assertion, for any test runner: throws, naming the chunking and
 * both results, when streaming differs from batch; returns the batch result otherwise.
 */
export function assertStreamingEqualsBatch(
  handler: ToolFormatHandler,
  text: string,
  opts: ParseOptions = {},
): ParseResult {
  const mismatch = findStreamingMismatch(handler, text, opts);
  if (mismatch !== null) {
    throw new Error(
      `streaming differs from batch for chunks ${JSON.stringify(mismatch.chunks)}:\n` +
        `batch:    ${JSON.stringify(mismatch.batch)}\nstreamed: ${JSON.stringify(mismatch.streamed)}`,
    );
  }
  return parseWithIds(handler, text, opts);
}

/** The calls without ids, for comparisons. */
export function callsOf(r: ParseResult): Array<{ name: string; arguments: Record<string, unknown> }> {
  return r.calls.map((c) => ({ name: c.name, arguments: c.arguments }));
}

/** The tool of the conversation every template in the shared formats folder was rendered with. */
export const WEATHER_TOOL = {
  type: 'function' as const,
  function: {
    name: 'get_weather',
    description: 'Get the current weather for a city.',
    parameters: {
      type: 'object',
      properties: {
        location: { type: 'string', description: 'City name' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'], description: 'Temperature unit' },
      },
      required: ['location'],
    },
  },
};

/** The two calls of that conversation (ids as rendered). */
export const WEATHER_CALLS = [
  { id: 'a1b2c3d4e', name: 'get_weather', arguments: { location: 'Paris', unit: 'celsius' } },
  { id: 'f5g6h7i8j', name: 'get_weather', arguments: { location: 'London' } },
];
