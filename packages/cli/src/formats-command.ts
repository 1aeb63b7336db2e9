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
    ...formats.map((f) => [f.id, wrapList(f.aliases), wrapList(f.variants), wrapList(f.modelPatterns)]),
  ];
  return renderTable(rows);
}

/** Comma-separated, wrapped at `width` so a format with thirty patterns stays a readable table. */
export function wrapList(items: readonly string[], width = 40): string {
  if (items.length === 0) return '-';
  const lines: string[] = [];
  let line = '';
  for (const [i, item] of items.entries()) {
    const piece = i < items.length - 1 ? `${item},` : item;
    if (line !== '' && line.length + 1 + piece.length > width) {
      lines.push(line);
      line = piece;
    } else {
      line = line === '' ? piece : `${line} ${piece}`;
    }
  }
  lines.push(line);
  return lines.join('\n');
}

/** Left-aligned columns, two spaces apart; a cell may hold several lines; the last column is not padded. */
export function renderTable(rows: readonly (readonly string[])[]): string {
  const split = rows.map((row) => row.map((cell) => cell.split('\n')));
  const widths: number[] = [];
  for (const row of split) {
    for (const [i, cell] of row.entries()) widths[i] = Math.max(widths[i] ?? 0, ...cell.map((l) => l.length));
  }
  const out: string[] = [];
  for (const row of split) {
    const height = Math.max(...row.map((cell) => cell.length));
    for (let n = 0; n < height; n++) {
      const last = row.length - 1;
      out.push(
        row
          .map((cell, i) => (i === last ? (cell[n] ?? '') : (cell[n] ?? '').padEnd(widths[i] ?? 0)))
          .join('  ')
          .trimEnd(),
      );
    }
  }
  return `${out.join('\n')}\n`;
}
