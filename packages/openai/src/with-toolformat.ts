/**
 * `withToolformat(client)`: an `openai` client whose `chat.completions.create` gives native
 * `tool_calls` from any model toolformat reads, streaming and not, and runs a text-format model
 * (`nativeTools: false`) with the same code as a model with native tool calling.
 *
 * The returned client is the same client seen through a Proxy: every other property and method
 * is the original's. `create` returns a plain Promise (not the client's `APIPromise`): the answer
 * it resolves to is the rescued one, which `withResponse()` would not see.
 */
import { type FormatPlugin, type ModelsConfig, type Router, routerFrom } from '@toolformat/core';
import type { ChatCompletion, ChatCompletionChunk } from 'openai/resources/chat/completions';
import { prepareRequest } from './prepare-request.js';
import type { ChatRequestLike } from './request-tools.js';
import { rescueCompletion } from './rescue-completion.js';
import { rescueStream } from './rescue-stream.js';

export interface WithToolformatOptions {
  /** A router over the formats you use (`createRouter({ plugins, config })`). */
  router?: Router;
  /** Without `router`: the models.yaml to route with (see `loadModelsConfig`). */
  config?: ModelsConfig;
  /** Without `router`: the format plugins to route over (else those registered globally). */
  plugins?: readonly FormatPlugin[];
  /** A format id or alias to read every model with, instead of routing by model name. */
  format?: string;
  /** `false`: the models have no native tool calling. Default: models.yaml's `nativeTools`, else true. */
  nativeTools?: boolean;
  /** Ids for calls whose format carries none. */
  generateId?: () => string;
}

interface ClientLike {
  chat: { completions: { create: (body: never, options?: never) => unknown } };
}

export function withToolformat<C extends ClientLike>(client: C, options: WithToolformatOptions = {}): C {
  const router = routerFrom(options);
  // An unknown format id throws here, naming the known ones, not on the first request.
  if (options.format !== undefined) router.get(options.format);
  const completions = client.chat.completions;
  const original = completions.create.bind(completions) as (
    body: unknown,
    options?: unknown,
  ) => Promise<unknown>;

  const create = async (body: ChatRequestLike, requestOptions?: unknown) => {
    const prepared = prepareRequest(body, router, {
      ...(options.format !== undefined ? { format: options.format } : {}),
      ...(options.nativeTools !== undefined ? { nativeTools: options.nativeTools } : {}),
      ...(options.generateId ? { generateId: options.generateId } : {}),
    });
    const answer = await original(prepared.body, requestOptions);
    if (prepared.rescue === null) return answer;
    const rescue = { router, ...prepared.rescue };
    return body.stream
      ? rescueStream(answer as AsyncIterable<ChatCompletionChunk>, rescue)
      : rescueCompletion(answer as ChatCompletion, rescue);
  };

  const completionsView = view(completions, { create });
  const chatView = view(client.chat, { completions: completionsView });
  return view(client, { chat: chatView });
}

/**
 * `target` with some properties replaced. Methods are bound to the target itself: the client's
 * classes keep state in private fields, which a Proxy as `this` cannot reach.
 */
function view<T extends object>(target: T, replaced: Record<string, unknown>): T {
  return new Proxy(target, {
    get(t, key) {
      if (typeof key === 'string' && Object.hasOwn(replaced, key)) return replaced[key];
      const value = Reflect.get(t, key, t);
      return typeof value === 'function' ? value.bind(t) : value;
    },
  });
}
