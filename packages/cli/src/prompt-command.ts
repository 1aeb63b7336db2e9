/** `toolformat prompt`: the system prompt that teaches a model a format, and where to stop it. */
import type { ToolFormatHandler } from '@toolformat/core';
import { parseCommandArgs } from './args.js';
import { type CommandContext, formatFromFlag, loadRouter } from './context.js';
import { write } from './io.js';
import { loadToolsFile } from './tool-list.js';
import { UsageError } from './usage-error.js';

const OPTIONS = {
  format: { type: 'string' },
  model: { type: 'string' },
  tools: { type: 'string' },
  config: { type: 'string' },
  text: { type: 'boolean' },
} as const;

export interface PromptJson {
  format: string;
  systemPrompt: string;
  stop: string[];
}

export async function promptCommand(args: readonly string[], ctx: CommandContext): Promise<number> {
  const { values } = parseCommandArgs('prompt', args, OPTIONS, 0);
  const { format, model } = values;
  if (format === undefined && model === undefined) {
    throw new UsageError(
      'say which format to teach: --format ID (see `toolformat formats`) or --model NAME.',
      'prompt',
    );
  }
  if (format !== undefined && model !== undefined)
    throw new UsageError('give --format or --model, not both.', 'prompt');
  if (values.tools === undefined) {
    throw new UsageError(
      'give the tools to teach with --tools FILE (a JSON array of tool definitions).',
      'prompt',
    );
  }
  const { router } = await loadRouter(ctx, values.config);
  let handler: ToolFormatHandler;
  let stop: string[];
  if (format !== undefined) {
    handler = formatFromFlag(router, format);
    stop = handler.stopSequences();
  } else {
    const resolved = router.resolveModel(model as string);
    handler = resolved.handler;
    stop = resolved.stop;
  }
  const tools = await loadToolsFile(values.tools, 'prompt');
  // auto throws a ToolFormatConfigError here ("auto only reads output"): main prints it, exit 2.
  const out: PromptJson = { format: handler.id, systemPrompt: handler.systemPrompt(tools), stop };
  await write(
    ctx.io.stdout,
    values.text
      ? `${out.systemPrompt}\n\nStop sequences:\n${out.stop.map((s) => `  ${JSON.stringify(s)}`).join('\n') || '  (none)'}\n`
      : `${JSON.stringify(out, null, 2)}\n`,
  );
  return 0;
}
