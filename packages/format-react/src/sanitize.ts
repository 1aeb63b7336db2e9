/**
 * Clean-up after the parser cut the blocks out: ReAct scaffolding the parse leaves because it is
 * not a call — an `Action Input:` line with no `Action:` before it, a stray `✿ARGS✿` marker — never
 * reaches the user. Code is left alone (architecture/semantics.md, guarantee 4): fenced blocks pass unchanged.
 * One pass over the lines; no regular expression.
 */

/** Line keys whose whole line is scaffolding wherever it stands outside code. */
const SCAFFOLD_KEYS = ['Action Input:', 'Action input:', 'Thought:', 'Action:', 'Observation:'];
/** Markers removed wherever they stand outside code. */
const STRAY_MARKERS = ['✿ARGS✿:', '✿ARGS✿', '✿RESULT✿:', '✿RESULT✿', '✿FUNCTION✿:', '✿FUNCTION✿'];

function fenceTicks(line: string): number {
  let i = 0;
  while (i < 3 && line[i] === ' ') i++;
  let ticks = 0;
  while (line[i + ticks] === '`') ticks++;
  return ticks >= 3 ? ticks : 0;
}

function isScaffold(line: string): boolean {
  let i = 0;
  while (i < 3 && line[i] === ' ') i++;
  return SCAFFOLD_KEYS.some((k) => line.startsWith(k, i));
}

function removeMarkers(line: string): string {
  if (!line.includes('✿')) return line;
  let out = line;
  for (const m of STRAY_MARKERS) out = out.split(m).join('');
  return out;
}

export function sanitizeContent(content: string): string {
  const out: string[] = [];
  let fence = 0;
  let blank = 0;
  for (const line of content.split('\n')) {
    const ticks = fenceTicks(line);
    if (fence > 0 || ticks > 0) {
      if (fence === 0) fence = ticks;
      else if (ticks >= fence && line.trim() === '`'.repeat(ticks)) fence = 0;
      out.push(line);
      blank = 0;
      continue;
    }
    if (isScaffold(line)) continue;
    const cleaned = removeMarkers(line);
    if (cleaned.trim() === '') {
      // Where lines were removed, at most one blank line remains between paragraphs.
      if (cleaned !== line || ++blank > 1) continue;
    } else {
      blank = 0;
    }
    out.push(cleaned);
  }
  return out.join('\n').trim();
}
