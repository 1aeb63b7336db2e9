/**
 * Everything the page shows about one input, computed without the DOM: the route (format, model
 * name or auto), the batch result, the spans of the input, the detect scores, and whether the
 * stream fed one character at a time folds to the same result as the batch parse.
 */
import {
  AUTO_ID,
  foldEvents,
  type ModelResolution,
  type ParseOptions,
  type ParseResult,
  type Router,
  type ToolDefinition,
  type ToolFormatHandler,
} from '@toolformat/core';
import { feedTimed, type Progress, type Span, spansFromEvents, type TimedEvent } from './event-spans.js';
import { playgroundRouter } from './formats.js';

/** The largest input the page reads (model output is hostile; the engine's own limit is 8 MiB). */
export const MAX_INPUT_CHARS = 1 << 20;

export type RouteChoice = { by: 'auto' } | { by: 'format'; format: string } | { by: 'model'; model: string };

export interface RouteInfo {
  /** The handler's id (`hermes:qwen`, `auto`). */
  handlerId: string;
  format: string;
  variant?: string;
  source: ModelResolution['source'];
  /** Why, in a sentence. */
  why: string;
  stop: string[];
}

export interface DetectScore {
  id: string;
  score: number;
}

export interface Analysis {
  route: RouteInfo;
  result: ParseResult;
  spans: Span[];
  /** How far the character-by-character stream had accounted for the input, event by event. */
  progress: Progress[];
  timed: TimedEvent[];
  /** The character-by-character stream folded to the same calls, content, reasoning and issues. */
  streamMatches: boolean;
  detect: DetectScore[];
  truncated: boolean;
}

/** Ids `call_1`, `call_2`, … so that batch, stream and replay name the same calls the same way. */
export function sequentialIds(): () => string {
  let n = 0;
  return () => `call_${++n}`;
}

export function resolveRoute(choice: RouteChoice, router: Router = playgroundRouter()) {
  const resolution =
    choice.by === 'model'
      ? router.resolveModel(choice.model)
      : router.resolveFormat(choice.by === 'format' ? choice.format : AUTO_ID);
  return { resolution, info: describeRoute(choice, resolution) };
}

function describeRoute(choice: RouteChoice, r: ModelResolution): RouteInfo {
  const base = {
    handlerId: r.handler.id,
    format: r.format,
    ...(r.variant !== undefined ? { variant: r.variant } : {}),
    source: r.source,
    stop: r.stop,
  };
  if (choice.by === 'auto')
    return { ...base, why: 'auto: every format scans the text in one pass; the first to find a call wins.' };
  if (choice.by === 'format') return { ...base, why: `chosen explicitly as '${choice.format}'.` };
  if (r.source === 'pattern') {
    return {
      ...base,
      why: `model '${choice.model}' matches ${r.format}'s model pattern '${r.pattern ?? '?'}'.`,
    };
  }
  return {
    ...base,
    why: `no format's model pattern matches '${choice.model}': the default, ${r.format}, reads it.`,
  };
}

/** A detect that throws is a plugin's bug, not a score: it counts as 0, as the router counts it. */
function safeDetect(handler: ToolFormatHandler, text: string): number {
  try {
    return handler.detect(text);
  } catch {
    return 0;
  }
}

/** The options a parse on this route takes (ids counted from 1 for each parser). */
export function routeOptions(resolution: ModelResolution, tools: ToolDefinition[] | undefined): ParseOptions {
  return { ...resolution.options, ...(tools ? { tools } : {}), generateId: sequentialIds() };
}

export interface AnalyzeInput {
  text: string;
  choice: RouteChoice;
  tools?: ToolDefinition[];
}

export function analyze(input: AnalyzeInput, router: Router = playgroundRouter()): Analysis {
  const truncated = input.text.length > MAX_INPUT_CHARS;
  const text = truncated ? input.text.slice(0, MAX_INPUT_CHARS) : input.text;
  const { resolution, info } = resolveRoute(input.choice, router);
  const options = () => routeOptions(resolution, input.tools);
  const result = resolution.handler.parse(text, options());
  const parser = resolution.handler.createStreamParser(options());
  const timed = feedTimed(parser, text);
  const streamed = foldEvents(
    timed.map((t) => t.event),
    parser.format,
  );
  const { spans, progress } = spansFromEvents(text, timed, (start, end, name) =>
    callMarkupStart(text, start, end, name, (slice) => resolution.handler.parse(slice, options())),
  );
  return {
    route: info,
    result,
    spans,
    progress,
    timed,
    streamMatches: sameResult(result, streamed),
    detect: detectScores(text, router),
    truncated,
  };
}

/** Only the first lines of a gap are tried as the start of a call's markup (each try parses the gap). */
const MAX_TRIED_LINES = 16;

/**
 * Where a call's markup starts within [start, end): a later line start when the lines before it
 * are markup the format strips on their own (a reasoning close: no content, no call, no issue)
 * and the call still reads from there. Else `start`.
 */
export function callMarkupStart(
  text: string,
  start: number,
  end: number,
  name: string,
  parse: (slice: string) => ParseResult,
): number {
  const lineStarts: number[] = [];
  for (let i = text.indexOf('\n', start); i !== -1 && i + 1 < end; i = text.indexOf('\n', i + 1)) {
    lineStarts.push(i + 1);
    if (lineStarts.length >= MAX_TRIED_LINES) break;
  }
  let best = start;
  for (const p of lineStarts) {
    const prefix = parse(text.slice(start, p));
    const stripped = prefix.calls.length === 0 && prefix.issues.length === 0;
    if (!stripped) break;
    if (parse(text.slice(p, end)).calls[0]?.name === name) best = p;
  }
  return best;
}

/** Calls, content, reasoning and issues equal (the format may differ only by being learnt later). */
export function sameResult(a: ParseResult, b: ParseResult): boolean {
  const key = (r: ParseResult) => JSON.stringify([r.calls, r.content, r.reasoning, r.issues]);
  return key(a) === key(b);
}

/** Every format and variant's detect score, highest first. */
export function detectScores(text: string, router: Router = playgroundRouter()): DetectScore[] {
  const scores: DetectScore[] = [];
  const seen = new Set<string>();
  for (const f of router.formats()) {
    for (const variant of [undefined, ...f.variants]) {
      let handler: ReturnType<Router['get']>;
      try {
        handler = router.get(f.id, variant);
      } catch {
        continue;
      }
      if (seen.has(handler.id)) continue;
      seen.add(handler.id);
      scores.push({ id: handler.id, score: safeDetect(handler, text) });
    }
  }
  return scores.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
}
