/** `toolformat detect`: which format a model output is written in, and how sure each format is. */
import type { Router } from '@toolformat/core';
import { parseCommandArgs } from './args.js';
import { type CommandContext, loadRouter } from './context.js';
import { inputFile, readInput, write } from './io.js';

const OPTIONS = { config: { type: 'string' } } as const;

export interface DetectJson {
  format: string | null;
  scores: Array<{ id: string; score: number }>;
}

export async function detectCommand(args: readonly string[], ctx: CommandContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('detect', args, OPTIONS, 1);
  const { router } = await loadRouter(ctx, values.config);
  const text = await readInput(inputFile(positionals[0]), ctx.io, 'detect');
  await write(ctx.io.stdout, `${JSON.stringify(detectFormats(router, text), null, 2)}\n`);
  return 0;
}

/** Every format's detect score, surest first (ties by id); `format` is the surest one scoring above 0. */
export function detectFormats(router: Router, text: string): DetectJson {
  const scores = router
    .formats()
    .map(({ id }) => ({ id, score: safeScore(() => router.get(id).detect(text)) }))
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
  const best = scores[0];
  return { format: best && best.score > 0 ? best.id : null, scores };
}

// detect is documented as cheap and total, but it is third-party code: a throw or NaN is "not sure".
function safeScore(f: () => number): number {
  try {
    const s = f();
    return Number.isFinite(s) ? Math.min(1, Math.max(0, s)) : 0;
  } catch {
    return 0;
  }
}
