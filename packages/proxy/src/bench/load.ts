/**
 * `pnpm bench:proxy`: the proxy under load, on loopback, with autocannon.
 *
 * The fake upstream and the proxy each run in their own process. Each round sends the same
 * bounded number of streaming chat requests (200 connections at once, rotating over the six
 * recorded families) first straight to the upstream, then through the proxy, and checks every
 * proxied answer: its calls are the recording's, in order, each once; its text carries the
 * request's own nonce (a response that went to the wrong client fails); the stream ended with
 * `[DONE]`. The added latency is the proxy's p50/p99 minus the upstream's in the same round;
 * the figures printed are medians over the rounds, after one warm-up round that is not counted.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectChunks, recordings, weatherTools } from '@toolformat/test-upstream';
import autocannon from 'autocannon';

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 200);
const REQUESTS = Number(process.env.LOAD_REQUESTS ?? 4000);
const ROUNDS = Number(process.env.LOAD_ROUNDS ?? 3);
/** No run may take longer than this, whatever happens. */
const RUN_LIMIT_S = 120;

const all = Object.values(recordings);

/** Node flags for the proxy's process (e.g. `--cpu-prof` to profile it under load). */
const PROXY_FLAGS = (process.env.LOAD_PROXY_NODE_FLAGS ?? '').split(' ').filter((f) => f !== '');

async function start(
  script: string,
  args: string[] = [],
  flags: string[] = [],
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    [...flags, fileURLToPath(new URL(script, import.meta.url)), ...args],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const [data] = (await once(child.stdout!, 'data')) as [Buffer];
  return { child, url: data.toString().trim() };
}

interface Check {
  ok: number;
  lost: number;
  crossWired: number;
  wrongCalls: number;
  examples: string[];
}

function sseChunks(body: string): { chunks: unknown[]; done: boolean } {
  const chunks: unknown[] = [];
  let done = false;
  for (const event of body.split('\n\n')) {
    const data = event
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => l.slice(6))
      .join('\n');
    if (data === '') continue;
    if (data === '[DONE]') done = true;
    else chunks.push(JSON.parse(data));
  }
  return { chunks, done };
}

async function run(base: string, verify: boolean) {
  let n = 0;
  const check: Check = { ok: 0, lost: 0, crossWired: 0, wrongCalls: 0, examples: [] };
  const fail = (kind: 'lost' | 'crossWired' | 'wrongCalls', detail: string) => {
    check[kind]++;
    if (check.examples.length < 5) check.examples.push(`${kind}: ${detail}`);
  };
  const instance = autocannon({
    url: `${base}/v1/chat/completions`,
    connections: CONNECTIONS,
    amount: REQUESTS,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer load' },
        setupRequest(request, context) {
          const i = n++;
          const r = all[i % all.length]!;
          const nonce = `n${i}`;
          (context as Record<string, unknown>).expect = { r, nonce };
          return {
            ...request,
            body: JSON.stringify({
              model: r.model,
              stream: true,
              tools: weatherTools,
              messages: [{ role: 'user', content: nonce }],
            }),
          };
        },
        onResponse(status, body, context) {
          const { r, nonce } = (context as { expect: { r: (typeof all)[number]; nonce: string } }).expect;
          if (status !== 200) return fail('lost', `${nonce}: status ${status}`);
          let parsed: ReturnType<typeof sseChunks>;
          try {
            parsed = sseChunks(body);
          } catch (error) {
            return fail('lost', `${nonce}: ${(error as Error).message}`);
          }
          if (!parsed.done) return fail('lost', `${nonce}: no [DONE]`);
          if (!verify) return void check.ok++;
          const [choice] = collectChunks(parsed.chunks as Parameters<typeof collectChunks>[0]);
          const text = choice?.content ?? '';
          if (!text.startsWith(`Request ${nonce}.`))
            return fail('crossWired', `${nonce}: got ${JSON.stringify(text.slice(0, 30))}`);
          const calls = (choice?.tool_calls ?? []).map((c) => ({
            name: c.function.name,
            arguments: JSON.parse(c.function.arguments),
          }));
          if (JSON.stringify(calls) !== JSON.stringify(r.calls))
            return fail('wrongCalls', `${nonce} ${r.model}: ${JSON.stringify(calls)}`);
          check.ok++;
        },
      },
    ],
  });
  const limit = setTimeout(() => (instance as unknown as { stop: () => void }).stop(), RUN_LIMIT_S * 1000);
  const result = await instance;
  clearTimeout(limit);
  return { result, check };
}

async function rss(proxyUrl: string): Promise<number> {
  const text = await (await fetch(`${proxyUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('process_resident_memory_bytes '));
  return Number(line?.split(' ')[1] ?? Number.NaN) / (1 << 20);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const upstream = await start('./upstream-process.js');
const logFile = join(mkdtempSync(join(tmpdir(), 'toolformat-load-')), 'proxy.log');
const proxy = await start('./proxy-process.js', [upstream.url, logFile], PROXY_FLAGS);
let logOffset = 0;

/** The proxy's own view of the last round: its added time per request, from its log lines. */
async function proxySide(): Promise<{
  added50: number;
  added99: number;
  total99: number;
  upstream99: number;
  requests: number;
}> {
  await new Promise((resolve) => setTimeout(resolve, 200)); // the logger writes asynchronously
  const text = readFileSync(logFile, 'utf8');
  const lines = text
    .slice(logOffset)
    .split('\n')
    .filter((l) => l !== '');
  logOffset = text.length;
  const records = lines
    .map((l) => JSON.parse(l) as { path?: string; addedMs: number; totalMs: number; upstreamMs: number })
    .filter((l) => l.path === '/v1/chat/completions');
  const q = (key: 'addedMs' | 'totalMs' | 'upstreamMs', p: number) => {
    const xs = records.map((r) => r[key]).sort((a, b) => a - b);
    return xs[Math.min(xs.length - 1, Math.floor(p * xs.length))] ?? Number.NaN;
  };
  return {
    added50: q('addedMs', 0.5),
    added99: q('addedMs', 0.99),
    total99: q('totalMs', 0.99),
    upstream99: q('upstreamMs', 0.99),
    requests: records.length,
  };
}
const origin = upstream.url.replace(/\/v1$/, '');
console.log(`load: ${ROUNDS} rounds × ${REQUESTS} streaming requests, ${CONNECTIONS} concurrent, loopback`);
const rows: Array<{
  directRps: number;
  proxyRps: number;
  p50: number;
  p99: number;
  dp50: number;
  dp99: number;
  own50: number;
  own99: number;
  rss: number;
}> = [];
let failures = 0;
try {
  // Warm-up, not counted: the first connections and JIT compilation of a fresh process.
  await run(origin, false);
  await run(proxy.url, true);
  await proxySide();
  for (let round = 1; round <= ROUNDS; round++) {
    const direct = await run(origin, false);
    const proxied = await run(proxy.url, true);
    const memory = await rss(proxy.url);
    const own = await proxySide();
    const c = proxied.check;
    failures += c.lost + c.crossWired + c.wrongCalls + direct.check.lost;
    // Requests over the run's length (autocannon's own average is over whole-second samples).
    const rps = (r: typeof direct.result) => r.requests.total / r.duration;
    rows.push({
      directRps: rps(direct.result),
      proxyRps: rps(proxied.result),
      p50: proxied.result.latency.p50,
      p99: proxied.result.latency.p99,
      dp50: proxied.result.latency.p50 - direct.result.latency.p50,
      dp99: proxied.result.latency.p99 - direct.result.latency.p99,
      own50: own.added50,
      own99: own.added99,
      rss: memory,
    });
    console.log(
      `round ${round}: direct ${rps(direct.result).toFixed(0)} req/s (p50 ${direct.result.latency.p50} ms, p99 ${direct.result.latency.p99} ms, errors ${direct.result.errors + direct.check.lost}); ` +
        `proxy ${rps(proxied.result).toFixed(0)} req/s (p50 ${proxied.result.latency.p50} ms, p99 ${proxied.result.latency.p99} ms); ` +
        `proxy's own work per request p50 ${own.added50.toFixed(2)} ms, p99 ${own.added99.toFixed(2)} ms (${own.requests} logged; in the proxy, request to end p99 ${own.total99.toFixed(0)} ms, to upstream headers p99 ${own.upstream99.toFixed(0)} ms); checked ${c.ok}/${REQUESTS} exact, lost ${c.lost}, cross-wired ${c.crossWired}, wrong calls ${c.wrongCalls}, errors ${proxied.result.errors}, timeouts ${proxied.result.timeouts}; RSS ${memory.toFixed(0)} MiB`,
    );
    for (const e of c.examples) console.log(`  ${e}`);
    failures +=
      proxied.result.errors +
      proxied.result.timeouts +
      (REQUESTS - c.ok - c.lost - c.crossWired - c.wrongCalls);
  }
  const m = (k: keyof (typeof rows)[number]) => median(rows.map((r) => r[k]));
  console.log(
    `\nmedian of ${ROUNDS}: direct ${m('directRps').toFixed(0)} req/s, proxy ${m('proxyRps').toFixed(0)} req/s; ` +
      `added latency (proxy − direct, end to end) p50 ${m('dp50').toFixed(1)} ms, p99 ${m('dp99').toFixed(1)} ms (proxy p50 ${m('p50')} ms, p99 ${m('p99')} ms); ` +
      `the proxy's own work per request p50 ${m('own50').toFixed(2)} ms, p99 ${m('own99').toFixed(2)} ms; proxy RSS ${m('rss').toFixed(0)} MiB`,
  );
  console.log(
    failures === 0
      ? 'load: every answer exact, none lost, duplicated or cross-wired'
      : `load: ${failures} bad answers`,
  );
} finally {
  proxy.child.kill('SIGTERM');
  upstream.child.kill('SIGTERM');
}
process.exitCode = failures === 0 ? 0 : 1;
