/** `toolformat formats`: what is registered — ids, aliases, variants and model patterns. */
import type { FormatInfo } from '@toolformat/core';
import { parseCommandArgs } from './args.js';
import { type CommandContext, loadRouter } from './context.js';
import { write } from './io.js';

const OPTIONS = { config: { type: 'string' }, text: { type: 'boolean' } } as const;

export async function formatsCommand(args: readonly string[], ctx: CommandContext): Promise<number> {
  const { values } = parseCommandArgs('formats', args, OPTIONS, 0);
  const { router } = await loadRouter(ctx, values.config);
  const formats = router.formats();
  await write(ctx.io.stdout, values.text ? formatsTable(formats) : `${JSON.stringify(formats, null, 2)}\n`);
  return 0;
}

export function formatsTable(formats: readonly FormatInfo[]): string {
  const rows = [
    ['ID', 'ALIASES', 'VARIANTS', 'MODEL PATTERNS'],
    ...formats.map((f) => [f.id, list(f.aliases), list(f.variants), list(f.modelPatterns)]),
  ];
  return renderTable(rows);
}

const list = (items: readonly string[]) => (items.length > 0 ? items.join(', ') : '-');

/** Left-aligned columns, two spaces apart; the last column is not padded. */
export function renderTable(rows: readonly (readonly string[])[]): string {
  const widths: number[] = [];
  for (const row of rows) {
    for (const [i, cell] of row.entries()) widths[i] = Math.max(widths[i] ?? 0, cell.length);
  }
  return rows
    .map((row) =>
      row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  '),
    )
    .join('\n')
    .concat('\n');
}
