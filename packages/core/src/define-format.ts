/**
 * Builds a complete ToolFormatHandler from a declaration: the markup (what the stream engine
 * scans for), the prompt, the stop sequences and the renderers. This is how every built-in
 * format is written, and how a third-party format should be.
 */
import type { StreamParser, SystemPromptOptions, ToolFormatHandler } from './handler.js';
import { isSpace } from './kit/char-codes.js';
import { containsAny } from './kit/contains-any.js';
import type { FormatVariant } from './kit/define-variants.js';
import { cleanBlocksResult } from './kit/engine/clean-blocks.js';
import { EventFolder } from './kit/fold-events.js';
import type { MarkupSpec } from './kit/markup-spec.js';
import { CompiledMarkup, MarkupStreamParser } from './kit/markup-stream.js';
import { removeStrayTokens } from './kit/prose-lines.js';
import { DEFAULT_MAX_INPUT_LENGTH, type ResolvedParseOptions, resolveParseOptions } from './options.js';
import type {
  ParseOptions,
  ParseResult,
  StreamEvent,
  ToolCall,
  ToolDefinition,
  ToolResult,
} from './schemas.js';
import { normalizeTools } from './tools.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/** The prompt, the stop sequences and the renderers of a format. */
export interface FormatRenderers {
  systemPrompt(tools: ToolDefinition[], opts?: SystemPromptOptions): string;
  stopSequences: readonly string[];
  formatToolCalls(calls: ToolCall[]): string;
  formatResult(result: ToolResult): string;
}

/**
 * A format: its markup, and its renderers given one by one or as the row of its `defineVariants`
 * table (`variant`: every built-in family declares them so).
 */
export type FormatDefinition = FormatCommon & (FormatRenderers | { variant: FormatVariant });

interface FormatCommon {
  /** The markup; its `id` is the handler id. */
  markup: MarkupSpec;
  /**
   * Extra clean-up after the markup is cut out (e.g. a `**TOOL CALL:**` label left before a
   * block). Receives the content the parser left.
   */
  sanitizeExtra?(content: string): string;
  /**
   * The format's tokens that may stand in content without opening anything (an argument token
   * without its call, a chat-turn token a server left in): `sanitize` removes them outside code,
   * and a line that held nothing else, before `sanitizeExtra`.
   */
  strayTokens?: readonly string[];
  /** Custom detection; by default the strongest open marker present gives the score. */
  detect?(text: string): number;
  /**
   * The markup for declared tools whose names are markers of their own (Morph's
   * `<get_weather>…</get_weather>`, a bare `get_weather(…)` line): asked once per set of names
   * in use, undefined when the names change nothing. A parse with those tools runs it.
   */
  markupForTools?(names: readonly string[]): MarkupSpec | undefined;
}

/** Distinct declared-tool sets whose markups a handler keeps (an agent uses a few). */
const MAX_TOOL_SETS = 16;

/** A handler built by `defineFormat`: the contract, plus the markup it runs (for auto mode). */
export interface MarkupFormatHandler extends ToolFormatHandler {
  readonly markup: MarkupSpec;
  readonly compiled: CompiledMarkup;
  /**
   * A format whose markup depends on the declared tools (a tool's name as its marker): the markup
   * a parse with these options runs, so that rescue's merged scan reads them too.
   */
  markupFor?(opts: ParseOptions | undefined): MarkupSpec;
}

export function defineFormat(def: FormatDefinition): MarkupFormatHandler {
  const render: FormatRenderers =
    'variant' in def
      ? {
          systemPrompt: def.variant.prompt,
          stopSequences: def.variant.stops,
          formatToolCalls: def.variant.calls,
          formatResult: def.variant.result,
        }
      : def;
  const compiled = new CompiledMarkup(def.markup);
  const detectMarkers = def.markup.blocks.flatMap((b) => {
    const opens = b.open === undefined ? [] : typeof b.open === 'string' ? [b.open] : b.open;
    const fences = b.fence === undefined ? [] : typeof b.fence === 'string' ? [b.fence] : b.fence;
    const score = b.confidence ?? 0.9;
    return [...opens.map((m) => [m, score] as const), ...fences.map((f) => [`\`\`\`${f}`, score] as const)];
  });

  const strayTokens = def.strayTokens;
  const strayStart = strayTokens === undefined ? '' : sharedStart(strayTokens);

  const base = { markup: def.markup, compiled };
  const markupFor = toolMarkups(def, base);
  const createStreamParser = (opts?: ParseOptions): StreamParser =>
    new MarkupStreamParser(markupFor(opts).compiled, resolveParseOptions(opts));

  const handler: MarkupFormatHandler = {
    id: def.markup.id,
    markup: def.markup,
    compiled,
    ...(def.markupForTools === undefined ? {} : { markupFor: (opts) => markupFor(opts).markup }),
    systemPrompt: (tools, opts) => render.systemPrompt(tools, opts),
    stopSequences: () => [...render.stopSequences],
    parse: (text, opts) => {
      const run = markupFor(opts).compiled;
      // No markup: the text. Prose and clean blocks: read without the engine (the engine's result,
      // architecture/stream-engine.md, "Clean blocks"). Anything else: the engine.
      const plain = plainTextResult(run, text, opts);
      if (plain !== null) return plain;
      const resolved = resolveParseOptions(opts);
      return cleanBlocksResult(run, text, resolved) ?? foldParse(run, text, resolved);
    },
    createStreamParser,
    formatToolCalls: (calls) => render.formatToolCalls(calls),
    formatResult: (result) => render.formatResult(result),
    sanitize(text) {
      // Every trace of the format goes, mentions too (mentions: false): what is left is for display.
      let content = handler.parse(text, { onMalformed: 'strip', mentions: false }).content ?? '';
      // Content without the start all stray tokens share holds none of them, and passes as it is.
      if (strayTokens !== undefined && content.includes(strayStart))
        content = removeStrayTokens(content, strayTokens);
      return def.sanitizeExtra ? def.sanitizeExtra(content) : content;
    },
    detect(text) {
      if (def.detect) return def.detect(text);
      let best = 0;
      for (const [marker, score] of detectMarkers) if (score > best && text.includes(marker)) best = score;
      return best;
    },
  };
  return handler;
}

/** The longest start all of `texts` share (`<|` for `<|im_end|>` and `<|tool_call_end|>`). */
function sharedStart(texts: readonly string[]): string {
  let start = texts[0] ?? '';
  for (const text of texts) while (!text.startsWith(start)) start = start.slice(0, -1);
  return start;
}

interface ToolMarkup {
  markup: MarkupSpec;
  compiled: CompiledMarkup;
}

/**
 * The markup a parse with these options runs: the format's own, or the one `markupForTools` gives
 * for the declared tools' names (compiled once per name set, the last MAX_TOOL_SETS kept).
 */
function toolMarkups(
  def: FormatDefinition,
  base: ToolMarkup,
): (opts: ParseOptions | undefined) => ToolMarkup {
  const forTools = def.markupForTools;
  if (forTools === undefined) return () => base;
  const byNames = new Map<string, ToolMarkup>();
  return (opts) => {
    const tools = opts?.tools;
    if (tools === undefined || tools.length === 0) return base;
    let names: string[];
    try {
      names = normalizeTools(tools).map((t) => t.name);
    } catch {
      return base;
    }
    const key = names.join('\u0000');
    let found = byNames.get(key);
    if (found === undefined) {
      const markup = forTools.call(def, names);
      found = markup === undefined ? base : { markup, compiled: new CompiledMarkup(markup) };
      if (byNames.size >= MAX_TOOL_SETS) byNames.delete(byNames.keys().next().value as string);
      byNames.set(key, found);
    }
    return found;
  };
}

/**
 * The result for text in which no marker of the format can start, computed without building a
 * stream parser: most model output has no markup, and the engine's set-up costs more than an
 * indexOf scan of a short answer. It is exactly what the engine would return (the content trimmed
 * with the engine's own notion of whitespace); anything else returns null and goes to the engine.
 */
function plainTextResult(
  compiled: CompiledMarkup,
  text: string,
  opts: ParseOptions | undefined,
): ParseResult | null {
  if (typeof text !== 'string' || opts?.reasoningOpen) return null;
  if (text.length > (opts?.maxInputLength ?? DEFAULT_MAX_INPUT_LENGTH)) return null;
  // A marker that starts with punctuation is looked for by its first character; one that starts
  // with a letter (`Action:`, harmony's `to=`) by itself, or every prose letter would be a hit;
  // a word that opens a block only before certain characters (`functools[`) by those characters.
  if (containsAny(text, compiled.plainProbes)) return null;
  let start = 0;
  let end = text.length;
  while (start < end && isSpace(charCodeAt.call(text, start))) start++;
  // A whole-output form (a bare JSON or pythonic list) starts the text with one of its characters.
  const whole = compiled.spec.whole;
  if (whole !== undefined && start < end && whole.startChars.includes(text[start]!)) return null;
  // So may a block that opens only there (a declared tool's bare call).
  if (
    compiled.startMarkers !== null &&
    start < end &&
    compiled.startMarkers.matchAt(text, start, true) !== null
  )
    return null;
  while (end > start && isSpace(charCodeAt.call(text, end - 1))) end--;
  const tails = compiled.plainTails;
  for (let i = 0; i < tails.length; i++) if (text.startsWith(tails[i]!, end - tails[i]!.length)) return null;
  return {
    calls: [],
    content: start < end ? text.slice(start, end) : null,
    reasoning: null,
    issues: [],
    format: null,
  };
}

/** The engine fed the whole text as one chunk, folding its events as they come (semantics 7). */
function foldParse(compiled: CompiledMarkup, text: string, opts: ResolvedParseOptions): ParseResult {
  const folder = new EventFolder();
  const parser = new MarkupStreamParser(compiled, opts, true, folder);
  parser.pushLast(typeof text === 'string' ? text : String(text ?? ''));
  return folder.result(parser.format);
}

/** Batch parse = the stream parser fed one chunk and ended (architecture/semantics.md, guarantee 7). */
export function parseWith(parser: StreamParser, text: string): ParseResult {
  const folder = new EventFolder();
  folder.add(parser.push(typeof text === 'string' ? text : String(text ?? '')));
  folder.add(parser.end());
  return folder.result(parser.format);
}

/** Runs a stream parser over chunks and returns every event (tests, the CLI, adapters). */
export function streamAll(parser: StreamParser, chunks: Iterable<string>): StreamEvent[] {
  const events: StreamEvent[] = [];
  for (const chunk of chunks) events.push(...parser.push(chunk));
  events.push(...parser.end());
  return events;
}
