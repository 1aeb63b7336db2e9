import { recordings, weatherTools } from '@toolformat/test-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, readStream, startHarness } from '../test-support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const r = recordings.hermes;
const ask = {
  model: r.model,
  messages: [{ role: 'user' as const, content: 'Secret question about Paris' }],
  tools: weatherTools,
};

describe('serve: logs and metrics', () => {
  it('logs one JSON line per request, with model, format, rescued calls and durations, and no contents', async () => {
    await h.client.chat.completions.create(ask);
    const line = h.logs.at(-1)!;
    expect(line).toMatchObject({
      msg: 'request',
      method: 'POST',
      path: '/v1/chat/completions',
      status: 200,
      model: r.model,
      format: 'hermes',
      stream: false,
      rescuedCalls: 1,
    });
    expect(typeof line.totalMs).toBe('number');
    expect(typeof line.upstreamMs).toBe('number');
    expect(typeof line.addedMs).toBe('number');
    expect(JSON.stringify(line)).not.toContain('Secret question');
    expect(JSON.stringify(line)).not.toContain('client-key');
  });

  it('logs a streamed request when its stream has ended', async () => {
    await readStream(await h.client.chat.completions.create({ ...ask, stream: true }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(h.logs.at(-1)).toMatchObject({ stream: true, rescuedCalls: 1, status: 200 });
  });

  it('serves Prometheus metrics: requests, rescued calls and latency per model and format', async () => {
    const text = await (await fetch(`${h.proxy.url}/metrics`)).text();
    expect(text).toContain(
      `toolformat_requests_total{route="chat",model="${r.model}",format="hermes",status="200"}`,
    );
    expect(text).toMatch(
      new RegExp(
        `toolformat_rescued_calls_total\\{model="${r.model.replace(/\./g, '\\.')}",format="hermes"\\} [1-9]`,
      ),
    );
    expect(text).toContain('toolformat_upstream_seconds_bucket');
    expect(text).toContain('toolformat_added_seconds_bucket');
  });

  it('caps the model label: a client cannot grow the metrics without bound', async () => {
    const small = await startHarness({ upstream: h.upstream });
    try {
      for (let i = 0; i < 105; i++)
        small.proxy.metrics.observe({
          method: 'POST',
          path: '/v1/chat/completions',
          status: 200,
          model: `m-${i}`,
          format: 'auto',
          rescuedCalls: 0,
          issues: {},
          upstreamMs: 1,
          addedMs: 0,
          totalMs: 1,
        });
      const text = await small.proxy.metrics.text();
      expect(text).toContain('model="other"');
      expect(text).not.toContain('model="m-104"');
    } finally {
      await small.proxy.close();
    }
  });
});

describe('serve: bodies and keys', () => {
  it('puts bodies in the log only with logBodies', async () => {
    const verbose = await startHarness({ upstream: h.upstream, logBodies: true });
    try {
      await verbose.client.chat.completions.create(ask);
      expect(JSON.stringify(verbose.logs.at(-1)?.bodies)).toContain('Secret question');
    } finally {
      await verbose.proxy.close();
    }
  });

  it("sends the configured key upstream instead of the client's", async () => {
    const keyed = await startHarness({ upstream: h.upstream, apiKey: 'upstream-secret' });
    try {
      await keyed.client.chat.completions.create(ask);
      expect(h.upstream.received.at(-1)?.headers.authorization).toBe('Bearer upstream-secret');
      expect(JSON.stringify(keyed.logs)).not.toContain('upstream-secret');
    } finally {
      await keyed.proxy.close();
    }
  });
});

describe('serve: stopping', () => {
  it('close() lets a stream in flight finish, then stops listening', async () => {
    const own = await startHarness({ upstream: h.upstream });
    h.answerNext({ content: `Answer ${'word '.repeat(60)}`, chunkDelayMs: 3 });
    const stream = await own.client.chat.completions.create({ ...ask, stream: true });
    const reading = readStream(stream);
    const closed = own.proxy.close();
    const result = await reading;
    expect(result.content).toContain('word word');
    expect(result.finish).toBe('stop');
    await closed;
    await expect(fetch(`${own.proxy.url}/health`)).rejects.toThrow();
  });
});
