/**
 * A block body written in markup of its own kind (a ```tool_call fence holding `<tool_call>` tags
 * or JSON lines): read by `nestedMarkupReader`, its calls become the block's. Two rules, by
 * declaration: a body that is the format itself reports what beside the calls did not parse; a
 * body that is calls only when it holds nothing else (a ```json fence) is not markup otherwise.
 */
import type { BodyIssue, BodyParser, BodyResult, MarkupSpec } from './markup-spec.js';
import { nestedMarkupReader } from './nested-markup.js';

export interface NestedMarkupBodyOptions {
  /**
   * Calls only when the body holds nothing but calls: no text, reasoning or issue beside them.
   * Anything else leaves the block as it was written (`notMarkup`).
   */
  only?: boolean;
  /** The block's error when the body is blank. */
  empty?: string;
  /** The block's error when no call came out (after the first malformed span's own message). */
  noCall?: string;
  /** The `trailing-text` issue's message for text beside the calls. */
  beside?: string;
}

/** The body parser of a block whose body is read by the markup `inner` returns (called once). */
export function nestedMarkupBody(inner: () => MarkupSpec, options: NestedMarkupBodyOptions = {}): BodyParser {
  const read = nestedMarkupReader(inner);
  const {
    empty = 'the block is empty',
    noCall = 'no call in the block',
    beside = 'Text beside the calls inside the block was removed.',
  } = options;
  if (options.only) {
    return (body, ctx): BodyResult => {
      const r = read(body, ctx);
      if (r.calls.length === 0 || r.content !== null || r.reasoning !== null || r.issues.length > 0) {
        return { calls: [], notMarkup: true };
      }
      return { calls: r.calls.map((c) => ({ name: c.name, arguments: c.arguments })) };
    };
  }
  return (body, ctx): BodyResult => {
    if (body.trim() === '') return { calls: [], error: empty };
    const r = read(body, ctx);
    if (r.calls.length === 0) {
      const why = r.issues.find((i) => i.kind === 'malformed-call')?.message;
      return { calls: [], error: why ?? noCall };
    }
    const issues: BodyIssue[] = r.issues.map(({ kind, message, raw }) =>
      raw === undefined ? { kind, message } : { kind, message, raw },
    );
    if (r.content !== null) issues.push({ kind: 'trailing-text', message: beside, raw: r.content });
    return { calls: r.calls.map((c) => ({ name: c.name, arguments: c.arguments })), issues };
  };
}
