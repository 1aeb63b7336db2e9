/**
 * The shared format-test kit (`@toolformat/core/testing`) with this package's assertions on top.
 */

import { CALL_ARGS, CALL_BEGIN, CALL_END, CALL_NAME } from '../tokens.js';

export {
  assertStreamingEqualsBatch as expectStreamingEqualsBatch,
  callsOf,
  chunksAt,
  parseWithIds as parseWith,
  streamWithIds as streamWith,
  WEATHER_TOOL,
} from '@toolformat/core/testing';

/** One call block as Solar Open writes it. */
export function solarCall(id: string, name: string, json: string): string {
  return `${CALL_BEGIN}${id}${CALL_NAME}${name}${CALL_ARGS}${json}${CALL_END}`;
}
