/**
 * A reader of markup inside a block's body (a ```tool_call fence holding `<tool_call>` tags): the
 * family's markup without the block that led here, run by the engine over the body alone. One
 * level deep, so the whole read stays linear (architecture/stream-engine.md).
 */
import { parseWith } from '../define-format.js';
import type { ResolvedParseOptions } from '../options.js';
import type { ParseResult } from '../schemas.js';
import type { BodyContext, MarkupSpec } from './markup-spec.js';
import { CompiledMarkup, MarkupStreamParser } from './markup-stream.js';

/**
 * `inner` is called once, on first use. The body is read with the outer parse's options but no
 * tool allowlist and malformed spans stripped: the caller decides what the calls it gets mean.
 */
export function nestedMarkupReader(inner: () => MarkupSpec): (body: string, ctx: BodyContext) => ParseResult {
  let compiled: CompiledMarkup | null = null;
  return (body, ctx) => {
    compiled ??= new CompiledMarkup(inner());
    const options: ResolvedParseOptions = {
      ...ctx.options,
      tools: null,
      onMalformed: 'strip',
      generateId: () => '',
    };
    return parseWith(new MarkupStreamParser(compiled, options), body);
  };
}
