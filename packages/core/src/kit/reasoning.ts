/**
 * Reasoning extraction on its own (`<think>…</think>` and kin), for adapters that only need to
 * split reasoning from an answer. It is the stream engine with no call blocks, so it follows the
 * same rules as every format: an unclosed block at the end is reasoning, `reasoningOpen` says
 * the prompt already opened one, and code spans are left alone.
 */
import { resolveParseOptions } from '../options.js';
import { EventFolder } from './fold-events.js';
import { type ReasoningSpec, THINK_REASONING } from './markup-spec.js';
import { CompiledMarkup, MarkupStreamParser } from './markup-stream.js';

const compiledCache = new WeakMap<readonly ReasoningSpec[], CompiledMarkup>();
const DEFAULT = [THINK_REASONING] as const;

export function splitReasoning(
  text: string,
  options: { reasoningOpen?: boolean; markers?: readonly ReasoningSpec[] } = {},
): { content: string | null; reasoning: string | null } {
  const markers = options.markers ?? DEFAULT;
  let compiled = compiledCache.get(markers);
  if (!compiled) {
    compiled = new CompiledMarkup({ id: 'reasoning', blocks: [], reasoning: markers });
    compiledCache.set(markers, compiled);
  }
  const parser = new MarkupStreamParser(
    compiled,
    resolveParseOptions({ reasoningOpen: options.reasoningOpen }),
  );
  const folder = new EventFolder();
  folder.add(parser.push(text));
  folder.add(parser.end());
  const r = folder.result(null);
  return { content: r.content, reasoning: r.reasoning };
}
