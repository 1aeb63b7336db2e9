/**
 * `pnpm bench`: the performance budgets, each measured against its baseline in the same run.
 * Prints medians and ratios; `--check` exits 1 when a budget is missed.
 */
import { hermesProtocol } from '@ai-sdk-tool/parser';
import { createRouter } from '@toolformat/core';
import type { MarkupFormatHandler } from '@toolformat/core/kit';
import { deepseekPlugin } from '@toolformat/format-deepseek';
import { gemmaPlugin } from '@toolformat/format-gemma';
import { harmonyPlugin } from '@toolformat/format-harmony';
import { hermesPlugin } from '@toolformat/format-hermes';
import { kimiPlugin } from '@toolformat/format-kimi';
import { llamaPlugin } from '@toolformat/format-llama';
import { mistralPlugin } from '@toolformat/format-mistral';
import { reactPlugin } from '@toolformat/format-react';
import { solarPlugin } from '@toolformat/format-solar';
import { xmlPlugin } from '@toolformat/format-xml';
import { do_not_optimize } from 'mitata';
import { compare, fmtNs, time, wallTime } from './measure.js';
import { ADVERSARIAL, CALL_OBJECTS, prose, TOOLS, typicalResponse } from './payloads.js';

interface Row {
  name: string;
  measured: string;
  baseline: string;
  ratio: string;
  budget: string;
  ok: boolean;
}

const rows: Row[] = [];
const router = createRouter({
  plugins: [
    hermesPlugin,
    xmlPlugin,
    reactPlugin,
    deepseekPlugin,
    llamaPlugin,
    mistralPlugin,
    gemmaPlugin,
    kimiPlugin,
    solarPlugin,
    harmonyPlugin,
  ],
});
const hermes = router.get('hermes') as MarkupFormatHandler;
const auto = router.get('auto');
const opts = { generateId: () => 'id' };

/** The baseline for markup-free text: one indexOf per marker the handler looks for. */
const markers = [
  ...hermes.markup.blocks.flatMap((b) =>
    b.open === undefined ? [] : typeof b.open === 'string' ? [b.open] : b.open,
  ),
  ...(hermes.markup.reasoning ?? [{ open: ['<think>'] }]).flatMap((r) => r.open),
];
const indexOfScan = (text: string) => {
  let found = -1;
  for (const m of markers) found = Math.max(found, text.indexOf(m));
  return found;
};

async function main() {
  const check = process.argv.includes('--check');
  const typical = typicalResponse();
  const plain = prose(2048);

  {
    const t = await time(() => do_not_optimize(hermes.parse(typical, opts)));
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
    rows.push({
      name: 'typical 2 KB, two calls (absolute)',
      measured: fmtNs(t.p50),
      baseline: '15 µs budget',
      ratio: '',
      budget: '< 15 µs',
      ok: t.p50 < 15_000,
    });
    rows.push({
      name: 'typical 2 KB vs @ai-sdk-tool/parser',
      measured: fmtNs(c.subject),
      baseline: fmtNs(c.baseline),
      ratio: `${(c.baseline / c.subject).toFixed(1)}× faster`,
      budget: 'faster',
      ok: c.subject < c.baseline,
    });
  }
  {
    const c = await compare(
      () => do_not_optimize(hermes.parse(plain, opts)),
      () => do_not_optimize(indexOfScan(plain)),
    );
    rows.push(ratioRow('no markup, hermes vs indexOf scan', c, 1.5));
    const a = await compare(
      () => do_not_optimize(auto.parse(plain, opts)),
      () => do_not_optimize(indexOfScan(plain)),
    );
    rows.push(ratioRow('no markup, auto vs indexOf scan', a, 3));
  }
  {
    const c = await compare(
      () => do_not_optimize(hermes.parse(typical, opts)),
      () => {
        for (const o of CALL_OBJECTS) do_not_optimize(JSON.parse(o));
      },
    );
    rows.push(ratioRow('with calls, hermes vs JSON.parse of payloads', c, 3));
  }
  {
    const chars = [...typical];
    const c = await compare(
      () => {
        const p = hermes.createStreamParser(opts);
        for (const ch of chars) do_not_optimize(p.push(ch));
        do_not_optimize(p.end());
      },
      () => do_not_optimize(hermes.parse(typical, opts)),
    );
    rows.push(ratioRow('stream push() 1-char chunks vs one batch parse', c, 3));
    // Not a budget: servers stream tokens (about 4 characters), which is what users see.
    const tokens: string[] = [];
    for (let i = 0; i < typical.length; i += 4) tokens.push(typical.slice(i, i + 4));
    const t = await compare(
      () => {
        const p = hermes.createStreamParser(opts);
        for (const tok of tokens) do_not_optimize(p.push(tok));
        do_not_optimize(p.end());
      },
      () => do_not_optimize(hermes.parse(typical, opts)),
    );
    rows.push({
      ...ratioRow('stream push() 4-char chunks vs one batch parse (info)', t, Infinity),
      budget: '—',
      ok: true,
    });
  }
  const MiB = 1024 * 1024;
  for (const { format, name, make } of ADVERSARIAL) {
    const handler = router.get(format);
    const half = make(MiB / 2);
    const full = make(MiB);
    handler.parse(full, opts); // warm up
    const tHalf = wallTime(() => handler.parse(half, opts));
    const tFull = wallTime(() => handler.parse(full, opts));
    const growth = tFull / tHalf;
    rows.push({
      name: `1 MiB ${format}: ${name}`,
      measured: `${tFull.toFixed(1)} ms`,
      baseline: `${tHalf.toFixed(1)} ms @512K`,
      ratio: `×${growth.toFixed(2)} for 2× input`,
      budget: '< 50 ms, ≤ ×2.5',
      // Growth is only meaningful above timer and GC noise.
      ok: tFull < 50 && (growth <= 2.5 || tFull < 5),
    });
  }
  print(rows);
  const missed = rows.filter((r) => !r.ok);
  console.log(
    missed.length === 0
      ? '\nAll budgets met.'
      : `\n${missed.length} budget(s) missed: ${missed.map((r) => r.name).join('; ')}`,
  );
  if (check && missed.length > 0) process.exitCode = 1;
}

function ratioRow(
  name: string,
  c: { subject: number; baseline: number; ratio: number },
  budget: number,
): Row {
  return {
    name,
    measured: fmtNs(c.subject),
    baseline: fmtNs(c.baseline),
    ratio: `${c.ratio.toFixed(2)}×`,
    budget: `≤ ${budget}×`,
    ok: c.ratio <= budget,
  };
}

function print(table: Row[]): void {
  const head = ['benchmark', 'toolformat (p50)', 'baseline (p50)', 'ratio', 'budget', ''];
  const body = table.map((r) => [r.name, r.measured, r.baseline, r.ratio, r.budget, r.ok ? 'ok' : 'MISSED']);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(`node ${process.version}, ${markers.length} hermes markers; medians of interleaved runs`);
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const b of body) console.log(line(b));
}

await main();
