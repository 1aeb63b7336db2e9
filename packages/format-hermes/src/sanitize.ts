/**
 * Clean-up after the parser has cut the blocks out (a malformed-call proposal): what the parse leaves that a user
 * should still not see —
 *  - labels the model put before a call, `**TOOL CALL:**`, `Function call:` (a line of their own,
 *    or the end of a line): removed where a block was cut out right after them
 *    (`stripTrailingLabel`, applied by the handler at every cut), or at the very end;
 *  - stray tags of the family (a `</tool_call>` without an opening, a prose `<tool_call>`);
 *  - a line that is nothing but a JSON call `{"name": …, "arguments": …}` the parse did not take
 *    (no tools declared).
 * Code is left alone (architecture/semantics.md, guarantee 4): fenced blocks and inline code spans pass unchanged.
 * One pass over the lines; no regular expression.
 */
import { isPlainObject, proseLines, removeStrayMarkers } from '@toolformat/core/kit';

/** Tags of this family, removed wherever they stand outside code. */
const STRAY_TAGS = [
  '<tool_call>',
  '</tool_call>',
  '<tool_calls>',
  '</tool_calls>',
  '<tools>',
  '</tools>',
  '<function_call>',
  '</function_call>',
  '<function>',
  '</function>',
  '<toolcall>',
  '</toolcall>',
  '<TOOLCALL>',
  '</TOOLCALL>',
  '<longcat_tool_call>',
  '</longcat_tool_call>',
  '<|tool_call|>',
  '<|/tool_call|>',
  '<|tool_call_start|>',
  '<|tool_call_end|>',
  '<|tools_prefix|>',
  '<|tools_suffix|>',
  '<|action_start|>',
  '<|action_end|>',
  '<|plugin|>',
];

/** Label words, compared after markdown decoration and case are stripped. */
const LABELS = new Set([
  'tool call',
  'tool calls',
  'tool_call',
  'tool_calls',
  'function call',
  'function calls',
  'function_call',
  'tool use',
  'calling tool',
  'tool request',
]);

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

/** True when `s` is only a label (with decoration), e.g. `**TOOL CALL:**`. */
export function isLabel(s: string): boolean {
  const core = stripDecoration(s).toLowerCase();
  return core.length > 0 && core.length <= 20 && LABELS.has(core);
}

/**
 * A label at the end of a line of prose: `I'll create it now. **TOOL CALL:**`. Returns the line
 * without it, or null when the line does not end in one. Only a label ending in `:` (possibly
 * inside emphasis) counts, so prose that merely ends with the words "tool call" is kept.
 */
function withoutTrailingLabel(line: string): string | null {
  const trimmed = line.trimEnd();
  let end = trimmed.length;
  while (end > 0 && (trimmed[end - 1] === '*' || trimmed[end - 1] === '_')) end--;
  if (trimmed[end - 1] !== ':') return null;
  for (const label of LABELS) {
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

/** A line that is one JSON call (strict JSON, a `name` and `arguments`/`parameters`). */
function isBareJsonCall(line: string): boolean {
  const t = line.trim();
  if (!((t.startsWith('{') && t.endsWith('}')) || (t.startsWith('[{') && t.endsWith('}]')))) return false;
  let value: unknown;
  try {
    value = JSON.parse(t);
  } catch {
    return false;
  }
  const items = Array.isArray(value) ? value : [value];
  return (
    items.length > 0 &&
    items.every(
      (v) =>
        isPlainObject(v) &&
        typeof v.name === 'string' &&
        (Object.hasOwn(v, 'arguments') || Object.hasOwn(v, 'parameters')),
    )
  );
}

/**
 * Removes a label that ends `text` (a line of its own, or the end of a line): the handler calls
 * this wherever the parser cut a block out, so that `**TOOL CALL:**` goes with the call it heads.
 */
export function stripTrailingLabel(text: string): string {
  const trimmed = text.trimEnd();
  const lineStart = trimmed.lastIndexOf('\n') + 1;
  const last = trimmed.slice(lineStart);
  // The line breaks before a label line are kept: they still separate what came before from what follows.
  if (isLabel(last)) return trimmed.slice(0, lineStart);
  const shortened = withoutTrailingLabel(last);
  return shortened === null ? text : trimmed.slice(0, lineStart) + shortened;
}

/** The clean-up described at the top, applied to content the parser left. */
export function sanitizeContent(content: string): string {
  const lines: string[] = [];
  /** Per line: inside (or opening or closing) a code fence, where nothing is changed. */
  const code: boolean[] = [];
  for (const { line, code: isCode } of proseLines(content)) {
    if (isCode) {
      lines.push(line);
      code.push(true);
      continue;
    }
    const cleaned = removeStrayMarkers(line, STRAY_TAGS);
    if (cleaned !== line && cleaned.trim() === '') continue;
    if (isBareJsonCall(cleaned)) continue;
    lines.push(cleaned);
    code.push(false);
  }
  // A label standing before nothing at the end: its block was cut out.
  let end = lines.length;
  while (end > 0 && !code[end - 1] && lines[end - 1]!.trim() === '') end--;
  if (end > 0 && !code[end - 1] && isLabel(lines[end - 1]!)) end--;
  const out: string[] = [];
  let blank = 0;
  for (let i = 0; i < end; i++) {
    const line = lines[i]!;
    if (!code[i] && line.trim() === '') {
      // Where lines were removed, at most one blank line remains between paragraphs.
      if (++blank > 1) continue;
    } else {
      blank = 0;
    }
    out.push(line);
  }
  return out.join('\n').trim();
}
