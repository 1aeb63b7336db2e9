import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FakeUpstream, recordings, startFakeUpstream, weatherTools } from '@toolformat/test-upstream';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinPlugins } from './builtin-formats.js';
import { main } from './main.js';
import { memoryIo, run } from './test-support/fake-io.js';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream((body) => ({
    content: Object.values(recordings).find((r) => r.model === body.model)?.content ?? 'Hello.',
  }));
});
afterAll(async () => {
  await upstream.close();
});

/** Starts `toolformat serve` in-process; resolves once it printed where it listens. */
async function start(args: string[]) {
  let listening: (url: string) => void = () => {};
  const url = new Promise<string>((resolve) => {
    listening = resolve;
  });
  const memory = memoryIo('', (stderr) => {
    const m = /listening on (\S+)\/v1/.exec(stderr);
    if (m?.[1]) listening(m[1]);
  });
  const stop = new AbortController();
  const exited = main(['serve', ...args], memory.io, { plugins: builtinPlugins, stop: stop.signal });
  const where = await Promise.race([
    url,
    exited.then((code) => Promise.reject(new Error(`exited ${code}: ${memory.stderr()}`))),
  ]);
  return { url: where, stop: () => stop.abort(), exited, out: memory.stdout, err: memory.stderr };
}

describe('toolformat serve', () => {
  it('serves, says where and with which models.yaml, logs requests as JSON lines, and stops cleanly', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolformat-serve-'));
    const config = join(dir, 'models.yaml');
    writeFileSync(config, 'models:\n  - match: "plain-*"\n    format: hermes\n    nativeTools: false\n');
    const server = await start(['--upstream', upstream.url, '--port', '0', '--config', config]);
    expect(server.err()).toContain(`forwarding to ${upstream.url}`);
    expect(server.err()).toContain(`${config} (1 rule)`);

    const client = new OpenAI({ baseURL: `${server.url}/v1`, apiKey: 'k', maxRetries: 0 });
    const r = recordings['qwen3-coder'];
    const completion = await client.chat.completions.create({
      model: r.model,
      messages: [{ role: 'user', content: 'Weather?' }],
      tools: weatherTools,
    });
    expect(completion.choices[0]?.message.tool_calls?.[0]).toMatchObject({
      type: 'function',
      function: { name: 'get_weather' },
    });

    server.stop();
    expect(await server.exited).toBe(0);
    expect(server.err()).toContain('stopped.');
    const line = JSON.parse(server.out().trim().split('\n').at(-1) ?? '{}');
    expect(line).toMatchObject({
      msg: 'request',
      model: r.model,
      format: 'xml',
      rescuedCalls: 1,
      status: 200,
    });
    await expect(fetch(`${server.url}/health`)).rejects.toThrow();
  });

  it('serves the playground page at /playground/ and says where', async () => {
    const server = await start(['--upstream', upstream.url, '--port', '0']);
    try {
      expect(server.err()).toContain(`playground: ${server.url}/playground/`);
      const page = await fetch(`${server.url}/playground/`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<title>toolformat playground</title>');
      const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(script).toBeDefined();
      const asset = await fetch(`${server.url}/playground/${script}`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toContain('javascript');
    } finally {
      server.stop();
      await server.exited;
    }
  });

  it('needs --upstream, and says so', async () => {
    const result = await run(['serve'], '', { plugins: builtinPlugins });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--upstream is required');
  });

  it('rejects a --upstream that is not an http URL and a bad --port', async () => {
    expect(
      (await run(['serve', '--upstream', 'localhost:8000'], '', { plugins: builtinPlugins })).stderr,
    ).toContain('not an http(s) URL');
    const badPort = await run(['serve', '--upstream', upstream.url, '--port', '99999'], '', {
      plugins: builtinPlugins,
    });
    expect(badPort.code).toBe(2);
    expect(badPort.stderr).toContain('--port');
  });

  it('names an --api-key-env variable that is not set', async () => {
    const result = await run(
      ['serve', '--upstream', upstream.url, '--api-key-env', 'TOOLFORMAT_TEST_NO_SUCH_KEY'],
      '',
      {
        plugins: builtinPlugins,
      },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('TOOLFORMAT_TEST_NO_SUCH_KEY is not set');
  });
});
