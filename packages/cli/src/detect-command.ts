/** `toolformat detect`: which format a model output is written in, and how sure each format is. */
import { readFile } from 'node:fs/promises';
import { type Router, ToolFormatConfigError } from '@toolformat/core';
import { readGgufChatTemplate } from '@toolformat/core/node';
import type { TemplateResolution } from '@toolformat/core/template';
import { parseCommandArgs } from './args.js';
import { type CommandContext, loadRouter } from './context.js';
import { inputFile, readInput, write } from './io.js';

const OPTIONS = {
  config: { type: 'string' },
  template: { type: 'string' },
  gguf: { type: 'string' },
} as const;

/** What `detect --template FILE` / `--gguf FILE` prints: the format the chat template writes, and why. */
export interface TemplateJson {
  format: string | null;
  variant: string | null;
  /** The handler id (`hermes:qwen`), or null. */
  handler: string | null;
  method: TemplateResolution['method'];
  reason: string;
  candidates: TemplateResolution['candidates'];
}

export interface DetectJson {
  format: string | null;
  scores: Array<{ id: string; score: number }>;
}

export async function detectCommand(args: readonly string[], ctx: CommandContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('detect', args, OPTIONS, 1);
  const { router } = await loadRouter(ctx, values.config);
  if (values.template !== undefined || values.gguf !== undefined) {
    const source =
      values.gguf !== undefined ? await ggufTemplate(values.gguf) : await templateFile(values.template!);
    const r = await router.forTemplate(source);
    const out: TemplateJson = {
      format: r.format,
      variant: r.variant ?? null,
      handler: r.handler?.id ?? null,
      method: r.method,
      reason: r.reason,
      candidates: r.candidates,
    };
    await write(ctx.io.stdout, `${JSON.stringify(out, null, 2)}\n`);
    return 0;
  }
  const { text, problem } = await readInput(inputFile(positionals[0]), ctx.io, 'detect');
  // detect's output has no issues: the warning goes to stderr, once.
  if (problem !== null) await write(ctx.io.stderr, `toolformat: warning: ${problem}\n`);
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

async function templateFile(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new ToolFormatConfigError(`--template: cannot read '${file}': ${(error as Error).message}`, {
      file,
    });
  }
}

async function ggufTemplate(file: string): Promise<string> {
  const source = await readGgufChatTemplate(file);
  if (source === null)
    throw new ToolFormatConfigError(`--gguf: '${file}' has no tokenizer.chat_template in its metadata.`, {
      file,
    });
  return source;
}
