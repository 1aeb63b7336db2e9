/**
 * The shared format-test kit (`@toolformat/core/testing`) with this package's assertions on top.
 */

import type { ParseResult, ToolDefinition } from '@toolformat/core';

export {
  assertStreamingEqualsBatch as expectStreamingEqualsBatch,
  callsOf,
  chunksAt,
  parseWithIds as parseWith,
  streamWithIds as streamWith,
} from '@toolformat/core/testing';

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
