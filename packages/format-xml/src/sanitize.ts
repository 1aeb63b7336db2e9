/**
 * Clean-up after the parser has cut the blocks out: stray tags of the family that did not open a
 * block (a `</tool_call>` after a bare `<function=…>`, a lone `</function_calls>` or `</invoke>`)
 * are removed, and where a line held nothing else, the line goes too. Code is left alone
 * (DESIGN.md semantics 4): fenced blocks and inline code spans pass unchanged. One pass over the
 * lines; no regular expression.
 */
import { CLAUDE_NS } from './markup.js';

const STRAY_TAGS = [
  '</function_calls>',
  `</${CLAUDE_NS}:function_calls>`,
  '</minimax:tool_call>',
  '</seed:tool_call>',
  '</tool_call>',
  '</function>',
  '</invoke>',
  `</${CLAUDE_NS}:invoke>`,
  '</steptml:invoke>',
  '</parameter>',
  `</${CLAUDE_NS}:parameter>`,
  '<｜tool_calls_end｜>',
  '<｜tool_call_end｜>',
  '<｜tool_sep｜>',
];

function removeStrayTags(line: string): string {
  if (line.indexOf('<') === -1) return line;
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
    if (ch === '<') {
      const tag = STRAY_TAGS.find((t) => line.startsWith(t, i));
      if (tag !== undefined) {
        i += tag.length;
        continue;
      }
    }
    out += ch;
    i++;
  }
  return out;
}

function fenceTicks(line: string): number {
  let i = 0;
  while (i < 3 && line[i] === ' ') i++;
  let ticks = 0;
  while (line[i + ticks] === '`') ticks++;
  return ticks >= 3 ? ticks : 0;
}

export function sanitizeContent(content: string): string {
  if (content.indexOf('<') === -1) return content;
  const out: string[] = [];
  let fence = 0;
  for (const line of content.split('\n')) {
    const ticks = fenceTicks(line);
    if (fence > 0 || ticks > 0) {
      if (fence === 0) fence = ticks;
      else if (ticks >= fence && line.trim() === '`'.repeat(ticks)) fence = 0;
      out.push(line);
      continue;
    }
    const cleaned = removeStrayTags(line);
    if (cleaned !== line && cleaned.trim() === '') continue;
    out.push(cleaned);
  }
  return out.join('\n').trim();
}
