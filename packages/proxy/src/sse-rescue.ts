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
import { createParser, type EventSourceMessage, type ParseError } from 'eventsource-parser';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { errorBody } from './errors.js';

/** The longest SSE event the proxy accepts from an upstream (a chunk is a few hundred bytes). */
const MAX_EVENT_CHARS = 8 << 20;

type ReadResult = { done: true; value?: undefined } | { done: false; value: Uint8Array };

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
  const decoder = new TextDecoder();
  const reader = body.getReader();
  // What one read from the upstream gives to send: every event it completed, written at once
  // (one network read often holds several events; one write instead of one per event).
  let out = '';
  let broken: ParseError | null = null;
  const parser = createParser({
    onEvent: (event) => {
      out += transform(event);
    },
    onError: (error) => {
      // An over-long event ends the stream; a malformed field line is skipped, as browsers do.
      if (error.type === 'max-buffer-size-exceeded') broken = error;
    },
    maxBufferSize: MAX_EVENT_CHARS,
  });
  let finished = false;
  const finish = (error: string | null, cancelled: boolean) => {
    if (finished) return;
    finished = true;
    options.onEnd({ error, cancelled });
  };
  const data = (payload: string) => `data: ${payload}\n\n`;
  const chunks = (list: ChatCompletionChunk[]) => {
    let s = '';
    for (const c of list) s += data(JSON.stringify(c));
    return s;
  };

  const read = async (): Promise<ReadResult> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const idle = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`the upstream sent nothing for ${options.idleTimeoutMs} ms (--timeout)`)),
        options.idleTimeoutMs,
      );
    });
    try {
      return (await Promise.race([reader.read(), idle])) as ReadResult;
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
          if (!next.done) parser.feed(decoder.decode(next.value, { stream: true }));
          if (broken !== null) throw broken;
        } catch (error) {
          const message = `the upstream stream failed before it ended: ${(error as Error).message ?? String(error)}`;
          options.abortUpstream(message);
          reader.cancel().catch(() => {});
          controller.enqueue(
            encoder.encode(out + data(JSON.stringify(errorBody('upstream_stream_ended', message)))),
          );
          out = '';
          controller.close();
          finish(message, false);
          return;
        }
        if (next.done) {
          // The upstream closed without `[DONE]`: send what the parser holds and end the same way.
          parser.feed(decoder.decode());
          out += chunks(rescuer.end());
          if (out !== '') controller.enqueue(encoder.encode(out));
          out = '';
          controller.close();
          finish(null, false);
          return;
        }
        if (out !== '') {
          controller.enqueue(encoder.encode(out));
          out = '';
          return;
        }
      }
    },
    async cancel() {
      options.abortUpstream('the client went away');
      await reader.cancel().catch(() => {});
      finish(null, true);
    },
  });

  function transform(event: EventSourceMessage): string {
    if (event.event !== undefined && event.event !== 'message') return encodeEvent(event);
    if (event.data === '[DONE]') return chunks(rescuer.end()) + data('[DONE]');
    let chunk: unknown;
    try {
      chunk = JSON.parse(event.data);
    } catch {
      return encodeEvent(event);
    }
    if (
      typeof chunk !== 'object' ||
      chunk === null ||
      !Array.isArray((chunk as { choices?: unknown }).choices)
    )
      return encodeEvent(event);
    return chunks(rescuer.push(chunk as ChatCompletionChunk));
  }

  function encodeEvent(event: EventSourceMessage): string {
    const name = event.event !== undefined ? `event: ${event.event}\n` : '';
    let lines = '';
    for (const line of event.data.split('\n')) lines += `data: ${line}\n`;
    return `${name}${lines}\n`;
  }
}
