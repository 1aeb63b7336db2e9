/**
 * `@toolformat/core/testing`: what every format's tests need, so that a format package holds only
 * its fixtures. No test runner is imported: helpers return values, the tests assert on them.
 */
import { streamAll } from '../define-format.js';
import type { ToolFormatHandler } from '../handler.js';
import { foldEvents } from '../kit/fold-events.js';
import { sequentialIds } from '../kit/ids.js';
import type { ParseOptions, ParseResult, StreamEvent } from '../schemas.js';

/** Batch parse with deterministic ids (`call_1`, `call_2`, …). */
export function parseWithIds(handler: ToolFormatHandler, text: string, opts: ParseOptions = {}): ParseResult {
  return handler.parse(text, { generateId: sequentialIds(), ...opts });
}

/**
 * The folded events of streaming `chunks`, with deterministic ids. Throws when the call events
 * themselves are wrong (see `findEventProtocolError`), so every streaming test checks them too.
 */
export function streamWithIds(
  handler: ToolFormatHandler,
  chunks: readonly string[],
  opts: ParseOptions = {},
): ParseResult {
  const parser = handler.createStreamParser({ generateId: sequentialIds(), ...opts });
  const events = streamAll(parser, chunks);
  const protocol = findEventProtocolError(events);
  if (protocol !== null)
    throw new Error(`call events out of order for chunks ${JSON.stringify(chunks)}: ${protocol}`);
  return foldEvents(events, parser.format);
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
  /** What was wrong with the events themselves (see findEventProtocolError), if anything. */
  protocol?: string;
}

/**
 * architecture/semantics.md, guarantee 7 checked exhaustively for one text: every single split point, and
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
    const parser = handler.createStreamParser({ generateId: sequentialIds(), ...opts });
    const events = streamAll(parser, chunks);
    const streamed = foldEvents(events, parser.format);
    const protocol = findEventProtocolError(events);
    if (JSON.stringify(streamed) !== expected || protocol !== null)
      return { chunks, batch, streamed, ...(protocol === null ? {} : { protocol }) };
  }
  return null;
}

/**
 * What is wrong with a stream's call events, or null: every delta, end and abort follows its
 * call's start (a call that ends unannounced starts right before), nothing follows its end or
 * abort, and the deltas of an ended call add up to `JSON.stringify` of its arguments.
 */
export function findEventProtocolError(events: readonly StreamEvent[]): string | null {
  const open = new Map<number, string>();
  const closed = new Set<number>();
  for (const e of events) {
    if (e.type === 'tool-call-start') {
      if (open.has(e.index) || closed.has(e.index)) return `call ${e.index} started twice`;
      open.set(e.index, '');
    } else if (e.type === 'tool-call-delta' || e.type === 'tool-call-end' || e.type === 'tool-call-abort') {
      const sent = open.get(e.index);
      if (sent === undefined) return `${e.type} of call ${e.index}, which is not open`;
      if (e.type === 'tool-call-delta') open.set(e.index, sent + e.argumentsDelta);
      else {
        open.delete(e.index);
        closed.add(e.index);
        if (e.type === 'tool-call-end' && sent !== JSON.stringify(e.call.arguments))
          return `the deltas of call ${e.index} add up to ${sent}, its arguments are ${JSON.stringify(e.call.arguments)}`;
      }
    }
  }
  return open.size === 0 ? null : `call ${[...open.keys()][0]} neither ended nor was aborted`;
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
        (mismatch.protocol === undefined ? '' : `events: ${mismatch.protocol}\n`) +
        `batch:    ${JSON.stringify(mismatch.batch)}\nstreamed: ${JSON.stringify(mismatch.streamed)}`,
    );
  }
  return parseWithIds(handler, text, opts);
}

/** The calls without ids, for comparisons. */
export function callsOf(r: ParseResult): Array<{ name: string; arguments: Record<string, unknown> }> {
  return r.calls.map((c) => ({ name: c.name, arguments: c.arguments }));
}

/** The tool of the weather conversation every chat-template render in the format tests was made with. */
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

/**
 * A GGUF v3 file header with no tensors and these string metadata values (little-endian), for
 * tests of reading a chat template from a model file without downloading one.
 */
export function ggufHeader(metadata: Record<string, string>): Uint8Array {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const u32 = (n: number) => {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setUint32(0, n, true);
    parts.push(b);
  };
  const u64 = (n: number) => {
    const b = new Uint8Array(8);
    new DataView(b.buffer).setBigUint64(0, BigInt(n), true);
    parts.push(b);
  };
  const str = (s: string) => {
    const bytes = encoder.encode(s);
    u64(bytes.length);
    parts.push(bytes);
  };
  parts.push(encoder.encode('GGUF'));
  u32(3); // version
  u64(0); // tensors
  u64(Object.keys(metadata).length);
  for (const [key, value] of Object.entries(metadata)) {
    str(key);
    u32(8); // the STRING value type
    str(value);
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
