/**
 * One variant → a complete handler: the markup (markup.ts) run by the core stream engine, the
 * variant's prompt, stops and renderers.
 *
 * Declared tools add Morph's form, `<get_weather>…</get_weather>`: its markers are the tool names,
 * so a parse with tools runs a markup built for those names (built once per name set and kept).
 * `parse` is still that markup's stream parser fed one chunk (DESIGN.md semantics 7).
 */
import {
  defineFormat,
  type MarkupFormatHandler,
  normalizeTools,
  type ParseOptions,
  ToolFormatConfigError,
} from '@toolformat/core';
import { createDetector } from './detect.js';
import { buildMarkup, type MarkupOptions } from './markup.js';
import { sanitizeContent } from './sanitize.js';
import { handlerId, isVariant, VARIANT_IDS, VARIANTS, type XmlVariant } from './variants.js';

/** Distinct declared-tool sets kept per handler (an agent uses a few). */
const MAX_TOOL_SETS = 16;

export function createXmlFormat(variant: string = 'claude'): MarkupFormatHandler {
  if (!isVariant(variant)) {
    throw new ToolFormatConfigError(
      `format xml: unknown variant '${variant}'; known variants: ${VARIANT_IDS.join(', ')}.`,
      { key: 'variant', allowed: VARIANT_IDS },
    );
  }
  const def = VARIANTS[variant as XmlVariant];
  const options: MarkupOptions = {
    id: handlerId(variant),
    familyFormats: variant === 'claude',
    seedThink: 'seedThink' in def && def.seedThink,
    nameLineCalls: 'nameLineCalls' in def && def.nameLineCalls,
  };
  const build = (toolNames?: readonly string[]) => {
    const markup = buildMarkup({ ...options, ...(toolNames ? { toolNames } : {}) });
    return defineFormat({
      markup,
      detect: createDetector(markup),
      systemPrompt: def.prompt,
      stopSequences: def.stops,
      formatToolCalls: def.calls,
      formatResult: def.result,
      sanitizeExtra: sanitizeContent,
    });
  };
  const base = build();
  const byTools = new Map<string, MarkupFormatHandler>();

  const handlerFor = (opts: ParseOptions | undefined): MarkupFormatHandler => {
    let names: string[];
    try {
      names = opts?.tools ? normalizeTools(opts.tools).map((t) => t.name) : [];
    } catch {
      return base;
    }
    if (names.length === 0) return base;
    const key = names.join('\u0000');
    let handler = byTools.get(key);
    if (!handler) {
      handler = build(names);
      if (handler.markup.blocks.length === base.markup.blocks.length) handler = base;
      if (byTools.size >= MAX_TOOL_SETS) byTools.delete(byTools.keys().next().value as string);
      byTools.set(key, handler);
    }
    return handler;
  };

  return {
    ...base,
    markupFor: (opts) => handlerFor(opts).markup,
    parse: (text, opts) => handlerFor(opts).parse(text, opts),
    createStreamParser: (opts) => handlerFor(opts).createStreamParser(opts),
  };
}
