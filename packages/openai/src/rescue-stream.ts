/**
 * `rescueStream`: the streaming rescue over what `client.chat.completions.create({ stream: true })`
 * returns. Chunks go out as the parser releases them (see chunk-rescuer.ts); leaving the loop
 * early returns the source's iterator, which aborts the request (the `openai` client's `Stream`
 * aborts its controller), and the source's `controller` stays reachable on the result.
 */
import type { RescueOptions, Router } from '@toolformat/core';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { createChunkRescuer } from './chunk-rescuer.js';

export interface RescueStreamOptions extends RescueOptions {
  router: Router;
}

export type RescuedStream = AsyncIterable<ChatCompletionChunk> & { controller?: AbortController };

export function rescueStream(
  stream: AsyncIterable<ChatCompletionChunk> & { controller?: AbortController },
  options: RescueStreamOptions,
): RescuedStream {
  const { router, ...rescue } = options;
  const rescued = (async function* () {
    const rescuer = createChunkRescuer((model) =>
      router.createRescueParser({
        ...rescue,
        ...(rescue.model === undefined && rescue.format === undefined ? { model } : {}),
      }),
    );
    for await (const chunk of stream) yield* rescuer.push(chunk);
    yield* rescuer.end();
  })();
  return stream.controller ? Object.assign(rescued, { controller: stream.controller }) : rescued;
}
