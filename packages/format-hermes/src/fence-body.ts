/**
 * Fenced blocks. ```` ```tool_call ```` / ```` ```tool_calls ```` are the format itself (models write
 * them, a malformed-call proposal): their body is read like the text between tags — JSON, JSON lines or `<tool_call>`
 * tags — and what does not parse is removed and reported. In the `json` variant a ```` ```json ````
 * fence that holds nothing but calls is calls (xLAM answers with a fenced JSON array); everywhere
 * else the engine's fence probe reads a fence only when it holds calls to declared tools.
 */
import {
  type BodyContext,
  type BodyIssue,
  type BodyParser,
  type BodyResult,
  type MarkupSpec,
  nestedMarkupReader,
} from '@toolformat/core/kit';

/** The body of a ```tool_call fence: JSON, JSON lines or tags; what does not parse is reported. */
export function toolCallFenceBody(inner: () => MarkupSpec): BodyParser {
  const read = nestedMarkupReader(inner);
  return (body: string, ctx: BodyContext): BodyResult => {
    if (body.trim() === '') return { calls: [], error: 'the fence is empty' };
    const r = read(body, ctx);
    if (r.calls.length === 0) {
      const why = r.issues.find((i) => i.kind === 'malformed-call')?.message;
      return { calls: [], error: why ?? 'no call in the fence' };
    }
    const issues: BodyIssue[] = r.issues.map(({ kind, message, raw }) =>
      raw === undefined ? { kind, message } : { kind, message, raw },
    );
    if (r.content !== null) {
      issues.push({
        kind: 'trailing-text',
        message: 'Text beside the calls inside a tool_call fence was removed.',
        raw: r.content,
      });
    }
    return { calls: r.calls.map((c) => ({ name: c.name, arguments: c.arguments })), issues };
  };
}

/**
 * The body of a ```json fence in the `json` variant: calls only when it holds nothing else — bare
 * JSON calls or the family's tags, no text, nothing repaired or malformed. Otherwise it stays code.
 */
export function fenceJsonBody(inner: () => MarkupSpec): BodyParser {
  const read = nestedMarkupReader(inner);
  return (body: string, ctx: BodyContext): BodyResult => {
    const r = read(body, ctx);
    if (r.calls.length === 0 || r.content !== null || r.reasoning !== null || r.issues.length > 0) {
      return { calls: [], notMarkup: true };
    }
    return { calls: r.calls.map((c) => ({ name: c.name, arguments: c.arguments })) };
  };
}
