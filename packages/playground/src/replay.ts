/**
 * The streaming replay: the input pushed in token-sized chunks into a fresh stream parser, up to
 * a chunk chosen with the slider. Recomputed from the start on every move (a parser cannot go
 * back), which is cheap: the engine is linear.
 */
import type { ParseOptions, ParseResult, StreamEvent, ToolFormatHandler } from '@toolformat/core';
import { EventFolder } from '@toolformat/core/kit';

export interface ReplayEvent {
  /** The chunk that released it (1-based), or `end` for what `end()` flushed. */
  chunk: number | 'end';
  event: StreamEvent;
}

export interface ReplayState {
  /** Chunks pushed. */
  pushed: number;
  /** Characters pushed. */
  chars: number;
  done: boolean;
  events: ReplayEvent[];
  result: ParseResult;
  /** Arguments streamed so far per announced call (the deltas concatenated). */
  partialArguments: Map<number, { name: string; id: string; text: string; ended: boolean }>;
}

export function replay(
  handler: ToolFormatHandler,
  options: ParseOptions,
  chunks: readonly string[],
  upTo: number,
): ReplayState {
  const parser = handler.createStreamParser(options);
  const events: ReplayEvent[] = [];
  const pushed = Math.max(0, Math.min(upTo, chunks.length));
  let chars = 0;
  for (let i = 0; i < pushed; i++) {
    const chunk = chunks[i]!;
    chars += chunk.length;
    for (const event of parser.push(chunk)) events.push({ chunk: i + 1, event });
  }
  const done = pushed === chunks.length;
  if (done) for (const event of parser.end()) events.push({ chunk: 'end', event });
  const folder = new EventFolder();
  const partialArguments: ReplayState['partialArguments'] = new Map();
  for (const { event } of events) {
    folder.push(event);
    if (event.type === 'tool-call-start')
      partialArguments.set(event.index, { name: event.name, id: event.id, text: '', ended: false });
    else if (event.type === 'tool-call-delta') {
      const call = partialArguments.get(event.index);
      if (call) call.text += event.argumentsDelta;
    } else if (event.type === 'tool-call-end') {
      const call = partialArguments.get(event.index);
      if (call) call.ended = true;
    } else if (event.type === 'tool-call-abort') partialArguments.delete(event.index);
  }
  return { pushed, chars, done, events, result: folder.result(parser.format), partialArguments };
}
