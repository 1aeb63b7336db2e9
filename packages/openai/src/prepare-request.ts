/**
 * What a Chat Completions request becomes before it goes to the model, and how its answer is
 * read back: shared by `withToolformat` and the proxy.
 *
 * A model with native tool calling gets the request as it is; its answer is rescued. A
 * text-format model (`nativeTools: false` in models.yaml) is taught the tools in its format's
 * system prompt, stops at the format's stop sequences, sees its history in its own format
 * (render-messages.ts), and its answer is read back the same way.
 */
import { AUTO_ID, type RescueOptions, type Router } from '@toolformat/core';
import { renderMessages } from './render-messages.js';
import {
  type ChatRequestLike,
  functionTools,
  namedToolChoice,
  type RescuePlanOptions,
  rescuePlan,
} from './request-tools.js';

export interface PreparedRequest<T extends ChatRequestLike> {
  /** The body to send upstream. */
  body: T;
  /** How to read the answer, or null to pass it through. */
  rescue: RescueOptions | null;
  /** The format the model was routed to (`auto` when none). */
  format: string;
  /** Whether the model was sent the tools natively. */
  nativeTools: boolean;
}

export function prepareRequest<T extends ChatRequestLike>(
  body: T,
  router: Router,
  options: RescuePlanOptions & { nativeTools?: boolean } = {},
): PreparedRequest<T> {
  const model = options.model ?? body.model;
  const resolved =
    options.format !== undefined ? router.resolveFormat(options.format) : router.resolveModel(model);
  const { handler, format } = resolved;
  const native = options.nativeTools ?? resolved.nativeTools ?? true;
  const rescue = rescuePlan(body, options);
  // A text-format model needs a format of its own to be taught in; auto mode has none.
  if (native || handler.id === AUTO_ID) return { body, rescue, format, nativeTools: true };

  const tools = functionTools(body);
  const named = namedToolChoice(body.tool_choice);
  const taught =
    body.tool_choice === 'none'
      ? null
      : named !== null
        ? tools.filter((t) => 'name' in t && t.name === named)
        : tools;
  const stop = [...(typeof body.stop === 'string' ? [body.stop] : (body.stop ?? [])), ...resolved.stop];
  const {
    tools: _tools,
    tool_choice: _choice,
    parallel_tool_calls: _parallel,
    ...rest
  } = body as T & {
    parallel_tool_calls?: unknown;
  };
  const out = {
    ...rest,
    messages: renderMessages(body.messages, handler, taught),
    ...(stop.length > 0 ? { stop: [...new Set(stop)] } : {}),
  } as unknown as T;
  return { body: out, rescue, format, nativeTools: false };
}
