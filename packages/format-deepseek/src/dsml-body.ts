/**
 * DeepSeek V3.2 / V4 "DSML" calls:
 *
 *   <｜DSML｜function_calls>            (V4: <｜DSML｜tool_calls>)
 *   <｜DSML｜invoke name="get_weather">
 *   <｜DSML｜parameter name="location" string="true">Paris</｜DSML｜parameter>
 *   </｜DSML｜invoke>
 *   </｜DSML｜function_calls>
 *
 * Several invokes per block; a missing `</｜DSML｜invoke>` or `</｜DSML｜parameter>` ends at the
 * next tag that cannot be inside it; an invoke whose body is a JSON object (SGLang's tests show
 * models write that) takes it as the arguments. Values are typed in values.ts.
 */
import {
  type BodyContext,
  type BodyIssue,
  type BodyResult,
  opensProse,
  type RawCall,
} from '@toolformat/core/kit';
import { type DsmlTag, dsml, Finder, nextTag } from './dsml-scan.js';
import { buildArguments, type Param } from './values.js';

export function dsmlBody(format: string | undefined, bare = false) {
  return (body: string, ctx: BodyContext): BodyResult => {
    // A bare invoke block starts inside its open tag: read it with the tag put back.
    const text = bare ? ctx.open + body : body;
    const calls: RawCall[] = [];
    const issues: BodyIssue[] = [];
    const limit = text.length;
    const valueEnds = new Finder(text, [
      ...dsml('parameter', true),
      ...dsml('invoke', true),
      ...dsml('parameter', false, ' '),
      ...dsml('invoke', false, ' '),
    ]);
    let sawInvoke = false;
    let cutOff = false;
    let tag = nextTag(text, 0, limit);
    while (tag !== null) {
      if (tag.closing || tag.local !== 'invoke') {
        tag = nextTag(text, tag.end, limit);
        continue;
      }
      // `<｜DSML｜invoke name="search"> with <｜DSML｜parameter …> children`: the tag named in a
      // sentence (prose follows it, not a parameter), architecture/precision.md.
      if (ctx.options.mentions && opensProse(text.slice(tag.end, Math.min(limit, tag.end + 64)))) {
        tag = nextTag(text, tag.end, limit);
        continue;
      }
      sawInvoke = true;
      const open = tag;
      const name = (open.attrs.get('name') ?? '').trim();
      const params: Param[] = [];
      let i = open.end;
      let json: string | null = null;
      let closed = false;
      let next: DsmlTag | null = null;
      for (;;) {
        const inner = nextTag(text, i, limit);
        if (inner === null) {
          // No more tags: what is left of the invoke may be a JSON object.
          const rest = text.slice(i, limit).trim();
          if (params.length === 0 && rest.startsWith('{')) json = rest;
          i = limit;
          break;
        }
        if (inner.local === 'invoke') {
          const between = text.slice(i, inner.start).trim();
          if (params.length === 0 && between.startsWith('{')) json = between;
          closed = inner.closing;
          i = inner.closing ? inner.end : inner.start;
          if (!inner.closing) next = inner;
          break;
        }
        if (inner.local === 'parameter' && !inner.closing) {
          const end = valueEnds.next(inner.end);
          const valueEnd = end === null ? limit : end.at;
          const closedParam = end?.needle.startsWith('</') === true && end.needle.includes('parameter');
          params.push({
            key: (inner.attrs.get('name') ?? '').trim(),
            text: text.slice(inner.end, valueEnd),
            string: inner.attrs.get('string'),
          });
          i = closedParam && end ? end.at + end.needle.length : valueEnd;
          if (end === null) {
            cutOff = true;
            break;
          }
          continue;
        }
        if (inner.local === 'function_calls' || inner.local === 'tool_calls') {
          i = inner.start;
          break;
        }
        i = inner.end;
      }
      if (!closed && next === null) cutOff ||= !ctx.closed;
      const raw = text.slice(open.start, i);
      if (name === '') {
        issues.push({ kind: 'malformed-call', message: 'An invoke without a name was removed.', raw });
      } else {
        const args = json ?? buildArguments(name, params, ctx, issues);
        calls.push({ name, arguments: args });
      }
      tag = next ?? nextTag(text, i, limit);
    }
    if (calls.length === 0) {
      // Prose that names the wrapper (`write a <｜DSML｜function_calls> block`) stays prose.
      if (!sawInvoke && !ctx.closed) return { calls, notMarkup: true };
      return { calls, issues, error: 'no <｜DSML｜invoke name="…"> in the block' };
    }
    if (cutOff && !ctx.closed) {
      issues.push({
        kind: 'partial-call',
        message: 'The output ended inside a call; its last argument may be cut off.',
        raw: text,
      });
    }
    const result: BodyResult = { calls, issues };
    if (format !== undefined) result.format = format;
    return result;
  };
}
