/**
 * Clean-up after the parser has cut the blocks out: stray tags of the family that did not open a
 * block (a `</tool_call>` after a bare `<function=…>`, a lone `</function_calls>` or `</invoke>`)
 * are removed, and where a line held nothing else, the line goes too. Code is left alone
 * (architecture/semantics.md, guarantee 4): fenced blocks and inline code spans pass unchanged. One pass over the
 * lines; no regular expression.
 */
import { proseLines, removeStrayMarkers } from '@toolformat/core/kit';
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
  '</param>',
  `</${CLAUDE_NS}:parameter>`,
  '<｜tool_calls_end｜>',
  '<｜tool_call_end｜>',
  '<｜tool_sep｜>',
];

export function sanitizeContent(content: string): string {
  if (content.indexOf('<') === -1) return content;
  const out: string[] = [];
  for (const { line, code } of proseLines(content)) {
    if (code) {
      out.push(line);
      continue;
    }
    const cleaned = removeStrayMarkers(line, STRAY_TAGS);
    if (cleaned !== line && cleaned.trim() === '') continue;
    out.push(cleaned);
  }
  return out.join('\n').trim();
}
