/** Helpers shared by the tests: deterministic ids, streaming through chosen cuts. */
import {
  foldEvents,
  type ParseOptions,
  type ParseResult,
  sequentialIds,
  streamAll,
  type ToolDefinition,
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

export function kindsOf(r: ParseResult): string[] {
  return r.issues.map((i) => i.kind);
}

/** Tools the fixtures declare. */
export const TOOLS: ToolDefinition[] = [
  {
    type: 'function',
    function: {
      name: 'get_weather',
      description: 'Get the current weather for a city.',
      parameters: {
        type: 'object',
        properties: {
          location: { type: 'string', description: 'City name' },
          unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        },
        required: ['location'],
      },
    },
  },
  {
    name: 'search',
    description: 'Search the web.',
    parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
  },
  {
    name: 'list_directory',
    description: 'List a directory.',
    parameters: {
      type: 'object',
      properties: { path: { type: 'string' }, ignore: { type: 'string' }, depth: { type: 'integer' } },
      required: ['path'],
    },
  },
  { name: 'get_time', description: 'The current time.', parameters: { type: 'object', properties: {} } },
  {
    name: 'delete_user_attribute',
    description: 'Delete a stored attribute.',
    parameters: { type: 'object', properties: { query: { type: 'string' } } },
  },
];
