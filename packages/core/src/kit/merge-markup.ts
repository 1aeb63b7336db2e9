/**
 * Auto mode as one scan: the markups of every registered format merged into one. Where two
 * formats open a block with the same marker (`<tool_call>` is JSON for Hermes, XML for
 * Qwen3-Coder and GLM), the merged block tries their body parsers in priority order and keeps
 * the first that yields calls. Because auto mode is itself a markup, its streaming equals its
 * batch parse and stays linear, like every single format.
 */

import { oneShape } from './engine/compiled.js';
import { declaredOrExact } from './exact-call-shape.js';
import { sharingJsonEnds } from './json-scan.js';
import type {
  BlockSpec,
  BodyContext,
  BodyParser,
  BodyResult,
  MarkupSpec,
  ReasoningSpec,
  WholeOutputSpec,
} from './markup-spec.js';
import { THINK_REASONING } from './markup-spec.js';

function asList<T extends string>(v: T | readonly T[] | undefined): readonly T[] {
  return v === undefined ? [] : typeof v === 'string' ? [v] : v;
}

function unionBody(blocks: readonly BlockSpec[], fallbackFormat: (b: BlockSpec) => string): BodyParser {
  if (blocks.length === 1) {
    const only = blocks[0]!;
    return (body, ctx) => oneShape(only.body(body, ctx), fallbackFormat(only));
  }
  return (body, ctx) => {
    let first: BodyResult | null = null;
    for (const block of blocks) {
      let r: BodyResult;
      try {
        r = block.body(body, ctx);
      } catch {
        continue;
      }
      r = oneShape(r, fallbackFormat(block));
      if (r.error === undefined && (r.calls.length > 0 || r.text !== undefined)) return r;
      first ??= r;
    }
    return first ?? { calls: [], error: 'no format could read the block' };
  };
}

/** The group's announcements: the first format that names a call (JSON in `<tool_call>`, or XML). */
function unionAnnounce(blocks: readonly BlockSpec[]): BlockSpec['announce'] {
  const announces = blocks.flatMap((b) => (b.announce === undefined ? [] : [b.announce]));
  if (announces.length <= 1) return announces[0];
  return (prefix, open) => {
    for (const announce of announces) {
      const said = announce(prefix, open);
      if (said !== null && said !== '') return said;
    }
    return null;
  };
}

export function mergeMarkup(
  id: string,
  specs: readonly MarkupSpec[],
  /** `specs[0]` is the model's own format: all its blocks, labels and whole form take part. */
  options: { trusted?: boolean } = {},
): MarkupSpec {
  const trusted = options.trusted === true ? specs[0] : undefined;
  const formatOf = new Map<BlockSpec, string>();
  const byOpen = new Map<string, BlockSpec[]>();
  const byFence = new Map<string, BlockSpec[]>();
  const reasoning: ReasoningSpec[] = [];
  const seenReasoning = new Map<string, number>();
  const strip = new Set<string>();
  const separators = new Set<string>();
  const wholes: WholeOutputSpec[] = [];
  for (const spec of specs) {
    for (const block of spec.blocks) {
      if (block.auto === false && spec !== trusted) continue;
      const taken: BlockSpec =
        block.auto === 'strong' && spec !== trusted ? { ...block, evidence: 'strong' } : block;
      formatOf.set(taken, block.format ?? spec.id);
      for (const open of asList(block.open)) byOpen.set(open, [...(byOpen.get(open) ?? []), taken]);
      for (const info of asList(block.fence)) byFence.set(info, [...(byFence.get(info) ?? []), taken]);
    }
    for (const r of spec.reasoning ?? [THINK_REASONING]) {
      // Formats that open reasoning alike may close it differently (Kimi's section token also
      // ends a `<think>`): the merged block closes at any of their close markers.
      const key = r.open.join('\u0000');
      const at = seenReasoning.get(key);
      if (at === undefined) {
        seenReasoning.set(key, reasoning.length);
        reasoning.push(r);
      } else {
        const known = reasoning[at]!;
        const close = [...new Set([...known.close, ...r.close])];
        const before = [...new Set([...(known.closeBefore ?? []), ...(r.closeBefore ?? [])])];
        if (close.length > known.close.length || before.length > (known.closeBefore?.length ?? 0))
          reasoning[at] = { ...known, close, ...(before.length > 0 ? { closeBefore: before } : {}) };
      }
    }
    for (const s of spec.strip ?? []) strip.add(s);
    for (const s of spec.separators ?? []) separators.add(s);
    if (spec.whole?.onlyDeclaredTools || (spec === trusted && spec.whole))
      wholes.push({ ...spec.whole, format: spec.whole.format ?? spec.id });
  }
  const fmt = (b: BlockSpec) => formatOf.get(b) ?? id;
  const blocks: BlockSpec[] = [];
  for (const [open, group] of byOpen) {
    const lead = group[0]!;
    // A prose check may only reject what no format of the group could read.
    const bodyStart = group.every((b) => b.bodyStart !== undefined)
      ? [...new Set(group.map((b) => b.bodyStart).join(''))].join('')
      : undefined;
    const tight = [...new Set(group.map((b) => b.bodyStartTight ?? '').join(''))].join('');
    // A JSON guard only acts on bodies that start as JSON, so it can serve the whole group.
    const guard = group.some((b) => b.guard === 'json') ? 'json' : undefined;
    // A string guard serves a group only where every format of it writes such strings.
    const strings = group.every((b) => b.strings !== undefined)
      ? [...new Set(group.flatMap((b) => b.strings ?? []))]
      : undefined;
    const trailing = group.find((b) => b.trailing !== undefined)?.trailing;
    const announce = unionAnnounce(group);
    blocks.push({
      ...lead,
      open,
      fence: undefined,
      format: undefined,
      bodyStart,
      bodyStartTight: bodyStart !== undefined && tight !== '' ? tight : undefined,
      guard,
      strings,
      trailing,
      ...(announce === undefined ? {} : { announce }),
      body: unionBody(group, fmt),
    });
  }
  for (const [info, group] of byFence) {
    const lead = group[0]!;
    blocks.push({ ...lead, open: undefined, fence: info, format: undefined, body: unionBody(group, fmt) });
  }
  const whole = unionWhole(wholes);
  // A token one format separates messages with and another strips is a separator.
  for (const s of separators) strip.delete(s);
  return {
    id,
    blocks,
    ...(trusted ? { trusted: trusted.id, labels: trusted.labels } : {}),
    reasoning,
    strip: [...strip],
    ...(separators.size > 0 ? { separators: [...separators] } : {}),
    ...(whole ? { whole } : {}),
  };
}

/**
 * Several formats read a bare output (a JSON list, a pythonic list): in auto mode each is tried in
 * priority order, and the first whose calls all name declared tools (or, without tools, all have
 * the exact call shape) wins. Each is told it reads for auto mode (`BodyContext.auto`).
 */
function unionWhole(wholes: readonly WholeOutputSpec[]): WholeOutputSpec | undefined {
  if (wholes.length === 0) return undefined;
  const startChars = [...new Set(wholes.map((w) => w.startChars).join(''))].join('');
  return {
    startChars,
    // Each whole form keeps its own rule (a trusted format's may read any call): checked below.
    onlyDeclaredTools: wholes.every((w) => w.onlyDeclaredTools === true),
    body: (text, ctx) => sharingJsonEnds(() => readWhole(wholes, text, ctx)),
  };
}

/** The whole-output forms `wholes` tried in turn on `text` (see unionWhole). */
function readWhole(wholes: readonly WholeOutputSpec[], text: string, ctx: BodyContext): BodyResult {
  const first = text.trimStart()[0] ?? '';
  // A reading that leaves text after its calls may have stopped at a separator another
  // format knows (`{…}; {…}`): the first reading of the whole output wins, else the one
  // with the most calls.
  let partial: BodyResult | null = null;
  for (const w of wholes) {
    if (!w.startChars.includes(first)) continue;
    let r: BodyResult;
    try {
      r = w.body(text, { ...ctx, auto: true });
    } catch {
      continue;
    }
    if (r.error !== undefined || r.calls.length === 0) continue;
    if (w.onlyDeclaredTools && !declaredOrExact(r, ctx.options)) continue;
    const read = { ...r, format: r.format ?? w.format, exactShape: true };
    if (r.text === undefined || r.text.trim() === '') return read;
    if (partial === null || r.calls.length > partial.calls.length) partial = read;
  }
  return partial ?? { calls: [], error: 'no format reads this output as calls to declared tools' };
}
