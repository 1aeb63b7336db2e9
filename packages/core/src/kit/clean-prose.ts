/**
 * The line clean-up a format's `sanitize` runs over the content the parse left: each prose line
 * cleaned by the format's rule, code left alone (architecture/semantics.md, guarantee 4), and the
 * gaps the removed lines leave closed. One pass over the lines; no regular expression.
 */
import { SPACE } from './char-codes.js';
import { proseLines } from './prose-lines.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

export interface CleanProseOptions {
  /**
   * A line the text ends with (after blank lines) that goes too: a label that headed a call the
   * parse cut out (`**TOOL CALL:**`).
   */
  dropLast?: (line: string) => boolean;
  /** Where lines were removed, at most one blank line remains between paragraphs. */
  collapseBlanks?: boolean;
  /**
   * Line keys whose whole line goes (scaffolding the parse left: `Action Input:` with no
   * `Action:` before it): a line that starts with one, after up to three spaces (Markdown's indent).
   */
  dropKeys?: readonly string[];
}

/** Whether `line` starts with one of `keys` after up to three spaces. */
function startsWithKey(line: string, keys: readonly string[]): boolean {
  let i = 0;
  while (i < 3 && charCodeAt.call(line, i) === SPACE) i++;
  return keys.some((k) => line.startsWith(k, i));
}

/**
 * `content` with every line outside code fences passed through `clean` (null drops the line; a
 * line the cleaning left blank goes too), then trimmed.
 */
export function cleanProse(
  content: string,
  clean: (line: string) => string | null,
  options: CleanProseOptions = {},
): string {
  const lines: string[] = [];
  /** Per kept line: inside (or opening or closing) a code fence, where nothing is changed. */
  const code: boolean[] = [];
  const dropKeys = options.dropKeys;
  for (const { line, code: isCode } of proseLines(content)) {
    if (!isCode && dropKeys !== undefined && startsWithKey(line, dropKeys)) continue;
    const cleaned = isCode ? line : clean(line);
    if (cleaned === null || (cleaned !== line && cleaned.trim() === '')) continue;
    lines.push(cleaned);
    code.push(isCode);
  }
  let end = lines.length;
  const dropLast = options.dropLast;
  if (dropLast !== undefined) {
    while (end > 0 && !code[end - 1] && lines[end - 1]!.trim() === '') end--;
    if (end > 0 && !code[end - 1] && dropLast(lines[end - 1]!)) end--;
  }
  if (!options.collapseBlanks) return lines.slice(0, end).join('\n').trim();
  const out: string[] = [];
  let blank = 0;
  for (let i = 0; i < end; i++) {
    const line = lines[i]!;
    if (!code[i] && line.trim() === '') {
      if (++blank > 1) continue;
    } else {
      blank = 0;
    }
    out.push(line);
  }
  return out.join('\n').trim();
}
