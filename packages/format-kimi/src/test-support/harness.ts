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
} from '@toolformat/core/testing';
import { expect } from 'vitest';

export { callsOf, chunksAt, parseWith, streamWith };

/** Streaming equals batch for every single split point, and for one-character chunks. */
export function expectStreamingEqualsBatch(
  handler: ToolFormatHandler,
  text: string,
  opts: ParseOptions = {},
): ParseResult {
  expect(findStreamingMismatch(handler, text, opts)).toBeNull();
  return parseWith(handler, text, opts);
}
