/**
 * `pnpm bench`: the performance budgets of issue 18, each measured against its baseline in the
 * same run. Every budget runs twice: in a fresh process of its own (where only its handler has
 * run), and in one process where every format and variant has parsed first — the CLI and the
 * proxy are such processes, and a handler whose reads go polymorphic there is slower there.
 * Prints medians and ratios; `--check` exits 1 when a budget is missed in either process.
 *
 * Flags: `--check`; `--only=<budget id>[,…]`; `--fresh` / `--all` (run one kind of process);
 * `--json` (a child's rows on stdout, as JSON, for the parent).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { hermesProtocol } from '@ai-sdk-tool/parser';
import type { ToolFormatHandler } from '@toolformat/core';
import type { MarkupFormatHandler } from '@toolformat/core/kit';
import { do_not_optimize } from 'mitata';
import { compare, fmtNs, wallTimes } from './measure.js';
import {
  ADVERSARIAL,
  CALL_OBJECTS,
  callHeavy,
  prose,
  rarestFirstChar,
  TOOLS,
  typicalResponse,
} from './payloads.js';
import { allFormatsRouter } from './router.js';

interface Row {
  budget: string;
  name: string;
  measured: string;
  baseline: string;
  ratio: string;
  limit: string;
  ok: boolean;
}

const MiB = 1024 * 1024;
const router = allFormatsRouter();
const hermes = router.get('hermes') as MarkupFormatHandler;
const auto = router.get('auto');
const opts = { generateId: () => 'id' };

/** Every marker's first character a handler (or, for auto, any handler) looks for. */
function firstChars(handlers: readonly ToolFormatHandler[]): string[] {
  const out = new Set<string>();
  for (const h of handlers) {
    const markup = (h as MarkupFormatHandler).markup;
    if (markup === undefined) continue;
    for (const b of markup.blocks) {
      const open = b.open === undefined ? [] : typeof b.open === 'string' ? [b.open] : b.open;
      for (const m of open) if (m.length > 0) out.add(m[0]!);
    }
    for (const r of markup.reasoning ?? []) for (const m of r.open) if (m.length > 0) out.add(m[0]!);
  }
  return [...out];
}

/** The budgets, by id: each returns its rows. */
const BUDGETS: Record<string, () => Promise<Row[]>> = {
  async peer() {
    const typical = typicalResponse();
    const peer = hermesProtocol();
    const peerTools = TOOLS.map((t) => ({
      type: 'function' as const,
      name: t.function.name,
      description: t.function.description,
      inputSchema: t.function.parameters,
    }));
    const c = await compare(
      () => do_not_optimize(hermes.parse(typical, opts)),
      () => do_not_optimize(peer.parseGeneratedText({ text: typical, tools: peerTools as never })),
    );
    const faster = c.baseline / c.subject;
    return [
      {
        budget: 'peer',
        name: 'typical 2 KB, hermes vs @ai-sdk-tool/parser',
        measured: fmtNs(c.subject),
        baseline: fmtNs(c.baseline),
        ratio: `${faster.toFixed(1)}× faster`,
        limit: '≥ 10× faster',
        ok: faster >= 10,
      },
    ];
  },

  async prose() {
    const plain = prose(MiB);
    const rows: Row[] = [];
    for (const [name, handler, chars] of [
      ['hermes', hermes, firstChars([hermes])],
      ['auto', auto, firstChars(router.ids().map((id) => router.get(id)))],
    ] as const) {
      // The physical limit: one native pass for the rarest character any marker starts with.
      const rare = rarestFirstChar(plain, chars);
      const c = await compare(
        () => do_not_optimize(handler.parse(plain, opts)),
        () => do_not_optimize(plain.indexOf(rare)),
      );
      rows.push(ratioRow('prose', `1 MiB no markup, ${name} vs indexOf(${JSON.stringify(rare)})`, c, 3));
    }
    return rows;
  },

  async calls() {
    const { text, payloads } = callHeavy(MiB, 1000);
    const c = await compare(
      () => do_not_optimize(hermes.parse(text, opts)),
      () => {
        for (const p of payloads) do_not_optimize(JSON.parse(p));
      },
    );
    const typical = typicalResponse();
    const small = await compare(
      () => do_not_optimize(hermes.parse(typical, opts)),
      () => {
        for (const o of CALL_OBJECTS) do_not_optimize(JSON.parse(o));
      },
    );
    return [
      ratioRow('calls', '1 MiB with 1,000 calls, hermes vs JSON.parse of the payloads', c, 2.5),
      {
        ...ratioRow('calls', 'typical 2 KB, hermes vs JSON.parse of its 2 payloads (info)', small, 0),
        limit: '—',
        ok: true,
      },
    ];
  },

  async push1() {
    const typical = typicalResponse();
    const chars = [...typical];
    // The contract's floor: a push that returns one fresh text event per call, nothing more.
    const c = await compare(
      () => {
        const p = hermes.createStreamParser(opts);
        for (const ch of chars) do_not_optimize(p.push(ch));
        do_not_optimize(p.end());
      },
      () => {
        for (const ch of chars) do_not_optimize([{ type: 'text', text: ch }]);
        do_not_optimize([]);
      },
    );
    return [ratioRow('push1', 'stream 1-char pushes vs the contract floor (typical 2 KB)', c, 1.5)];
  },

  async push4() {
    const rows: Row[] = [];
    for (const [name, text] of [
      ['typical 2 KB', typicalResponse()],
      ['64 KiB with 64 calls', callHeavy(64 * 1024, 64).text],
    ] as const) {
      const tokens: string[] = [];
      for (let i = 0; i < text.length; i += 4) tokens.push(text.slice(i, i + 4));
      const c = await compare(
        () => {
          const p = hermes.createStreamParser(opts);
          for (const tok of tokens) do_not_optimize(p.push(tok));
          do_not_optimize(p.end());
        },
        () => do_not_optimize(hermes.parse(text, opts)),
      );
      rows.push(ratioRow('push4', `stream 4-char pushes vs one batch parse, ${name}`, c, 3));
    }
    return rows;
  },

  async memory() {
    const rows: Row[] = [];
    for (const [name, size, calls] of [
      ['64 MiB prose', 64 * MiB, 0],
      ['8 MiB with 1,000 calls', 8 * MiB, 1000],
    ] as const) {
      // The input is made a chunk at a time from a 1 MiB unit, so it is never resident itself.
      const unit = calls === 0 ? prose(MiB) : callHeavy(MiB, Math.round(calls / (size / MiB))).text;
      const gc = (globalThis as { gc?: () => void }).gc;
      // Two passes over the same input: the peak heap as the program would see it (garbage V8
      // has not collected yet included: a young generation of several MB whatever the input),
      // then what the parser holds, the heap after a full collection with the parser alive.
      const pass = (collect: boolean): number => {
        gc?.();
        const before = process.memoryUsage().heapUsed;
        let peak = before;
        const p = hermes.createStreamParser(opts);
        const chunk = 1024;
        for (let sent = 0, k = 0; sent < size; sent += chunk, k++) {
          const at = sent % unit.length;
          do_not_optimize(p.push(unit.slice(at, at + chunk)));
          if ((k & 1023) === 0) {
            if (collect) gc?.();
            const used = process.memoryUsage().heapUsed;
            if (used > peak) peak = used;
          }
        }
        do_not_optimize(p.end());
        return Math.max(0, peak - before);
      };
      const growth = pass(false);
      const held = gc ? pass(true) : growth;
      // Flat: what the parser holds is bounded by the longest open block, far below the input.
      const ratio = held / size;
      rows.push({
        budget: 'memory',
        name: `stream ${name} in 1 KiB chunks, heap held before end() (peak with garbage: ${(growth / MiB).toFixed(1)} MB)`,
        measured: `${(held / MiB).toFixed(1)} MB`,
        baseline: `${(size / MiB).toFixed(0)} MiB in`,
        ratio: `${ratio.toFixed(3)}× input`,
        limit: '≤ 0.25× input',
        ok: ratio <= 0.25,
      });
    }
    // One call whose string argument is 2 MiB, streamed in four-character tokens and still open:
    // what the parser holds is that block, at a few bytes a character (architecture/stream-engine.md,
    // "Appended text"; before the appends were kept flat, 16× the block).
    const block = 2 * MiB;
    const call = `<tool_call>{"name": "f", "arguments": {"a": "${'x'.repeat(block)}"}}</tool_call>`;
    const open = call.length - '"}}</tool_call>'.length;
    const gc = (globalThis as { gc?: () => void }).gc;
    gc?.();
    const before = process.memoryUsage().heapUsed;
    const p = hermes.createStreamParser(opts);
    for (let i = 0; i < open; i += 4) do_not_optimize(p.push(call.slice(i, Math.min(i + 4, open))));
    gc?.();
    const held = process.memoryUsage().heapUsed - before;
    // The parser is used after the measure, so it is alive in it.
    do_not_optimize(p.end());
    rows.push({
      budget: 'memory',
      name: 'stream one 2 MiB string argument in 4-char tokens, heap held with its block open',
      measured: `${(held / MiB).toFixed(1)} MB`,
      baseline: '2 MiB block',
      ratio: `${(held / block).toFixed(1)}× block`,
      limit: '≤ 8× block',
      ok: held <= 8 * block,
    });
    return rows;
  },

  async adversarial() {
    const rows: Row[] = [];
    const filter = process.env.BENCH_ADVERSARIAL;
    for (const { format, variant, name, make } of ADVERSARIAL) {
      if (filter && !`${format}: ${name}`.includes(filter)) continue;
      const handler = router.get(format, variant);
      const one = make(MiB);
      const two = make(2 * MiB);
      handler.parse(one, opts); // warm up
      handler.parse(two, opts);
      const [tOne = 0, tTwo = 0] = wallTimes([
        () => handler.parse(one, opts),
        () => handler.parse(two, opts),
      ]);
      const growth = tTwo / tOne;
      rows.push({
        budget: 'adversarial',
        name: `1 MiB ${format}: ${name}`,
        measured: `${tOne.toFixed(1)} ms`,
        baseline: `${tTwo.toFixed(1)} ms @2M`,
        ratio: `×${growth.toFixed(2)} for 2× input`,
        limit: '< 25 ms, ≤ ×2.2',
        // Growth is only meaningful above timer and GC noise.
        ok: tOne < 25 && (growth <= 2.2 || tOne < 5),
      });
    }
    return rows;
  },
};

function ratioRow(
  budget: string,
  name: string,
  c: { subject: number; baseline: number; ratio: number },
  limit: number,
): Row {
  return {
    budget,
    name,
    measured: fmtNs(c.subject),
    baseline: fmtNs(c.baseline),
    ratio: `${c.ratio.toFixed(2)}×`,
    limit: `≤ ${limit}×`,
    ok: c.ratio <= limit,
  };
}

/** Every handler parses a sample that exercises its markup, so shared code has seen every shape. */
function runEveryFormat(): void {
  const samples = [
    typicalResponse(),
    '<think>a</think>[TOOL_CALLS][{"name": "f", "arguments": {"a": 1}}]',
    '<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"a": 1}<|tool_call_end|><|tool_calls_section_end|>',
    '<|channel|>commentary to=functions.f <|constrain|>json<|message|>{"a": 1}<|call|>',
    '<tool_call>\n<function=f>\n<parameter=a>\n1\n</parameter>\n</function>\n</tool_call>',
    '[f(a=1)]',
    '>>>f\n{"a": 1}',
    'Thought: x\nAction: f\nAction Input: {"a": 1}\n',
    '<|tool_call>call:f{a:1}<tool_call|>',
    '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>f\n```json\n{"a": 1}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
  ];
  for (const id of router.ids()) {
    const h = router.get(id);
    for (let round = 0; round < 20; round++) {
      for (const s of samples) {
        h.parse(s, opts);
        const p = h.createStreamParser(opts);
        for (let i = 0; i < s.length; i += 4) p.push(s.slice(i, i + 4));
        p.end();
      }
    }
  }
}

async function child(ids: string[], everyFormat: boolean): Promise<Row[]> {
  if (everyFormat) runEveryFormat();
  const rows: Row[] = [];
  for (const id of ids) rows.push(...(await BUDGETS[id]!()));
  return rows;
}

function freshRows(ids: string[]): Row[] {
  const rows: Row[] = [];
  const script = fileURLToPath(import.meta.url);
  for (const id of ids) {
    const out = spawnSync(process.execPath, ['--expose-gc', script, `--only=${id}`, '--fresh', '--json'], {
      encoding: 'utf8',
      maxBuffer: 64 * MiB,
      env: process.env,
    });
    const line = out.stdout.trim().split('\n').pop() ?? '';
    try {
      rows.push(...(JSON.parse(line) as Row[]));
    } catch {
      rows.push({
        budget: id,
        name: `${id}: the fresh process failed (${out.stderr.trim().split('\n').pop() ?? out.status})`,
        measured: '',
        baseline: '',
        ratio: '',
        limit: '',
        ok: false,
      });
    }
  }
  return rows;
}

function print(title: string, table: Row[]): void {
  const head = ['benchmark', 'toolformat (p50)', 'baseline (p50)', 'ratio', 'budget', ''];
  const body = table.map((r) => [r.name, r.measured, r.baseline, r.ratio, r.limit, r.ok ? 'ok' : 'MISSED']);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(`\n${title}`);
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const b of body) console.log(line(b));
}

async function main() {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  const ids = only ? only.split(',').filter((id) => id in BUDGETS) : Object.keys(BUDGETS);
  if (args.includes('--json')) {
    // A child: its rows, as the last line of its output.
    console.log(JSON.stringify(await child(ids, !args.includes('--fresh'))));
    return;
  }
  const fresh = !args.includes('--all');
  const all = !args.includes('--fresh');
  console.log(
    `node ${process.version}; medians of interleaved runs (wall-time medians of 3 for 1 MiB inputs)`,
  );
  const missed: string[] = [];
  if (fresh) {
    const rows = freshRows(ids);
    print('Each budget in a fresh process', rows);
    for (const r of rows) if (!r.ok) missed.push(`[fresh] ${r.name}`);
  }
  if (all) {
    const rows = await child(ids, true);
    print(`In one process where all ${router.ids().length} formats and variants ran first`, rows);
    for (const r of rows) if (!r.ok) missed.push(`[all formats] ${r.name}`);
  }
  console.log(
    missed.length === 0
      ? '\nAll budgets met.'
      : `\n${missed.length} budget(s) missed:\n  ${missed.join('\n  ')}`,
  );
  if (check && missed.length > 0) process.exitCode = 1;
}

await main();
