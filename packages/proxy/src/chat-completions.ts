/**
 * `POST /v1/chat/completions`: the request is checked and prepared (a text-format model gets its
 * tools taught as text — prepareRequest of `@toolformat/openai`), sent upstream, and the answer's
 * leaked calls become real `tool_calls`, streaming (sse-rescue.ts) and not (rescueCompletion).
 * An answer the proxy has nothing to do with (no tools declared, `tool_choice: 'none'`, an error
 * status) passes through as the upstream sent it.
 */
import type { ParseIssue, Router } from '@toolformat/core';
import {
  type ChatRequestLike,
  createChunkRescuer,
  type PreparedRequest,
  prepareRequest,
  rescueCompletion,
} from '@toolformat/openai';
import type { ChatCompletion } from 'openai/resources/chat/completions';
import { errorResponse, UpstreamError } from './errors.js';
import type { RequestRecord } from './request-record.js';
import { rescueSse } from './sse-rescue.js';
import {
  callUpstream,
  requestHeaders,
  responseHeaders,
  type UpstreamOptions,
  upstreamUrl,
} from './upstream.js';

export interface ChatContext {
  router: Router;
  upstream: UpstreamOptions;
  logBodies: boolean;
  report: (record: RequestRecord) => void;
  generateId?: () => string;
}

export async function chatCompletions(request: Request, ctx: ChatContext): Promise<Response> {
  const started = performance.now();
  let added = 0;
  const url = new URL(request.url);
  const record: RequestRecord = {
    method: request.method,
    path: url.pathname,
    status: 0,
    rescuedCalls: 0,
    issues: {},
    upstreamMs: null,
    addedMs: 0,
    totalMs: 0,
  };
  const done = (status: number, extra: Partial<RequestRecord> = {}) => {
    Object.assign(record, extra, { status, addedMs: added, totalMs: performance.now() - started });
    ctx.report(record);
  };
  const fail = (response: Response, error: string) => {
    done(response.status, { error });
    return response;
  };

  // 1. The request: JSON, an object, a model and messages.
  let t = performance.now();
  const text = await request.text();
  let body: ChatRequestLike;
  try {
    body = JSON.parse(text) as ChatRequestLike;
  } catch (error) {
    return fail(
      errorResponse(400, 'invalid_json', `the request body is not JSON: ${(error as Error).message}`),
      'invalid_json',
    );
  }
  const problem = checkBody(body);
  if (problem !== null) return fail(errorResponse(400, 'invalid_request', problem), 'invalid_request');
  Object.assign(record, { model: body.model, stream: body.stream === true });
  if (ctx.logBodies) record.bodies = { request: body };

  let prepared: PreparedRequest<ChatRequestLike>;
  try {
    prepared = prepareRequest(body, ctx.router, ctx.generateId ? { generateId: ctx.generateId } : {});
  } catch (error) {
    return fail(errorResponse(400, 'invalid_request', (error as Error).message), 'invalid_request');
  }
  Object.assign(record, { format: prepared.format, textTools: !prepared.nativeTools });
  const outgoing = prepared.body === body ? text : JSON.stringify(prepared.body);
  added += performance.now() - t;

  // 2. Upstream.
  const abort = new AbortController();
  const signal = AbortSignal.any([request.signal, abort.signal]);
  let response: Response;
  try {
    const headers = requestHeaders(request.headers, ctx.upstream);
    headers.set('content-type', 'application/json');
    response = await callUpstream(
      upstreamUrl(ctx.upstream.base, url.pathname, url.search),
      { method: 'POST', headers, body: outgoing, signal },
      ctx.upstream,
    );
  } catch (error) {
    if (error instanceof UpstreamError) return fail(error.toResponse(), error.code);
    // The client went away while the upstream was still thinking.
    done(499, { cancelled: true });
    return new Response(null, { status: 499 });
  }
  record.upstreamMs = performance.now() - started;

  // 3. The answer. Errors and answers with nothing to rescue pass through as they came.
  const passThrough = () =>
    new Response(response.body, { status: response.status, headers: responseHeaders(response.headers) });
  if (!response.ok) {
    const out = passThrough();
    done(response.status, { error: `upstream_${response.status}` });
    return out;
  }
  const rescue = prepared.rescue;
  const isStream = (response.headers.get('content-type') ?? '').includes('text/event-stream');

  if (isStream && response.body) {
    if (rescue === null) {
      // Counted when the client has read it all.
      return new Response(
        observeEnd(response.body, (cancelled) => done(200, { cancelled })),
        {
          status: 200,
          headers: responseHeaders(response.headers),
        },
      );
    }
    const rescuer = createChunkRescuer((model) =>
      ctx.router.createRescueParser({ ...rescue, model: rescue.model ?? model }),
    );
    const timed = timeChunks(rescuer, (ms) => {
      added += ms;
    });
    const stream = rescueSse(response.body, {
      rescuer: timed,
      idleTimeoutMs: ctx.upstream.timeoutMs,
      abortUpstream: (reason) => abort.abort(reason),
      onEnd: ({ error, cancelled }) =>
        done(200, {
          rescuedCalls: rescuer.rescued,
          issues: countIssues(rescuer.issues),
          ...(error !== null ? { error: 'upstream_stream_ended' } : {}),
          ...(cancelled ? { cancelled } : {}),
        }),
    });
    const headers = responseHeaders(response.headers);
    headers.set('cache-control', 'no-cache');
    return new Response(stream, { status: 200, headers });
  }

  const answerText = await response.text();
  if (rescue === null) {
    done(response.status);
    return new Response(answerText, { status: response.status, headers: responseHeaders(response.headers) });
  }
  t = performance.now();
  let completion: ChatCompletion;
  try {
    completion = JSON.parse(answerText) as ChatCompletion;
    if (!Array.isArray(completion?.choices)) throw new Error('it has no choices');
  } catch (error) {
    return fail(
      errorResponse(
        502,
        'upstream_invalid_response',
        `the upstream's answer is not a chat completion: ${(error as Error).message}`,
      ),
      'upstream_invalid_response',
    );
  }
  const issues: ParseIssue[] = [];
  const rescued = rescueCompletion(completion, {
    router: ctx.router,
    ...rescue,
    onIssue: (i) => issues.push(i),
  });
  added += performance.now() - t;
  const calls =
    rescued === completion ? 0 : rescued.choices.reduce((n, c) => n + (c.message.tool_calls?.length ?? 0), 0);
  const headers = responseHeaders(response.headers);
  headers.set('content-type', 'application/json');
  const out = rescued === completion ? answerText : JSON.stringify(rescued);
  done(200, {
    rescuedCalls: calls,
    issues: countIssues(issues),
    ...(ctx.logBodies ? { bodies: { request: body, response: rescued } } : {}),
  });
  return new Response(out, { status: 200, headers });
}

/** What is wrong with a request body, in words, or null. */
function checkBody(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'the request body must be a JSON object.';
  const b = body as Record<string, unknown>;
  if (typeof b.model !== 'string' || b.model === '') return "'model' is required and must be a string.";
  if (!Array.isArray(b.messages)) return "'messages' is required and must be an array.";
  if (b.tools !== undefined && b.tools !== null && !Array.isArray(b.tools))
    return "'tools' must be an array.";
  return null;
}

function countIssues(issues: readonly ParseIssue[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const issue of issues) out[issue.kind] = (out[issue.kind] ?? 0) + 1;
  return out;
}

/** The rescuer, with the time its work takes added up. */
function timeChunks(rescuer: ReturnType<typeof createChunkRescuer>, add: (ms: number) => void) {
  return {
    ...rescuer,
    push(chunk: Parameters<typeof rescuer.push>[0]) {
      const t = performance.now();
      const out = rescuer.push(chunk);
      add(performance.now() - t);
      return out;
    },
    end() {
      const t = performance.now();
      const out = rescuer.end();
      add(performance.now() - t);
      return out;
    },
    get rescued() {
      return rescuer.rescued;
    },
    get issues() {
      return rescuer.issues;
    },
    get format() {
      return rescuer.format;
    },
  };
}

/** A body passed through unchanged, with a callback when it has been read to the end or cancelled. */
function observeEnd(
  body: ReadableStream<Uint8Array>,
  onEnd: (cancelled: boolean) => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await reader.read();
        if (next.done) {
          controller.close();
          onEnd(false);
        } else controller.enqueue(next.value);
      } catch (error) {
        controller.error(error);
        onEnd(false);
      }
    },
    async cancel(reason) {
      await reader.cancel(reason).catch(() => {});
      onEnd(true);
    },
  });
}
