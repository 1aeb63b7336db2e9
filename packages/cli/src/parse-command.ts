/** `toolformat parse`: one model output (or a JSONL batch with --jsonl) into calls and content. */
import type { ParseOptions, ToolDefinition } from '@toolformat/core';
import { parseCommandArgs } from './args.js';
import { type CommandContext, formatFromFlag, loadRouter } from './context.js';
import { inputFile, readInput, write } from './io.js';
import { runJsonl } from './jsonl.js';
import { toResultJson } from './result-json.js';
import { loadToolsFile } from './tool-list.js';
import { UsageError } from './usage-error.js';

const OPTIONS = {
  format: { type: 'string' },
  model: { type: 'string' },
  tools: { type: 'string' },
  config: { type: 'string' },
  jsonl: { type: 'boolean' },
} as const;

export async function parseCommand(args: readonly string[], ctx: CommandContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('parse', args, OPTIONS, 1);
  const { format, model } = values;
  if (format !== undefined && model !== undefined) {
    throw new UsageError(
      'give --format or --model, not both (--format wins over any rule, so --model would be ignored).',
      'parse',
    );
  }
  const { router } = await loadRouter(ctx, values.config);
  // An unknown --format is a config error now, before any input is read.
  if (format !== undefined) formatFromFlag(router, format);
  const tools: ToolDefinition[] | undefined =
    values.tools === undefined ? undefined : await loadToolsFile(values.tools, 'parse');
  const file = inputFile(positionals[0]);

  if (values.jsonl) {
    const errors = await runJsonl({ router, file, io: ctx.io, defaults: { format, model, tools } });
    return errors > 0 ? 1 : 0;
  }

  const { text, problem } = await readInput(file, ctx.io, 'parse');
  const opts: ParseOptions & { format?: string; model?: string } = {};
  if (format !== undefined) opts.format = format;
  if (model !== undefined) opts.model = model;
  if (tools !== undefined) opts.tools = tools;
  const json = toResultJson(router.parse(text, opts));
  // Bad bytes are the input's, not the model's markup: one issue, first, before the parse's own.
  if (problem !== null) json.issues.unshift({ kind: 'invalid-input', message: problem });
  await write(ctx.io.stdout, `${JSON.stringify(json, null, 2)}\n`);
  return 0;
}
