/**
 * `pnpm --filter @toolformat/ai-sdk compare`: toolformatMiddleware and @ai-sdk-tool/parser, side
 * by side in one run, over the peer corpus cases of the families @ai-sdk-tool/parser reads
 * (its `hermes` protocol: `<tool_call>` JSON; its `qwen3-coder` protocol: `<function=NAME>`
 * XML). Both wrap the same mock model with `wrapLanguageModel`, both teach the format as text
 * (the peer's only mode; ours with `nativeTools: false`), both get the same tools: the case's,
 * else the names of the calls it expects, plus one unrelated tool so that a case with no call
 * must not invent one.
 *
 * Per family and library: calls exact (generate: names and arguments, in order), the same
 * streamed one token per part (the case's own chunks where the corpus has them), and streaming
 * = batch (same calls and same text, whitespace runs collapsed).
 */
import type {
  LanguageModelV3CallOptions,
  LanguageModelV3FunctionTool,
  LanguageModelV3Middleware,
  LanguageModelV3StreamPart,
} from '@ai-sdk/provider';
import { hermesToolMiddleware, qwen3CoderToolMiddleware } from '@ai-sdk-tool/parser';
import { type CorpusCase, deepEqual, defaultCorpusPath, readCorpus } from '@toolformat/conformance';
import { createRouter } from '@toolformat/core';
import { builtinPlugins } from '@toolformat/formats';
import { wrapLanguageModel } from 'ai';
import { convertArrayToReadableStream, convertReadableStreamToArray, MockLanguageModelV3 } from 'ai/test';
import { toolformatMiddleware } from '../toolformat-middleware.js';
import { tokens } from './tokens.js';

interface Outcome {
  calls: Array<{ name: string; arguments: unknown }>;
  text: string;
}

const FAMILIES: Array<{ family: string; peer: LanguageModelV3Middleware }> = [
  { family: 'hermes', peer: hermesToolMiddleware },
  { family: 'qwen3-coder', peer: qwen3CoderToolMiddleware },
];

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

function toolsOf(c: CorpusCase): LanguageModelV3FunctionTool[] {
  const tools = new Map<string, object>();
  for (const t of c.tools ?? []) {
    if (typeof t === 'string') tools.set(t, { type: 'object' });
    else tools.set(t.function.name, (t.function.parameters as object | undefined) ?? { type: 'object' });
  }
  for (const call of c.expected_calls ?? [])
    if (!tools.has(call.name)) tools.set(call.name, { type: 'object' });
  tools.set('lookup_unrelated_record', { type: 'object', properties: { key: { type: 'string' } } });
  return [...tools].map(([name, inputSchema]) => ({ type: 'function', name, inputSchema }));
}

function parseInput(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  try {
    return JSON.parse(input);
  } catch {
    return input;
  }
}

async function run(
  middleware: LanguageModelV3Middleware,
  c: CorpusCase,
  chunks: readonly string[] | null,
): Promise<Outcome> {
  const model = new MockLanguageModelV3({
    modelId: `corpus-${c.family}`,
    doGenerate: async () => ({
      content: [{ type: 'text', text: c.input }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage,
      warnings: [],
    }),
    doStream: async () => ({
      stream: convertArrayToReadableStream<LanguageModelV3StreamPart>([
        { type: 'stream-start', warnings: [] },
        { type: 'text-start', id: 't' },
        ...(chunks ?? []).map((delta): LanguageModelV3StreamPart => ({ type: 'text-delta', id: 't', delta })),
        { type: 'text-end', id: 't' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
      ]),
    }),
  });
  const wrapped = wrapLanguageModel({ model, middleware });
  const params: LanguageModelV3CallOptions = {
    prompt: [{ role: 'user', content: [{ type: 'text', text: 'Go.' }] }],
    tools: toolsOf(c),
    // The peer reports parse failures through this hook instead of the console.
    providerOptions: { toolCallMiddleware: { onError: () => {} } } as never,
  };
  const out: Outcome = { calls: [], text: '' };
  if (chunks === null) {
    const result = await wrapped.doGenerate(params);
    for (const p of result.content) {
      if (p.type === 'text') out.text += p.text;
      if (p.type === 'tool-call') out.calls.push({ name: p.toolName, arguments: parseInput(p.input) });
    }
  } else {
    const { stream } = await wrapped.doStream(params);
    for (const p of await convertReadableStreamToArray(stream)) {
      if (p.type === 'text-delta') out.text += p.delta;
      if (p.type === 'tool-call') out.calls.push({ name: p.toolName, arguments: parseInput(p.input) });
    }
  }
  return out;
}

async function attempt(f: () => Promise<Outcome>): Promise<Outcome | null> {
  try {
    return await f();
  } catch {
    return null;
  }
}

const exact = (c: CorpusCase, o: Outcome | null) =>
  o !== null &&
  deepEqual(
    o.calls,
    (c.expected_calls ?? []).map((e) => ({ name: e.name, arguments: e.arguments })),
  );
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
const same = (a: Outcome | null, b: Outcome | null) =>
  a !== null && b !== null && deepEqual(a.calls, b.calls) && squash(a.text) === squash(b.text);

async function main(): Promise<void> {
  const path = defaultCorpusPath();
  const cases = readCorpus(path);
  if (cases === null) {
    console.log(
      `compare: no peer corpus at ${path} (set TOOLFORMAT_CORPUS to its path); nothing to compare.`,
    );
    return;
  }
  const router = createRouter({ plugins: builtinPlugins });

  const header = [
    'family',
    'cases',
    'library',
    'calls exact',
    'stream calls exact',
    'streaming = batch',
    'ms',
  ];
  const rows: string[][] = [];
  for (const { family, peer } of FAMILIES) {
    const chosen = cases.filter((c) => c.family === family && c.expected_calls !== null);
    const libraries: Array<[string, LanguageModelV3Middleware]> = [
      ['@toolformat/ai-sdk', toolformatMiddleware({ router, format: family, nativeTools: false })],
      ['@ai-sdk-tool/parser', peer],
    ];
    for (const [name, middleware] of libraries) {
      let batchExact = 0;
      let streamExact = 0;
      let equal = 0;
      const started = performance.now();
      for (const c of chosen) {
        const batch = await attempt(() => run(middleware, c, null));
        const streamed = await attempt(() => run(middleware, c, c.chunks ?? tokens(c.input)));
        if (exact(c, batch)) batchExact++;
        if (exact(c, streamed)) streamExact++;
        if (same(batch, streamed)) equal++;
      }
      const ms = performance.now() - started;
      const n = chosen.length;
      const pct = (k: number) => `${k}/${n} (${((100 * k) / Math.max(n, 1)).toFixed(0)}%)`;
      rows.push([family, String(n), name, pct(batchExact), pct(streamExact), pct(equal), ms.toFixed(0)]);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(line(header));
  console.log(`| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`);
  for (const r of rows) console.log(line(r));
  console.log(
    '\nms: both paths (generate + stream) over the family, one pass in this process; speed is measured properly by `pnpm bench`.',
  );
}

await main();
