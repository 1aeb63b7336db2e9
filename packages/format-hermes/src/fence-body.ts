/**
 * Fenced blocks. ```` ```tool_call ```` / ```` ```tool_calls ```` are the format itself (models write
 * them, seed 001): their body is read like the text between tags — JSON, JSON lines or `<tool_call>`
 * tags — and what does not parse is removed and reported. A ```` ```json ```` fence is ordinary code
 * unless it holds nothing but calls: to declared tools (DESIGN.md semantics 4), or to any tool in the
 * `json` variant, whose models (xLAM) answer with a fenced JSON array.
 */
import {
  type BodyContext,
  type BodyIssue,
  type BodyParser,
  type BodyResult,
  CompiledMarkup,
  type MarkupSpec,
  MarkupStreamParser,
  type ResolvedParseOptions,
  parseWith,
} from '@toolformat/core';
import { readJsonCalls, startsWithJson } from './json-calls-body.js';

/**
 * The body of a ```tool_call fence, read by a parser of the same markup without fences (so that
 * reading is one level deep: linear). `inner` is built on first use.
 */
export function toolCallFenceBody(inner: () => MarkupSpec): BodyParser {
  let compiled: CompiledMarkup | null = null;
  return (body: string, ctx: BodyContext): BodyResult => {
    if (body.trim() === '') return { calls: [], error: 'the fence is empty' };
    compiled ??= new CompiledMarkup(inner());
    const options: ResolvedParseOptions = { ...ctx.options, tools: null, onMalformed: 'strip', generateId: () => '' };
    const r = parseWith(new MarkupStreamParser(compiled, options), body);
    if (r.calls.length === 0) {
      const why = r.issues.find((i) => i.kind === 'malformed-call')?.message;
      return { calls: [], error: why ?? 'no call in the fence' };
    }
    const issues: BodyIssue[] = r.issues.map(({ kind, message, raw }) => (raw === undefined ? { kind, message } : { kind, message, raw }));
    if (r.content !== null) {
      issues.push({ kind: 'trailing-text', message: 'Text beside the calls inside a tool_call fence was removed.', raw: r.content });
    }
    return { calls: r.calls.map((c) => ({ name: c.name, arguments: c.arguments })) , issues };
  };
}

/** The body of a ```json fence: calls only when it holds nothing else (see the file comment). */
export function fenceJsonBody(requireDeclared: boolean): BodyParser {
  return (body: string, ctx: BodyContext): BodyResult => {
    if (!startsWithJson(body)) return { calls: [], notMarkup: true };
    const r = readJsonCalls(body, false, { trailing: 'text' });
    if (r.error !== undefined || r.text !== undefined || (r.issues?.length ?? 0) > 0) return { calls: [], notMarkup: true };
    if (requireDeclared) {
      const tools = ctx.options.tools;
      if (!tools || !r.calls.every((c) => tools.has(c.name))) return { calls: [], notMarkup: true };
    }
    return r;
  };
}
