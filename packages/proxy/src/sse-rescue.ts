/**
 * The streaming answer: the upstream's SSE body, parsed by `eventsource-parser`, each chunk
 * through the chunk rescuer of `@toolformat/openai`, written back as SSE. Pull-based: the proxy
 * reads from the upstream only as fast as the client reads from the proxy, so a slow client
 * slows the model's stream instead of filling the proxy's memory.
 *
 * - `data: [DONE]` first flushes what the parser holds, then passes on.
 * - An event that is not a JSON chunk (a comment, a named event, an upstream's own error) passes
 *   on as it came.
 * - The upstream dying mid-stream, or going quiet for longer than the timeout, ends the client's
 *   stream with an OpenAI-shaped error event (which the `openai` client raises as an APIError),
 *   never with a silent end that would read as a complete answer.
 * - The client going away cancels the upstream read and aborts the upstream request.
 */
import type { ChunkRescuer } from '@toolformat/openai';
import { type EventSourceMessage, EventSourceParserStream } from 'eventsource-parser/stream';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { errorBody } from './errors.js';

type ReadResult = { done: true; value?: undefined } | { done: false; value: EventSourceMessage };

/** The longest SSE event the proxy accepts from an upstream (a chunk is a few hundred bytes). */
const MAX_EVENT_CHARS = 8 << 20;

export interface SseRescueOptions {
  rescuer: ChunkRescuer;
  /** How long the upstream may stay quiet between events. */
  idleTimeoutMs: number;
  /** Aborts the upstream request (the client went away, or the stream failed). */
  abortUpstream: (reason: string) => void;
  /** Called once when the stream ends, however it ends. */
  onEnd: (outcome: { error: string | null; cancelled: boolean }) => void;
}

export function rescueSse(
  body: ReadableStream<Uint8Array>,
  options: SseRescueOptions,
): ReadableStream<Uint8Array> {
  const { rescuer } = options;
  const encoder = new TextEncoder();
  const events = body
    .pipeThrough(new TextDecoderStream())
    .pipeThrough(new EventSourceParserStream({ maxBufferSize: MAX_EVENT_CHARS, onError: 'terminate' }))
    .getReader();
  let finished = false;
  const finish = (error: string | null, cancelled: boolean) => {
    if (finished) return;
    finished = true;
    options.onEnd({ error, cancelled });
  };
  const data = (payload: string) => encoder.encode(`data: ${payload}\n\n`);
  const chunks = (list: ChatCompletionChunk[]) => list.map((c) => data(JSON.stringify(c)));

  const read = async (): Promise<ReadResult> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const idle = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the upstream sent nothing for ${options.idleTimeoutMs} ms (--timeout)`)),
        options.idleTimeoutMs,
      );
    });
    try {
      return (await Promise.race([events.read(), idle])) as ReadResult;
    } finally {
      clearTimeout(timer);
    }
  };

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      // Read until there is something to send: the parser may hold a whole chunk's text.
      for (;;) {
        let next: ReadResult;
        try {
          next = await read();
        } catch (error) {
          const message = `the upstream stream failed before it ended: ${(error as Error).message ?? String(error)}`;
          options.abortUpstream(message);
          events.cancel().catch(() => {});
          controller.enqueue(data(JSON.stringify(errorBody('upstream_stream_ended', message))));
          controller.close();
          finish(message, false);
          return;
        }
        if (next.done) {
          // The upstream closed without `[DONE]`: send what the parser holds and end the same way.
          for (const c of chunks(rescuer.end())) controller.enqueue(c);
          controller.close();
          finish(null, false);
          return;
        }
        const event = next.value;
        const out = transform(event);
        for (const c of out) controller.enqueue(c);
        if (out.length > 0) return;
      }
    },
    async cancel() {
      options.abortUpstream('the client went away');
      await events.cancel().catch(() => {});
      finish(null, true);
    },
  });

  function transform(event: EventSourceMessage): Uint8Array[] {
    if (event.event !== undefined && event.event !== 'message') return [encodeEvent(event)];
    if (event.data === '[DONE]') return [...chunks(rescuer.end()), data('[DONE]')];
    let chunk: unknown;
    try {
      chunk = JSON.parse(event.data);
    } catch {
      return [encodeEvent(event)];
    }
    if (
      typeof chunk !== 'object' ||
      chunk === null ||
      !Array.isArray((chunk as { choices?: unknown }).choices)
    )
      return [encodeEvent(event)];
    return chunks(rescuer.push(chunk as ChatCompletionChunk));
  }

  function encodeEvent(event: EventSourceMessage): Uint8Array {
    const name = event.event !== undefined ? `event: ${event.event}\n` : '';
    const lines = event.data
      .split('\n')
      .map((line) => `data: ${line}\n`)
      .join('');
    return encoder.encode(`${name}${lines}\n`);
  }
}
