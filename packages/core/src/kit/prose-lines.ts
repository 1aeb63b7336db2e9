/**
 * Line-level clean-up helpers for `sanitize`: the lines of a text with code fences marked (code is
 * never changed, architecture/semantics.md, guarantee 4), and removal of stray markers outside inline code spans.
 * One pass; no regular expressions.
 */

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/** The backticks that open or close a fence at the start of `line` (after up to 3 spaces), or 0. */
export function fenceTicks(line: string): number {
  let i = 0;
  while (i < 3 && line[i] === ' ') i++;
  let ticks = 0;
  while (line[i + ticks] === '`') ticks++;
  return ticks >= 3 ? ticks : 0;
}

/** The lines of `text`, each marked `code` when it opens, closes or sits inside a fence. */
export function proseLines(text: string): Array<{ line: string; code: boolean }> {
  const out: Array<{ line: string; code: boolean }> = [];
  let fence = 0;
  for (const line of text.split('\n')) {
    const ticks = fenceTicks(line);
    if (fence > 0 || ticks > 0) {
      if (fence === 0) fence = ticks;
      else if (ticks >= fence && line.trim() === '`'.repeat(ticks)) fence = 0;
      out.push({ line, code: true });
    } else {
      out.push({ line, code: false });
    }
  }
  return out;
}

/** `line` without the given markers, except inside inline code spans. */
export function removeStrayMarkers(line: string, markers: readonly string[]): string {
  let out = '';
  let i = 0;
  const n = line.length;
  while (i < n) {
    const ch = line[i]!;
    if (ch === '`') {
      let ticks = 0;
      while (i + ticks < n && line[i + ticks] === '`') ticks++;
      const close = line.indexOf('`'.repeat(ticks), i + ticks);
      const end = close === -1 ? i + ticks : close + ticks;
      out += line.slice(i, end);
      i = end;
      continue;
    }
    const marker = markers.find(
      (m) => charCodeAt.call(m, 0) === charCodeAt.call(line, i) && line.startsWith(m, i),
    );
    if (marker !== undefined) {
      i += marker.length;
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}

/**
 * Content with stray tokens removed outside code (a token that opened nothing: an argument token
 * without its call, a chat-turn token a server left in); a line that held nothing else goes too.
 * Fenced blocks and inline code pass unchanged (architecture/semantics.md, guarantee 4). One pass over the lines.
 */
export function removeStrayTokens(content: string, tokens: readonly string[]): string {
  const out: string[] = [];
  for (const { line, code } of proseLines(content)) {
    if (code) {
      out.push(line);
      continue;
    }
    const cleaned = removeStrayMarkers(line, tokens);
    if (cleaned !== line && cleaned.trim() === '') continue;
    out.push(cleaned);
  }
  return out.join('\n').trim();
}
