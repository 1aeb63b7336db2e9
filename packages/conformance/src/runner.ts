/**
 * Runs the corpus through a router: each case with its family as explicit format and in auto
 * mode, and each streamed case through the stream parser with the peer's chunks.
 */
import {
  foldEvents,
  type ParseOptions,
  type ParseResult,
  type Router,
  sequentialIds,
  ToolFormatConfigError,
  type ToolFormatHandler,
} from '@toolformat/core';
import { streamAll } from '@toolformat/core/kit';
import { findEventProtocolError } from '@toolformat/core/testing';
import type { CorpusCase } from './corpus.js';
import { type CaseScore, callsMatch, caseOptions, deepEqual, scoreCase } from './score.js';

export interface CaseRun {
  case: CorpusCase;
  score: CaseScore;
  /** null when the family is not a known format id. */
  explicit: ParseResult | null;
  auto: ParseResult;
}

export interface StreamMismatch {
  id: string;
  family: string;
  batch: ParseResult;
  streamed: ParseResult;
  /** What was wrong with the call events themselves (a delta of no open call, …), if anything. */
  protocol?: string;
}

export interface CorpusRun {
  runs: CaseRun[];
  /** Cases skipped because the peer asserted no calls (`expected_calls: null`). */
  skipped: number;
  /** Families that are not a format id here (all their explicit scores are 0). */
  unknownFamilies: string[];
  streaming: { cases: number; mismatches: StreamMismatch[] };
  /**
   * Rescue against the other reading paths: without a model it must equal auto mode exactly
   * (`autoMismatches`); routed to the case's family, how often its calls are exact.
   */
  rescue: { autoMismatches: string[]; routedCases: number; routedCallsExact: number };
}

export function runCorpus(cases: readonly CorpusCase[], router: Router): CorpusRun {
  const handlers = new Map<string, ToolFormatHandler | null>();
  const handlerFor = (family: string): ToolFormatHandler | null => {
    if (!handlers.has(family)) {
      try {
        handlers.set(family, router.get(family));
      } catch (error) {
        if (!(error instanceof ToolFormatConfigError)) throw error;
        handlers.set(family, null);
      }
    }
    return handlers.get(family) ?? null;
  };
  const auto = router.get('auto');
  const out: CorpusRun = {
    runs: [],
    skipped: 0,
    unknownFamilies: [],
    streaming: { cases: 0, mismatches: [] },
    rescue: { autoMismatches: [], routedCases: 0, routedCallsExact: 0 },
  };

  for (const c of cases) {
    const handler = handlerFor(c.family);
    const base = caseOptions(c);
    // A fresh sequential id generator per parse: reruns and stream-vs-batch compare equal.
    const opts = (): ParseOptions => ({ ...base, generateId: sequentialIds() });
    if (c.expected_calls === null) {
      out.skipped++;
    } else {
      const explicit = handler ? handler.parse(c.input, opts()) : null;
      const autoResult = auto.parse(c.input, opts());
      const score = scoreCase(c, explicit, autoResult);
      if (score) out.runs.push({ case: c, score, explicit, auto: autoResult });
      const { evidence: _, ...rescued } = router.rescue(c.input, opts());
      if (!deepEqual(plain(rescued), plain(autoResult))) out.rescue.autoMismatches.push(c.id);
      if (handler && score && !score.partial) {
        const routed = router.rescue(c.input, { ...opts(), format: c.family });
        out.rescue.routedCases++;
        if (callsMatch(c.expected_calls, routed.calls)) out.rescue.routedCallsExact++;
      }
    }
    if (handler && c.chunks && c.chunks.length > 0) {
      out.streaming.cases++;
      const batch = handler.parse(c.input, opts());
      const parser = handler.createStreamParser(opts());
      const events = streamAll(parser, c.chunks);
      const streamed = foldEvents(events, parser.format);
      const protocol = findEventProtocolError(events);
      if (!deepEqual(plain(batch), plain(streamed)) || protocol !== null)
        out.streaming.mismatches.push({
          id: c.id,
          family: c.family,
          batch,
          streamed,
          ...(protocol === null ? {} : { protocol }),
        });
    }
  }
  out.unknownFamilies = [...handlers]
    .filter(([, h]) => h === null)
    .map(([f]) => f)
    .sort();
  return out;
}

/** As JSON would carry it: an `offset: undefined` and a missing offset are the same thing. */
function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}
