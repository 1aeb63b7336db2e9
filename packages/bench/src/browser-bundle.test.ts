import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserBundle, bundleForBrowser, EDGE_PROXY_ENTRY } from './browser-bundle.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const HERMES =
  'Let me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';

describe('the browser bundle of core and every format', () => {
  let bundle: BrowserBundle;
  let dir: string;
  beforeAll(async () => {
    bundle = await bundleForBrowser(here);
    dir = await mkdtemp(join(tmpdir(), 'toolformat-bundle-'));
  }, 120_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('builds for platform browser: no Node built-in anywhere in the parse path', () => {
    expect(bundle.errors.map((e) => e.text)).toEqual([]);
    expect(bundle.bytes).toBeGreaterThan(0);
  });

  it('keeps zod and the YAML reader out of a bundle that only parses', () => {
    const names = bundle.byPackage.map(([name]) => name);
    expect(names).not.toContain('yaml');
    const zod = bundle.byPackage.find(([name]) => name === 'zod')?.[1] ?? 0;
    expect(zod).toBeLessThan(bundle.bytes / 10);
  });

  it('runs: the bundled router parses and streams a call (nothing a bundler may drop is missing)', async () => {
    const file = join(dir, 'bundle.mjs');
    await writeFile(file, bundle.code);
    const mod = (await import(pathToFileURL(file).href)) as {
      parse(
        model: string,
        text: string,
      ): { calls: { name: string; arguments: unknown }[]; content: string | null };
      stream(model: string, chunks: string[]): { calls: { name: string }[] };
    };
    const r = mod.parse('Qwen/Qwen2.5-7B-Instruct', HERMES);
    expect(r.calls.map((c) => [c.name, c.arguments])).toEqual([['get_weather', { city: 'Paris' }]]);
    expect(r.content).toBe('Let me check.');
    expect(mod.stream('Qwen/Qwen2.5-7B-Instruct', [...HERMES]).calls.map((c) => c.name)).toEqual([
      'get_weather',
    ]);
  });
});

/** An upstream as an edge function reaches it: a fetch that answers with the model's text in SSE chunks. */
function upstreamFetch(text: string): typeof fetch {
  return async () => {
    const chunks = [...text].map((ch) => ({
      id: 'c1',
      object: 'chat.completion.chunk',
      created: 0,
      model: 'Qwen/Qwen2.5-7B-Instruct',
      choices: [{ index: 0, delta: { content: ch }, finish_reason: null }],
    }));
    const last = { ...chunks[0], choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] };
    const body = [...chunks, last].map((c) => `data: ${JSON.stringify(c)}\n\n`).join('') + 'data: [DONE]\n\n';
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };
}

describe('the proxy bundled for an edge runtime', () => {
  let bundle: BrowserBundle;
  let dir: string;
  beforeAll(async () => {
    bundle = await bundleForBrowser(here, EDGE_PROXY_ENTRY);
    dir = await mkdtemp(join(tmpdir(), 'toolformat-edge-'));
  }, 120_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('builds for platform browser: no Node built-in in the proxy, the router or the formats', () => {
    expect(bundle.errors.map((e) => e.text)).toEqual([]);
  });

  it('runs: a streamed completion comes back with the call as tool_calls, the markup gone', async () => {
    const file = join(dir, 'edge.mjs');
    await writeFile(file, bundle.code);
    const { proxy } = (await import(pathToFileURL(file).href)) as {
      proxy(upstream: string, fetch: typeof globalThis.fetch): (request: Request) => Promise<Response>;
    };
    const handle = proxy('http://upstream.invalid/v1', upstreamFetch(HERMES));
    const response = await handle(
      new Request('http://edge.invalid/v1/chat/completions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'Qwen/Qwen2.5-7B-Instruct',
          stream: true,
          messages: [{ role: 'user', content: 'Weather?' }],
          tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object' } } }],
        }),
      }),
    );
    expect(response.status).toBe(200);
    const events = (await response.text())
      .split('\n\n')
      .filter((e) => e.startsWith('data: {'))
      .map((e) => JSON.parse(e.slice(6)));
    const deltas = events.flatMap((e) => e.choices.map((c: { delta: Record<string, unknown> }) => c.delta));
    const content = deltas.map((d) => d.content ?? '').join('');
    const args = deltas.flatMap(
      (d) => (d.tool_calls as { function: { name?: string; arguments?: string } }[] | undefined) ?? [],
    );
    expect(content.trim()).toBe('Let me check.');
    expect(args.map((a) => a.function.name ?? '').join('')).toBe('get_weather');
    expect(JSON.parse(args.map((a) => a.function.arguments ?? '').join(''))).toEqual({ city: 'Paris' });
    expect(events.at(-1).choices[0].finish_reason).toBe('tool_calls');
  });
});
