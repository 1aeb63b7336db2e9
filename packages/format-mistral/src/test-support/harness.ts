/** Helpers shared by the tests: deterministic ids, streaming through chosen cuts. */
import {
  foldEvents,
  type ParseOptions,
  type ParseResult,
  sequentialIds,
  streamAll,
  type ToolFormatHandler,
} from '@toolformat/core';
import { expect } from 'vitest';

export function parseWith(handler: ToolFormatHandler, text: string, opts: ParseOptions = {}): ParseResult {
  return handler.parse(text, { generateId: sequentialIds(), ...opts });
}

export function streamWith(
  handler: ToolFormatHandler,
  chunks: string[],
  opts: ParseOptions = {},
): ParseResult {
  const parser = handler.createStreamParser({ generateId: sequentialIds(), ...opts });
  return foldEvents(streamAll(parser, chunks), parser.format);
}

/** `text` cut at the given points (any order, out-of-range ones wrapped). */
export function chunksAt(text: string, cuts: number[]): string[] {
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

/** Streaming equals batch for every single split point, and for one-character chunks. */
export function expectStreamingEqualsBatch(
  handler: ToolFormatHandler,
  text: string,
  opts: ParseOptions = {},
): void {
  const batch = parseWith(handler, text, opts);
  for (let i = 0; i <= text.length; i++) {
    expect(streamWith(handler, [text.slice(0, i), text.slice(i)], opts)).toEqual(batch);
  }
  expect(streamWith(handler, [...text], opts)).toEqual(batch);
}

/** The calls without ids, for comparisons. */
export function callsOf(r: ParseResult): Array<{ name: string; arguments: Record<string, unknown> }> {
  return r.calls.map((c) => ({ name: c.name, arguments: c.arguments }));
}
