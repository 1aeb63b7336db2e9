/**
 * Where in the input each part of the result came from. The engine's events carry no source
 * offsets (only issues do), so the page feeds the input one character at a time and places each
 * event: released text and reasoning are found verbatim in the input no later than the character
 * that released them; a call covers what lies between the last placed piece and the character
 * that completed it; a rejected block is its issue's raw text; whatever is left over and not
 * blank is scaffolding the format stripped (reasoning tags, channel headers, section markers).
 * See architecture/playground.md.
 */
import type { StreamEvent, StreamParser } from '@toolformat/core';

export type SpanKind = 'text' | 'reasoning' | 'call' | 'rejected' | 'scaffolding';

export interface Span {
  kind: SpanKind;
  start: number;
  end: number;
  /** For a call: the indexes in the result's calls of the calls it holds (a block may hold several). */
  calls?: number[];
  /** For a rejected block: its index in the result's issues. */
  issue?: number;
}

/** An event and how many input characters had been pushed when it came out. */
export interface TimedEvent {
  at: number;
  event: StreamEvent;
}

/** Issues whose raw text is a block that did not become a call (cut from the content). */
const REJECTED_KINDS = new Set(['malformed-call', 'unclosed-block', 'partial-call', 'trailing-text']);

/** Above this many characters the input is fed in larger steps (placement gets coarser, not wrong). */
const MAX_STEPS = 200_000;

/** Feeds `text` to `parser` in steps of one code point (or more, for a very long input). */
export function feedTimed(parser: StreamParser, text: string): TimedEvent[] {
  const out: TimedEvent[] = [];
  const step = Math.max(1, Math.ceil(text.length / MAX_STEPS));
  let i = 0;
  while (i < text.length) {
    let j = Math.min(text.length, i + step);
    // Never split a surrogate pair: a chunk boundary inside one is not what a server sends.
    const code = text.charCodeAt(j - 1);
    if (code >= 0xd800 && code <= 0xdbff && j < text.length) j++;
    for (const event of parser.push(text.slice(i, j))) out.push({ at: j, event });
    i = j;
  }
  for (const event of parser.end()) out.push({ at: text.length, event });
  return out;
}

/**
 * Where the markup of a call that ends at `end` starts, at or after `start` (a reasoning close or
 * other stripped markup may come before it, with no event between). Default: at `start`.
 */
export type CallStart = (start: number, end: number, name: string) => number;

/** After `at` characters were pushed, the input up to `upTo` was accounted for (released or cut). */
export interface Progress {
  at: number;
  upTo: number;
}

/**
 * The spans of `text`, in order, not overlapping (blank gaps between them are left out), and how
 * far the stream had accounted for the input after each event (what it held back is the rest).
 */
export function spansFromEvents(
  text: string,
  timed: readonly TimedEvent[],
  callStart: CallStart = (start) => start,
): { spans: Span[]; progress: Progress[] } {
  const progress: Progress[] = [];
  const placed: Span[] = [];
  let cursor = 0;
  /** Like cursor, but not moved by rejected blocks: a call may be completed after its rejected tail. */
  let callCursor = 0;
  let calls = 0;
  let issues = 0;
  let lastCall: Span | null = null;
  /** Per announced call: the cursor when it was announced (a rejected tail may be placed before it ends). */
  const announced = new Map<number, number>();

  const place = (kind: 'text' | 'reasoning', piece: string, at: number) => {
    if (piece.length === 0) return;
    let idx = text.indexOf(piece, cursor);
    if (idx !== -1 && idx + piece.length <= at) {
      cursor = idx + piece.length;
      callCursor = cursor;
      pushMerged(placed, { kind, start: idx, end: cursor });
      return;
    }
    // A call completed a few characters after its close (the engine looked ahead): the text it
    // read past belongs after the call.
    if (lastCall) {
      idx = text.indexOf(piece, lastCall.start);
      if (idx !== -1 && idx < lastCall.end && idx + piece.length <= Math.max(at, lastCall.end)) {
        lastCall.end = Math.max(lastCall.start, idx);
        cursor = idx + piece.length;
        callCursor = cursor;
        pushMerged(placed, { kind, start: idx, end: cursor });
      }
    }
  };

  for (const { at, event } of timed) {
    const before = cursor;
    placeEvent(at, event);
    if (cursor > before) progress.push({ at, upTo: cursor });
  }

  function placeEvent(at: number, event: StreamEvent): void {
    switch (event.type) {
      case 'text':
      case 'reasoning':
        place(event.type, event.text, at);
        break;
      case 'tool-call-start':
        announced.set(event.index, callCursor);
        break;
      case 'tool-call-end': {
        const index = calls++;
        // Several calls completed by the same character are one block (`[a(), b()]`).
        if (lastCall && lastCall === placed.at(-1) && lastCall.end >= at) {
          lastCall.calls?.push(index);
          break;
        }
        const from = Math.min(callCursor, announced.get(event.index) ?? callCursor);
        const end = Math.max(from, at);
        const span: Span = {
          kind: 'call',
          start: callStart(from, end, event.call.name),
          end,
          calls: [index],
        };
        placed.push(span);
        lastCall = span;
        cursor = Math.max(cursor, span.end);
        callCursor = span.end;
        break;
      }
      case 'issue': {
        const index = issues++;
        const { raw, offset } = event.issue;
        if (!REJECTED_KINDS.has(event.issue.kind) || !raw) break;
        const start =
          offset !== undefined && text.startsWith(raw, offset) ? offset : text.indexOf(raw, cursor);
        if (start === -1 || start < cursor) break;
        placed.push({ kind: 'rejected', start, end: start + raw.length, issue: index });
        cursor = start + raw.length;
        break;
      }
      default:
        break;
    }
  }

  // A call that completed only after a later piece was placed (a trailing block rejected first)
  // ends where that piece starts.
  placed.sort((a, b) => a.start - b.start);
  for (const [i, span] of placed.entries()) {
    const next = placed[i + 1];
    if (next && span.end > next.start) span.end = next.start;
  }
  const out: Span[] = [];
  let at = 0;
  for (const span of placed) {
    const trimmed = span.kind === 'call' ? trim(text, span) : span;
    if (trimmed.start > at) addScaffolding(text, at, trimmed.start, out);
    if (trimmed.end > trimmed.start) out.push(trimmed);
    at = Math.max(at, span.end);
  }
  if (at < text.length) addScaffolding(text, at, text.length, out);
  return { spans: out, progress };
}

/** How far the input was accounted for once `chars` characters were pushed. */
export function accountedUpTo(progress: readonly Progress[], chars: number): number {
  let upTo = 0;
  for (const p of progress) {
    if (p.at > chars) break;
    upTo = Math.max(upTo, p.upTo);
  }
  return Math.min(upTo, chars);
}

function pushMerged(spans: Span[], span: Span): void {
  const last = spans.at(-1);
  if (last && last.kind === span.kind && last.end === span.start && span.kind !== 'call') last.end = span.end;
  else spans.push(span);
}

function trim(text: string, span: Span): Span {
  let { start, end } = span;
  while (start < end && isBlank(text.charCodeAt(start))) start++;
  while (end > start && isBlank(text.charCodeAt(end - 1))) end--;
  return { ...span, start, end };
}

function addScaffolding(text: string, from: number, to: number, out: Span[]): void {
  const span = trim(text, { kind: 'scaffolding', start: from, end: to });
  if (span.end > span.start) out.push(span);
}

function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}
