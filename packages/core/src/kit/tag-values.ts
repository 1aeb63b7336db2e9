/**
 * Where a value written between tags ends (`<parameter=k>VALUE</parameter>`, `<arg_value>…`,
 * `<｜DSML｜parameter …>…`), for any tag spelling the attribute-tag reader declares.
 *
 * Model output is not well-formed markup: a close tag may be missing, and a value may hold text
 * that looks like markup. Every scan here is linear (architecture/semantics.md, guarantee 8).
 */
import { type AttributeTag, type AttributeTagOptions, readAttributeTag } from './attribute-tags.js';
import { BACKTICK, CARRIAGE_RETURN, isJsonSpace, LINE_FEED, LT, SPACE, TAB } from './char-codes.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

export interface ValueRules {
  /** How the tags around the value are spelled. */
  tags: AttributeTagOptions;
  /** Whether the tag closes the value (`</parameter>`, any prefix). */
  isClose(tag: AttributeTag): boolean;
  /** Whether the tag may follow a real close: the next parameter, the end of the call. */
  canFollow(tag: AttributeTag): boolean;
  /** Whether the tag ends the value although no close came (the next parameter). */
  isStop(tag: AttributeTag): boolean;
}

export interface ValueSpan {
  /** The value is `s.slice(start, end)`. */
  start: number;
  end: number;
  /** Where reading goes on. */
  next: number;
  /** False when the value ran into the next parameter or the end of the body. */
  closed: boolean;
  /**
   * The tag a search from `next` finds first (only blanks lie between), when the scan has read it
   * already: the stop tag, or the tag after the close. A reader goes on from it without reading it
   * again.
   */
  nextTag?: AttributeTag;
}

/**
 * Where a value that starts at `from` ends. A close tag ends it only when what follows it (after
 * blanks) may follow a value — the next parameter, the end of the call, the end of the body — so
 * `contains </parameter> in it</parameter></invoke>` keeps its inner text (sglang's MiniMax
 * tests). A CDATA section or a fenced code block inside the value is never looked into. Without
 * any close, the value ends at a stop tag (a missing `</parameter>`) or at the end of the body;
 * a close followed by something else is then taken after all.
 *
 * Linear: the scan moves forward only; the blanks after a close candidate are looked at twice at
 * most; a CDATA section or fence without an end is searched for once and then no longer protects.
 */
export function scanValue(s: string, from: number, limit: number, rules: ValueRules): ValueSpan {
  const tags = rules.tags;
  let i = from;
  let loose: AttributeTag | null = null;
  let cdataCloses = true;
  let fencesClose = true;
  while (i < limit) {
    const c = charCodeAt.call(s, i);
    if (c === LT) {
      if (cdataCloses && s.startsWith('<![CDATA[', i)) {
        const close = s.indexOf(']]>', i + 9);
        if (close !== -1 && close + 3 <= limit) {
          i = close + 3;
          continue;
        }
        cdataCloses = false;
      }
      const tag = readAttributeTag(s, i, limit, tags);
      if (tag === null) {
        i++;
        continue;
      }
      if (rules.isClose(tag)) {
        let j = tag.end;
        while (j < limit && isJsonSpace(charCodeAt.call(s, j))) j++;
        const after = j < limit ? readAttributeTag(s, j, limit, tags) : null;
        if (after !== null && rules.canFollow(after)) {
          return { start: from, end: tag.start, next: tag.end, closed: true, nextTag: after };
        }
        if (j >= limit) return { start: from, end: tag.start, next: tag.end, closed: true };
        loose ??= tag;
        i = tag.end;
        continue;
      }
      if (rules.isStop(tag)) {
        if (loose) return { start: from, end: loose.start, next: loose.end, closed: true };
        return { start: from, end: tag.start, next: tag.start, closed: false, nextTag: tag };
      }
      i = tag.end;
      continue;
    }
    if (c === BACKTICK && fencesClose && atLineStart(s, i, from)) {
      const skip = skipFence(s, i, limit);
      if (skip === -1) fencesClose = false;
      else if (skip > i) {
        i = skip;
        continue;
      }
    }
    i++;
  }
  if (loose) return { start: from, end: loose.start, next: loose.end, closed: true };
  return { start: from, end: limit, next: limit, closed: false };
}

/** Up to 3 spaces between the line start (or the value start) and `at`. */
function atLineStart(s: string, at: number, floor: number): boolean {
  let j = at - 1;
  let spaces = 0;
  while (j >= floor && charCodeAt.call(s, j) === SPACE && spaces < 4) {
    j--;
    spaces++;
  }
  return spaces <= 3 && (j < floor || charCodeAt.call(s, j) === LINE_FEED);
}

/**
 * At a line-start backtick: the index after the closing line of the fenced block that opens here,
 * `at` itself when it opens none (fewer than 3 backticks), or -1 when it never closes.
 */
function skipFence(s: string, at: number, limit: number): number {
  let ticks = 0;
  while (at + ticks < limit && charCodeAt.call(s, at + ticks) === BACKTICK) ticks++;
  if (ticks < 3) return at;
  let nl = s.indexOf('\n', at + ticks);
  while (nl !== -1 && nl < limit) {
    let p = nl + 1;
    let spaces = 0;
    while (p < limit && charCodeAt.call(s, p) === SPACE && spaces < 3) {
      p++;
      spaces++;
    }
    let run = 0;
    while (p + run < limit && charCodeAt.call(s, p + run) === BACKTICK) run++;
    if (run >= ticks) {
      let q = p + run;
      while (
        q < limit &&
        (charCodeAt.call(s, q) === SPACE ||
          charCodeAt.call(s, q) === TAB ||
          charCodeAt.call(s, q) === CARRIAGE_RETURN)
      )
        q++;
      if (q >= limit || charCodeAt.call(s, q) === LINE_FEED) return q;
    }
    nl = s.indexOf('\n', p);
  }
  return -1;
}
