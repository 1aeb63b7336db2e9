/**
 * `createProxy`: the OpenAI-compatible proxy as a web-standard handler, `(Request) => Promise<Response>`,
 * so the same proxy runs under Node (`toolformat serve`, node/serve.ts), Bun, Deno or an edge
 * runtime. Routing is Hono's.
 *
 * - `POST /v1/chat/completions`: leaked calls become real `tool_calls` (chat-completions.ts).
 * - `GET /health`: `{ "status": "ok" }`.
 * - `GET /metrics`: the Prometheus text a `metrics` source gives (node/metrics.ts), when given.
 * - Everything else passes through to the upstream, status, headers and body as they came.
 *
 * The proxy holds no state between requests: run as many as you like behind any load balancer.
 */
import { type FormatPlugin, type ModelsConfig, type Router, routerFrom } from '@toolformat/core';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { chatCompletions } from './chat-completions.js';
import { errorResponse, UpstreamError } from './errors.js';
import type { RequestRecord } from './request-record.js';
import {
  callUpstream,
  requestHeaders,
  responseHeaders,
  type UpstreamOptions,
  upstreamUrl,
} from './upstream.js';

export interface ProxyOptions {
  /** The upstream server's base URL (`http://127.0.0.1:8000/v1`). */
  upstream: string | URL;
  /** A router over the formats to read; else one made from `config` and `plugins`. */
  router?: Router;
  config?: ModelsConfig;
  plugins?: readonly FormatPlugin[];
  /** The fetch to reach the upstream with. Default: the global fetch. */
  fetch?: typeof fetch;
  /** Sent upstream as `Authorization: Bearer …` instead of the client's Authorization. */
  apiKey?: string;
  /** How long the upstream may take to answer, and to send the next piece of a stream. Default 10 minutes. */
  timeoutMs?: number;
  /** The largest request body accepted. Default 16 MiB. */
  maxBodyBytes?: number;
  /** Put request and answer bodies in the records (never on by default: they hold user data). */
  logBodies?: boolean;
  /** Called once per request when its answer has ended (for logs and metrics). */
  onRequest?: (record: RequestRecord) => void;
  /** The text `GET /metrics` serves. */
  metrics?: { contentType: string; text: () => Promise<string> };
  /** Ids for calls whose format carries none. */
  generateId?: () => string;
}

export type ProxyHandler = (request: Request) => Promise<Response>;

export const DEFAULT_TIMEOUT_MS = 600_000;
export const DEFAULT_MAX_BODY_BYTES = 16 << 20;

export function createProxy(options: ProxyOptions): ProxyHandler {
  const router = routerFrom(options);
  const base = new URL(options.upstream);
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new TypeError(`upstream must be an http(s) URL, got '${String(options.upstream)}'.`);
  const upstream: UpstreamOptions = {
    base,
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    ...(options.apiKey !== undefined ? { apiKey: options.apiKey } : {}),
  };
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const report = (record: RequestRecord) => {
    try {
      options.onRequest?.(record);
    } catch {
      // A failing logger must not fail the request it reports.
    }
  };

  const app = new Hono();
  app.onError((error) => {
    if (error instanceof UpstreamError) return error.toResponse();
    return errorResponse(500, 'internal_error', `the proxy failed: ${error.message}`);
  });

  app.get('/health', (c) => c.json({ status: 'ok' }));

  if (options.metrics) {
    const metrics = options.metrics;
    app.get(
      '/metrics',
      async () => new Response(await metrics.text(), { headers: { 'content-type': metrics.contentType } }),
    );
  }

  const limit = bodyLimit({
    maxSize: maxBody,
    onError: (c) => {
      report({
        method: c.req.method,
        path: c.req.path,
        status: 413,
        rescuedCalls: 0,
        issues: {},
        upstreamMs: null,
        addedMs: 0,
        totalMs: 0,
        error: 'body_too_large',
      });
      return errorResponse(413, 'body_too_large', `the request body is over ${maxBody} bytes (--max-body).`);
    },
  });

  const chat = {
    router,
    upstream,
    logBodies: options.logBodies === true,
    report,
    ...(options.generateId ? { generateId: options.generateId } : {}),
  };
  app.post('/v1/chat/completions', limit, (c) => chatCompletions(c.req.raw, chat));
  // A client given a base URL without /v1 (some tools strip it) gets the same.
  app.post('/chat/completions', limit, (c) => chatCompletions(c.req.raw, chat));

  app.all('*', limit, async (c) => {
    const started = performance.now();
    const request = c.req.raw;
    const url = new URL(request.url);
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const response = await callUpstream(
      upstreamUrl(base, url.pathname, url.search),
      {
        method: request.method,
        headers: requestHeaders(request.headers, upstream),
        body: hasBody ? request.body : null,
        signal: request.signal,
      },
      upstream,
    );
    report({
      method: request.method,
      path: url.pathname,
      status: response.status,
      rescuedCalls: 0,
      issues: {},
      upstreamMs: performance.now() - started,
      addedMs: 0,
      totalMs: performance.now() - started,
    });
    return new Response(response.body, {
      status: response.status,
      headers: responseHeaders(response.headers),
    });
  });

  return (request) => Promise.resolve(app.fetch(request));
}
