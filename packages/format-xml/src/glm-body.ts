/**
 * GLM-4.5 / 4.6 / 4.7: the name right after `<tool_call>`, then key/value pairs —
 *
 *   <tool_call>get_weather
 *   <arg_key>city</arg_key>
 *   <arg_value>Paris</arg_value>
 *   </tool_call>
 *
 * GLM-4.7 writes the same without newlines. Output that was JSON-escaped as a whole (sglang's
 * tests: `todo_write\n<arg_key>` with a literal backslash-n) still reads: the escapes between tags
 * are layout.
 */

import type { BodyContext, BodyIssue, BodyResult } from '@toolformat/core/kit';
import { isJsonSpace } from '@toolformat/core/kit';
import { decodeName } from './invoke-body.js';
import { ArgumentCollector, valueText } from './values.js';
import { nextTag, scanValue, type Tag, type ValueRules } from './xml-scan.js';

const isKeyOpen = (t: Tag) => !t.closing && t.local === 'arg_key';
const isValueOpen = (t: Tag) => !t.closing && t.local === 'arg_value';

const KEY_RULES: ValueRules = {
  isClose: (t) => t.closing && t.local === 'arg_key',
  canFollow: () => true,
  isStop: (t) => isValueOpen(t) || isKeyOpen(t),
};
const VALUE_RULES: ValueRules = {
  isClose: (t) => t.closing && t.local === 'arg_value',
  canFollow: (t) => t.local === 'arg_key' || t.local === 'arg_value' || t.closing,
  isStop: (t) => isKeyOpen(t),
};

/** A GLM name: no blanks inside, and not the start of JSON (that body is another format's). */
export function glmName(head: string): string | null {
  let name = head.trim();
  // A literal `\n` after the name: the whole output was escaped once.
  while (name.endsWith('\\n')) name = name.slice(0, -2).trimEnd();
  if (name === '') return null;
  const first = name.charCodeAt(0);
  if (first === 123 || first === 91 || first === 34 || first === 60) return null;
  for (let i = 0; i < name.length; i++) if (isJsonSpace(name.charCodeAt(i))) return null;
  return decodeName(name);
}

export function readGlmCall(body: string, ctx: BodyContext): BodyResult {
  const lt = body.indexOf('<');
  const nl = body.indexOf('\n');
  const headEnd = Math.min(lt === -1 ? body.length : lt, nl === -1 ? body.length : nl);
  const name = glmName(body.slice(0, headEnd));
  // Words after the tag (`like <tool_call>get_weather, and then…`): the tag named in prose.
  if (name === null) return { calls: [], notMarkup: true };
  const args = new ArgumentCollector();
  const issues: BodyIssue[] = [];
  let i = headEnd;
  let truncated = false;
  let key: string | null = null;
  let sawTag = false;
  for (;;) {
    const tag = nextTag(body, i);
    if (tag === null) break;
    sawTag = true;
    if (isKeyOpen(tag)) {
      const span = scanValue(body, tag.end, body.length, KEY_RULES);
      key = decodeName(body.slice(span.start, span.end));
      i = span.next;
      continue;
    }
    if (isValueOpen(tag)) {
      const span = scanValue(body, tag.end, body.length, VALUE_RULES);
      const text = valueText(body.slice(span.start, span.end), 'inline');
      if (key === null) {
        issues.push({
          kind: 'malformed-call',
          message: `An <arg_value> without its <arg_key> in "${name}" was dropped.`,
          raw: text,
        });
      } else {
        args.add(key, text);
      }
      key = null;
      truncated = !span.closed;
      i = span.next;
      continue;
    }
    i = tag.end;
  }
  if (key !== null) {
    issues.push({
      kind: 'partial-call',
      message: `The argument ${JSON.stringify(key)} of "${name}" has no value.`,
      raw: key,
    });
  }
  // The cut-off rule (architecture/semantics.md): with nothing after the name the name itself may
  // be cut (`<tool_call>list_d` could go on), so it is no call; a call cut inside its arguments is
  // returned with what was read, flagged `partial-call` (strict mode never returns it).
  if (!ctx.closed && !sawTag) {
    return { calls: [], error: 'the output ended right after the name, which may be cut off' };
  }
  if (truncated && !ctx.closed) {
    issues.push({
      kind: 'partial-call',
      message: 'The output ended inside a call; its last argument may be cut off.',
      raw: body,
    });
  }
  return { calls: [{ name, arguments: args.build(name, ctx, issues) }], issues };
}
