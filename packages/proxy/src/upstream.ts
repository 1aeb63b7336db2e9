/**
 * Calls to the upstream server: where a request goes, which headers go with it, how long it may
 * take, and what a failure is called.
 */
import { UpstreamError } from './errors.js';

/** Headers that describe one connection, not the message: never forwarded either way. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
]);

export interface UpstreamOptions {
  /** The upstream's base URL, e.g. `http://127.0.0.1:8000/v1`. */
  base: URL;
  fetch: typeof fetch;
  /** The key sent as `Authorization: Bearer …` instead of the client's, if set. */
  apiKey?: string;
  /** How long the upstream may take to answer, and to send the next piece of a stream. */
  timeoutMs: number;
}

/**
 * The upstream URL for a path the client asked for. The client speaks to the proxy as to an
 * OpenAI base URL ending in `/v1`; when the upstream base also ends in `/v1`, that segment is
 * not doubled (`/v1/models` on `http://h:8000/v1` is `http://h:8000/v1/models`).
 */
export function upstreamUrl(base: URL, path: string, search: string): URL {
  const basePath = base.pathname.replace(/\/+$/, '');
  const rest = basePath.endsWith('/v1') && (path === '/v1' || path.startsWith('/v1/')) ? path.slice(3) : path;
  const url = new URL(base.href);
  url.pathname = `${basePath}${rest}`;
  url.search = search;
  return url;
}

export function requestHeaders(incoming: Headers, options: UpstreamOptions): Headers {
  const out = new Headers();
  for (const [key, value] of incoming) if (!HOP_BY_HOP.has(key)) out.set(key, value);
  if (options.apiKey !== undefined) out.set('authorization', `Bearer ${options.apiKey}`);
  return out;
}

/**
 * The upstream's headers for the client. `fetch` has already decoded a compressed body, so the
 * encoding and length it came with no longer describe what is sent.
 */
export function responseHeaders(upstream: Headers): Headers {
  const out = new Headers();
  for (const [key, value] of upstream)
    if (!HOP_BY_HOP.has(key) && key !== 'content-encoding') out.set(key, value);
  // A body that came unencoded keeps its length: the client need not read it chunked.
  const length = upstream.get('content-length');
  if (length !== null && !upstream.has('content-encoding')) out.set('content-length', length);
  return out;
}

/**
 * Sends a request upstream. Resolves when the response headers arrive; rejects with an
 * UpstreamError (502 refused or unreachable, 504 no answer within the timeout). `signal` is the
 * client's: its abort cancels the upstream request.
 */
export async function callUpstream(
  url: URL,
  init: {
    method: string;
    headers: Headers;
    body?: string | ReadableStream<Uint8Array> | null;
    signal: AbortSignal;
  },
  options: UpstreamOptions,
): Promise<Response> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs);
  try {
    return await options.fetch(url, {
      method: init.method,
      headers: init.headers,
      ...(init.body != null ? { body: init.body, duplex: 'half' } : {}),
      signal: AbortSignal.any([init.signal, timeout.signal]),
      redirect: 'manual',
    } as RequestInit);
  } catch (error) {
    if (timeout.signal.aborted)
      throw new UpstreamError(
        504,
        'upstream_timeout',
        `the upstream ${url.origin} did not answer within ${options.timeoutMs} ms (--timeout).`,
      );
    if (init.signal.aborted) throw error;
    throw new UpstreamError(
      502,
      'upstream_unreachable',
      `the upstream ${url.origin} could not be reached: ${describe(error)}.`,
    );
  } finally {
    clearTimeout(timer);
  }
}

/** The cause a fetch failure carries (`ECONNREFUSED`, `ENOTFOUND`, …), else its message. */
function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown; message?: unknown } })?.cause;
  if (typeof cause?.code === 'string')
    return `${cause.code}${typeof cause.message === 'string' ? ` (${cause.message})` : ''}`;
  return error instanceof Error ? error.message : String(error);
}
