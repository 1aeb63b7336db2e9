/**
 * A fake OpenAI-compatible model server on loopback, for tests that need a real upstream: a real
 * `node:http` server that answers `POST /v1/chat/completions` with a reply the test chooses,
 * streamed as one-token SSE chunks the way vLLM and llama.cpp stream them, and that records what
 * it received. Faults on demand: a slow answer, an error status, a stream that dies midway, and
 * a count of clients that went away before the answer ended.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { splitTokens } from './tokens.js';

export interface NativeToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface Reply {
  /** The message content (streamed token by token). */
  content?: string | null;
  /** Reasoning the server already separated (vLLM's reasoning parser). */
  reasoning_content?: string;
  /** Native calls, as a server with a working tool parser returns them. */
  tool_calls?: NativeToolCall[];
  finish_reason?: string;
  /** An error answer: this status with `body` as JSON. */
  status?: number;
  body?: unknown;
  /** Wait before answering at all (a slow upstream). */
  delayMs?: number;
  /** Wait between streamed chunks. */
  chunkDelayMs?: number;
  /** Destroy the connection after this many content chunks (a server that dies mid-stream). */
  dieAfterChunks?: number;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body parsed as JSON, or its text when it is not JSON. */
  body: unknown;
}

export interface FakeUpstream {
  /** `http://127.0.0.1:PORT/v1`, the base URL a client is given. */
  url: string;
  origin: string;
  received: ReceivedRequest[];
  /** Responses whose client went away before they ended. */
  readonly aborted: number;
  /** Resolves when the next (or a past, not yet awaited) client abort happens. */
  nextAbort(): Promise<void>;
  close(): Promise<void>;
}

type ChatBody = {
  model?: string;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
};

export async function startFakeUpstream(reply: (body: ChatBody) => Reply): Promise<FakeUpstream> {
  let aborted = 0;
  let pendingAborts = 0;
  let abortWaiters: Array<() => void> = [];
  const received: ReceivedRequest[] = [];
  const onAbort = () => {
    aborted++;
    const waiter = abortWaiters.shift();
    if (waiter) waiter();
    else pendingAborts++;
  };

  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: unknown = raw;
    try {
      body = raw === '' ? null : JSON.parse(raw);
    } catch {}
    const path = req.url ?? '/';
    received.push({ method: req.method ?? 'GET', path, headers: req.headers, body });

    let finished = false;
    res.on('finish', () => {
      finished = true;
    });
    res.on('close', () => {
      if (!finished) onAbort();
    });

    if (path === '/v1/models' && req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json', 'x-upstream': 'fake' });
      res.end(
        JSON.stringify({ object: 'list', data: [{ id: 'fake-model', object: 'model', owned_by: 'test' }] }),
      );
      return;
    }
    if (path === '/v1/embeddings' && req.method === 'POST') {
      res.writeHead(200, { 'content-type': 'application/json', 'x-upstream': 'fake' });
      res.end(
        JSON.stringify({
          object: 'list',
          data: [{ object: 'embedding', index: 0, embedding: [0.25, -0.5] }],
        }),
      );
      return;
    }
    if (path !== '/v1/chat/completions' || req.method !== 'POST') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `no route ${req.method} ${path}`, type: 'not_found' } }));
      return;
    }

    const chat = (body ?? {}) as ChatBody;
    const r = reply(chat);
    if (r.delayMs) await sleep(r.delayMs);
    if (res.destroyed) return;
    if (r.status !== undefined) {
      res.writeHead(r.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(r.body ?? { error: { message: 'upstream error', type: 'server_error' } }));
      return;
    }
    const model = chat.model ?? 'fake-model';
    const created = 1_700_000_000;
    const id = `chatcmpl-fake-${received.length}`;
    const finish = r.finish_reason ?? (r.tool_calls ? 'tool_calls' : 'stop');
    const usage = { prompt_tokens: 12, completion_tokens: 34, total_tokens: 46 };

    if (!chat.stream) {
      const message: Record<string, unknown> = { role: 'assistant', content: r.content ?? null };
      if (r.reasoning_content !== undefined) message.reasoning_content = r.reasoning_content;
      if (r.tool_calls) message.tool_calls = r.tool_calls;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model,
          choices: [{ index: 0, message, finish_reason: finish, logprobs: null }],
          usage,
        }),
      );
      return;
    }

    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const send = (choices: unknown[], extra: Record<string, unknown> = {}) =>
      write(
        res,
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices, ...extra })}\n\n`,
      );
    const delta = (d: Record<string, unknown>, finishReason: string | null = null) =>
      send([{ index: 0, delta: d, finish_reason: finishReason, logprobs: null }]);

    await delta({ role: 'assistant', content: '' });
    let sent = 0;
    const pieces: Array<Record<string, unknown>> = [];
    for (const t of splitTokens(r.reasoning_content ?? '')) pieces.push({ reasoning_content: t });
    for (const t of splitTokens(r.content ?? '')) pieces.push({ content: t });
    for (const [i, call] of (r.tool_calls ?? []).entries()) {
      pieces.push({
        tool_calls: [
          { index: i, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } },
        ],
      });
      for (const t of splitTokens(call.function.arguments))
        pieces.push({ tool_calls: [{ index: i, function: { arguments: t } }] });
    }
    for (const piece of pieces) {
      if (res.destroyed) return;
      if (r.dieAfterChunks !== undefined && sent >= r.dieAfterChunks) {
        // Let what was written reach the client, then drop the connection as a crash does.
        await sleep(20);
        res.socket?.destroy();
        return;
      }
      if (r.chunkDelayMs) await sleep(r.chunkDelayMs);
      await delta(piece);
      sent++;
    }
    await delta({}, finish);
    if (chat.stream_options?.include_usage) await send([], { usage });
    await write(res, 'data: [DONE]\n\n');
    res.end();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}/v1`,
    origin,
    received,
    get aborted() {
      return aborted;
    },
    nextAbort() {
      if (pendingAborts > 0) {
        pendingAborts--;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => abortWaiters.push(resolve));
    },
    close: () =>
      new Promise<void>((resolve) => {
        abortWaiters = [];
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Writes, waiting for the socket to drain, so a slow reader slows the stream as it would. */
function write(res: ServerResponse, data: string): Promise<void> {
  if (res.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    if (res.write(data)) resolve();
    else res.once('drain', resolve);
  });
}
