/**
 * Labels a model writes before a call (`**TOOL CALL:**`, `Function call:`, a line of their own or
 * the end of a line): what the parse leaves of them once the call is cut out should not reach the
 * user either. A format declares its label words; the matching is here. No regular expression.
 */

/** A format's call labels: the words, compared after markdown decoration and case are stripped. */
export interface CallLabels {
  /** True when `line` is only a label (with decoration), e.g. `**TOOL CALL:**`. */
  isLabel(line: string): boolean;
  /**
   * `text` without a label that ends it (a line of its own, or the end of a line): a handler calls
   * this wherever the parser cut a block out, so that `**TOOL CALL:**` goes with the call it heads.
   */
  stripTrailing(text: string): string;
}

/** Markdown decoration around a label: `**TOOL CALL:**`, `### Tool call`, `_Function call_:`. */
function isDecoration(ch: string): boolean {
  return (
    ch === '*' ||
    ch === '_' ||
    ch === '#' ||
    ch === ':' ||
    ch === ' ' ||
    ch === '\t' ||
    ch === '>' ||
    ch === '-'
  );
}

function stripDecoration(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isDecoration(s[a]!)) a++;
  while (b > a && isDecoration(s[b - 1]!)) b--;
  return s.slice(a, b);
}

/**
 * A label at the end of a line of prose: `I'll create it now. **TOOL CALL:**`. Returns the line
 * without it, or null when the line does not end in one. Only a label ending in `:` (possibly
 * inside emphasis) counts, so prose that merely ends with the words "tool call" is kept.
 */
function withoutTrailingLabel(line: string, labels: ReadonlySet<string>): string | null {
  const trimmed = line.trimEnd();
  let end = trimmed.length;
  while (end > 0 && (trimmed[end - 1] === '*' || trimmed[end - 1] === '_')) end--;
  if (trimmed[end - 1] !== ':') return null;
  for (const label of labels) {
    const start = end - 1 - label.length;
    if (start < 0) continue;
    if (trimmed.slice(start, end - 1).toLowerCase() !== label) continue;
    let cut = start;
    while (cut > 0 && (trimmed[cut - 1] === '*' || trimmed[cut - 1] === '_')) cut--;
    if (cut > 0 && trimmed[cut - 1] !== ' ' && trimmed[cut - 1] !== '\t') continue;
    return trimmed.slice(0, cut).trimEnd();
  }
  return null;
}

function stripTrailingLabel(
  text: string,
  labels: ReadonlySet<string>,
  isLabel: (line: string) => boolean,
): string {
  const trimmed = text.trimEnd();
  const lineStart = trimmed.lastIndexOf('\n') + 1;
  const last = trimmed.slice(lineStart);
  // The line breaks before a label line are kept: they still separate what came before from what follows.
  if (isLabel(last)) return trimmed.slice(0, lineStart);
  const shortened = withoutTrailingLabel(last, labels);
  return shortened === null ? text : trimmed.slice(0, lineStart) + shortened;
}

/** The labels of these words (lower case, as compared). */
export function callLabels(words: readonly string[]): CallLabels {
  const labels: ReadonlySet<string> = new Set(words);
  const isLabel = (line: string): boolean => {
    const core = stripDecoration(line).toLowerCase();
    return core.length > 0 && core.length <= 20 && labels.has(core);
  };
  return { isLabel, stripTrailing: (text) => stripTrailingLabel(text, labels, isLabel) };
}
