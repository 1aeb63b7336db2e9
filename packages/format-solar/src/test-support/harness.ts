/**
 * The shared format-test kit (`@toolformat/core/testing`) with this package's assertions on top.
 */

import type { ParseOptions, ParseResult, ToolFormatHandler } from '@toolformat/core';
import {
  callsOf,
  chunksAt,
  findStreamingMismatch,
  parseWithIds as parseWith,
  streamWithIds as streamWith,
  WEATHER_TOOL,
} from '@toolformat/core/testing';
import { expect } from 'vitest';
import { CALL_ARGS, CALL_BEGIN, CALL_END, CALL_NAME } from '../tokens.js';

export { callsOf, chunksAt, parseWith, streamWith, WEATHER_TOOL };

/** Streaming equals batch for every single split point, and for one-character chunks. */
export function expectStreamingEqualsBatch(
  handler: ToolFormatHandler,
  text: string,
  opts: ParseOptions = {},
): ParseResult {
  expect(findStreamingMismatch(handler, text, opts)).toBeNull();
  return parseWith(handler, text, opts);
}

/** One call block as Solar Open writes it. */
export function solarCall(id: string, name: string, json: string): string {
  return `${CALL_BEGIN}${id}${CALL_NAME}${name}${CALL_ARGS}${json}${CALL_END}`;
}
