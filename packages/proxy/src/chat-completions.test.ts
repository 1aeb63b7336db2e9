/** Faults: each ends as an OpenAI-shaped error or a clean cancel, and nothing hangs. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { weatherTools } from '@toolformat/test-upstream';
import { APIError } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, readStream, startHarness } from './test-support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ timeoutMs: 300, maxBodyBytes: 64 * 1024 });
});
afterAll(async () => {
  await h.close();
});

const ask = {
  model: 'qwen2.5-7b-instruct',
  messages: [{ role: 'user' as const, content: 'Weather?' }],
  tools: weatherTools,
};

async function apiError(promise: Promise<unknown>): Promise<APIError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof APIError) return error;
    throw error;
  }
  throw new Error('expected an APIError');
}

describe('upstream faults', () => {
  it('an upstream that refuses the connection is a 502 naming it', async () => {
    // A port that was just open and is now closed refuses.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const dead = await startHarness({ upstream: { ...h.upstream, url: `http://127.0.0.1:${port}/v1` } });
    try {
      const error = await apiError(dead.client.chat.completions.create(ask));
      expect(error.status).toBe(502);
      expect(error.code).toBe('upstream_unreachable');
      expect(error.message).toContain('ECONNREFUSED');
    } finally {
      await dead.proxy.close();
    }
  });

  it('an upstream slower than the timeout is a 504, and is cancelled', async () => {
    h.answerNext({ content: 'late', delayMs: 2000 });
    const aborted = h.upstream.nextAbort();
    const error = await apiError(h.client.chat.completions.create(ask));
    expect(error.status).toBe(504);
    expect(error.code).toBe('upstream_timeout');
    await aborted;
  });

  it("an upstream's 500 with a JSON error body reaches the client with its status and body", async () => {
    h.answerNext({
      status: 500,
      body: { error: { message: 'CUDA out of memory', type: 'server_error', code: 'oom' } },
    });
    const error = await apiError(h.client.chat.completions.create(ask));
    expect(error.status).toBe(500);
    expect(error.message).toContain('CUDA out of memory');
    expect(error.code).toBe('oom');

    h.answerNext({
      status: 400,
      body: { error: { message: 'model not found', type: 'invalid_request_error' } },
    });
    const streamError = await apiError(h.client.chat.completions.create({ ...ask, stream: true }));
    expect(streamError.status).toBe(400);
  });

  it('an upstream that dies mid-stream ends the stream with an error, not a silent end', async () => {
    h.answerNext({ content: 'Let me look that up for you, one moment please.', dieAfterChunks: 4 });
    const stream = await h.client.chat.completions.create({ ...ask, stream: true });
    await expect(readStream(stream)).rejects.toThrow(/upstream stream failed/);
    expect(h.logs.at(-1)?.error).toBe('upstream_stream_ended');
  });

  it('an upstream that goes quiet mid-stream longer than the timeout ends it with an error', async () => {
    h.answerNext({ content: 'Slow words arrive here.', chunkDelayMs: 1000 });
    const stream = await h.client.chat.completions.create({ ...ask, stream: true });
    await expect(readStream(stream)).rejects.toThrow(/sent nothing for 300 ms/);
  });

  it('a client that goes away mid-stream cancels the upstream request', async () => {
    h.answerNext({ content: `Long answer. ${'word '.repeat(500)}`, chunkDelayMs: 2 });
    const aborted = h.upstream.nextAbort();
    const controller = new AbortController();
    const stream = await h.client.chat.completions.create(
      { ...ask, stream: true },
      { signal: controller.signal },
    );
    let n = 0;
    // The openai client ends an aborted stream's loop quietly.
    for await (const _chunk of stream) if (++n === 5) controller.abort();
    expect(n).toBeLessThan(100);
    await aborted;
    // The proxy logs the request as cancelled.
    await until(() => h.logs.some((l) => l.cancelled === true));
  });

  it('a client that goes away while the upstream is still thinking cancels it too', async () => {
    h.answerNext({ content: 'late', delayMs: 250 });
    const aborted = h.upstream.nextAbort();
    const controller = new AbortController();
    const request = h.client.chat.completions.create(ask, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(request).rejects.toThrow();
    await aborted;
  });
});

describe('bad requests', () => {
  const post = (body: string) =>
    fetch(`${h.proxy.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });

  it('a body that is not JSON is a 400 saying so', async () => {
    const res = await post('{"model": "x", messages: ');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string; type: string; code: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toContain('not JSON');
  });

  it('a body without messages is a 400 naming the field', async () => {
    const res = await post('{"model": "x"}');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain("'messages'");
  });

  it('a body over the limit is a 413, and never reaches the upstream', async () => {
    const before = h.upstream.received.length;
    const big = JSON.stringify({ ...ask, messages: [{ role: 'user', content: 'x'.repeat(100_000) }] });
    const res = await post(big);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('body_too_large');
    expect(h.upstream.received.length).toBe(before);
  });
});

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}
