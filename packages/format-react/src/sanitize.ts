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
  const out = line.includes('<co') ? removeCitations(line) : line;
  if (!out.includes('✿')) return out;
  let cleaned = out;
  for (const m of STRAY_MARKERS) cleaned = cleaned.split(m).join('');
  return cleaned;
}

const CITE_OPEN = '<co>';
const CITE_CLOSE = '</co:';

/**
 * Command A's grounded answer marks its citations inline, `<co>bar</co: 0:[1,2],1:[3,4]>`: the
 * cited text stays, the tags go (vLLM's `cohere_command3` / `cohere_command4` answer is the text).
 * A close is `</co:` then only digits, blanks, `:`, `,`, `[`, `]` up to `>`; an open tag counts
 * only when such a close follows it. One forward scan per tag.
 */
export function removeCitations(line: string): string {
  const closed = removeCloses(line);
  // Without a close, a `<co>` is text: the line stays as written.
  return closed === line ? line : closed.split(CITE_OPEN).join('');
}

function removeCloses(line: string): string {
  let out = '';
  let last = 0;
  for (let i = line.indexOf(CITE_CLOSE); i !== -1; i = line.indexOf(CITE_CLOSE, i + 1)) {
    let p = i + CITE_CLOSE.length;
    while (p < line.length && isCitationChar(line.charCodeAt(p))) p++;
    if (p >= line.length || line.charCodeAt(p) !== 62 /* > */) continue;
    out += line.slice(last, i);
    last = p + 1;
    i = p;
  }
  return last === 0 ? line : out + line.slice(last);
}

function isCitationChar(c: number): boolean {
  // digits, space, `:`, `,`, `[`, `]`
  return (c >= 48 && c <= 58) || c === 32 || c === 44 || c === 91 || c === 93;
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
