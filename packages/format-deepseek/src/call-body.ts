/**
 * The body of DeepSeek's token markup, the text between `<｜tool▁calls▁begin｜>` and
 * `<｜tool▁calls▁end｜>` (or of one bare `<｜tool▁call▁begin｜>…<｜tool▁call▁end｜>`). Each call
 * is one of two forms, told apart per call because models drift between them:
 *
 *   V2.5 / V3 / R1:  function<｜tool▁sep｜>NAME\n```json\n{…}\n```
 *   V3.1:            NAME<｜tool▁sep｜>{…}
 *
 * The body is cut into units at the call tokens in one pass (tokens.ts). A unit opened by
 * `<｜tool▁call▁begin｜>` is a call; a unit without one is a call only in the V3 form (llama.cpp
 * reads `<｜tool▁calls｜>function<｜tool▁sep｜>…` without the call token) and otherwise text the
 * model wrote after its calls (the V3/R1 template often omits `<｜tool▁calls▁end｜>`).
 */
import {
  type AnnouncedCall,
  BACKTICK,
  type BodyContext,
  type BodyIssue,
  type BodyResult,
  BRACE_OPEN,
  GT,
  isCharRun,
  jsonStringEnd,
  LINE_FEED,
  LT,
  notExtracted,
  PARTIAL_CALL,
  QUOTE,
  type RawCall,
} from '@toolformat/core/kit';
import type { CallFormats } from './markup.js';
import { TOKENS, type TokenKind } from './tokens.js';

/** The last call's arguments were complete JSON when the output ended: taken, with this issue. */
const MAY_BE_CUT = 'The output ended inside a call; its arguments may be cut off.';

/** Longer than any tool name: a "name" past this is text that happens to precede a separator. */
const MAX_NAME = 256;

interface Unit {
  start: number;
  end: number;
  /** Opened by `<｜tool▁call▁begin｜>`. */
  begun: boolean;
  /** Closed by `<｜tool▁call▁end｜>`. */
  ended: boolean;
  /** The first separator inside the unit, `[sepStart, sepEnd)`, or -1 for both. */
  sepStart: number;
  sepEnd: number;
}

/**
 * What a token inside a JSON string whose closing quote is not in the text means: `'split'` for a
 * whole body (the quote was stray, the token is markup: the old cut, as the engine's JSON guard
 * falls back), `'hold'` for a prefix still arriving (the string may close later, so the unit runs
 * to the end of the prefix and nothing read from the prefix changes when more comes).
 */
type OpenString = 'split' | 'hold';

/**
 * Units between call tokens, handed to `visit` in order (one object, refilled: read it during the
 * call); wrapper tokens (a repeated begin, a stray end) are skipped. The first unit counts as
 * opened by a call token when `firstBegun`. One pass over the body's tokens (each `<` is looked at
 * once, for a bounded length), none of them kept: a megabyte of separators is one unit, and a
 * megabyte of calls is read one unit at a time, not as a list of them.
 *
 * Past a unit's separator come its arguments, whose JSON strings may hold the tokens as text
 * (`{"doc": "ends with <｜tool▁call▁end｜>"}`, a call our own writer writes): a token inside a
 * string that closes is text. Each string is read once, from its quote to its end; the first string
 * that never closes ends this reading for the rest of the body (see OpenString), so the body is
 * read at most twice.
 */
function eachUnit(body: string, firstBegun: boolean, visit: (unit: Unit) => void, open: OpenString): void {
  const unit: Unit = {
    start: 0,
    end: body.length,
    begun: firstBegun,
    ended: false,
    sepStart: -1,
    sepEnd: -1,
  };
  const close = (end: number, ended: boolean, next: number, begun: boolean) => {
    unit.end = end;
    unit.ended = ended;
    visit(unit);
    unit.start = next;
    unit.end = body.length;
    unit.begun = begun;
    unit.ended = false;
    unit.sepStart = -1;
    unit.sepEnd = -1;
  };
  // Where the strings of the open unit's arguments have been read to; -1 before its separator,
  // and for good once a string never closes.
  let stringsRead = -1;
  let stringsEnd = false;
  // The first quote at or after where strings were last read from (-1: none left), so the search
  // for it never covers the same text twice however many tokens come before it.
  let nextQuote = -2;
  // The index just past the string that holds `at`; `at` when none does; -1 when a string opened
  // before `at` never closes. Reads from `from`, outside any string.
  const stringAround = (from: number, at: number): number => {
    let i = from;
    for (;;) {
      if (nextQuote !== -1 && nextQuote < i) nextQuote = body.indexOf('"', i);
      if (nextQuote === -1 || nextQuote >= at) return at;
      const end = jsonStringEnd(body, nextQuote);
      if (end === -1) return -1;
      if (end > at) return end;
      i = end;
    }
  };
  for (let t = TOKENS.next(body, 0); t !== null; ) {
    if (stringsRead !== -1) {
      const inside = stringAround(stringsRead, t.start);
      if (inside === -1) {
        // The string never closes: a stray quote, or a prefix whose string has not closed yet.
        stringsRead = -1;
        stringsEnd = true;
        if (open === 'hold') break;
      } else if (inside > t.start) {
        stringsRead = inside;
        t = TOKENS.next(body, inside);
        continue;
      } else stringsRead = inside;
    }
    const kind: TokenKind = t.kind;
    if (kind === 'callBegin') close(t.start, false, t.end, true);
    else if (kind === 'callEnd') close(t.start, true, t.end, false);
    else if (kind === 'sep') {
      if (unit.sepStart === -1) {
        unit.sepStart = t.start;
        unit.sepEnd = t.end;
        if (!stringsEnd) stringsRead = t.end;
      }
    } else if (kind === 'callsBegin' || kind === 'callsEnd' || kind === 'eos') {
      // A repeated wrapper token or an end-of-sentence: markup, not text; the unit ends here.
      close(t.start, false, t.end, false);
    }
    if (unit.sepStart === -1) stringsRead = -1;
    t = TOKENS.next(body, t.end);
  }
  visit(unit);
}

/** Every unit of `body` (see eachUnit), as a list. */
function unitsOf(body: string, firstBegun: boolean): Unit[] {
  const units: Unit[] = [];
  eachUnit(body, firstBegun, (unit) => units.push({ ...unit }), 'hold');
  return units;
}

/** ```` ```json\n{…}\n``` ```` → `{…}`; text without a fence is returned trimmed. */
export function stripFence(text: string): string {
  let t = text.trim();
  if (t.startsWith('```')) {
    const nl = t.indexOf('\n');
    t = nl === -1 ? t.slice(3).replace(/^json/i, '') : t.slice(nl + 1);
    if (t.trimEnd().endsWith('```')) t = t.trimEnd().slice(0, -3);
    return t.trim();
  }
  if (t.endsWith('```')) t = t.slice(0, -3).trim();
  return t;
}

/** A name holds no markup, JSON, quote, fence or line break (blanks it may hold). */
function isName(name: string): boolean {
  return isCharRun(name, isNameChar, 1, MAX_NAME);
}
function isNameChar(c: number): boolean {
  return c !== LT && c !== GT && c !== BRACE_OPEN && c !== QUOTE && c !== LINE_FEED && c !== BACKTICK;
}

/** A unit's call: its name, where its arguments start, and whether it is written in the V3 form. */
type Head = { name: string; from: number; v3: boolean };

/**
 * The call a unit holds, or null when it holds none. V3: the type `function`, the name on the
 * separator's line, then the fenced JSON; V3.1: the name before the separator, the JSON after it.
 * For the last unit of a body still arriving (`last`), undefined while a V3 name line is not
 * finished: until it ends the unit may be either form.
 */
function headOf(text: string, unit: Unit, last: boolean): Head | null | undefined {
  if (unit.sepStart === -1) return null;
  const left = text.slice(unit.start, unit.sepStart).trim();
  if (left === 'function') {
    const nl = text.indexOf('\n', unit.sepEnd);
    if (nl !== -1 && nl < unit.end) {
      const name = text.slice(unit.sepEnd, nl).trim();
      if (isName(name)) return { name, from: nl + 1, v3: true };
    } else if (last) return undefined;
  }
  return unit.begun && isName(left) ? { name: left, from: unit.sepEnd, v3: false } : null;
}

type UnitRead = { call: RawCall; format: string | undefined } | { malformed: string } | null;

/** One unit as a call, or null when it is text (no separator, not opened as a call). */
function readUnit(body: string, unit: Unit, formats: CallFormats): UnitRead {
  const head = headOf(body, unit, false);
  if (head) {
    const call = { name: head.name, arguments: stripFence(body.slice(head.from, unit.end)) };
    return { call, format: head.v3 ? formats.v3 : formats.v31 };
  }
  if (unit.sepStart === -1) return unit.begun ? { malformed: 'no <｜tool▁sep｜> in the call' } : null;
  return {
    malformed: unit.begun ? 'the call has no name before <｜tool▁sep｜>' : 'a separator outside a call',
  };
}

/**
 * The first call of a body still arriving, for the engine's early announcement: its name once the
 * unit that holds it has its separator and (V3) the line with the name, and where its arguments
 * start (the first `{` after them: V3's fence is passed over), so they stream as they arrive.
 * Units before it that are text or broken are passed over as `readUnit` does; a unit that may
 * still become a call holds the answer back. Once it answers, every longer prefix gives the same
 * answer: the units it looked at are complete.
 */
export function announceTokenCall(bare = false) {
  return (prefix: string): AnnouncedCall | null => {
    const units = unitsOf(prefix, bare);
    for (let k = 0; k < units.length; k++) {
      const head = headOf(prefix, units[k]!, k === units.length - 1);
      if (head === undefined) return null;
      if (head !== null) return { name: head.name, arguments: { from: head.from } };
    }
    return null;
  };
}

function isCompleteJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export function tokenCallsBody(formats: CallFormats, bare = false) {
  return (body: string, ctx: BodyContext): BodyResult => {
    const calls: RawCall[] = [];
    const issues: BodyIssue[] = [];
    const texts: string[] = [];
    let format: string | undefined;
    let sawCallToken = bare;
    let lastBegunOpen = false;
    // A bare `<｜tool▁call▁begin｜>` block: its body is the one call.
    eachUnit(
      body,
      bare,
      (unit) => {
        if (unit.begun) sawCallToken = true;
        const read = readUnit(body, unit, formats);
        if (read === null) {
          const text = body.slice(unit.start, unit.end).trim();
          if (text !== '') texts.push(text);
          return;
        }
        if ('malformed' in read) {
          const raw = body.slice(unit.start, unit.end);
          if (raw.trim() !== '')
            issues.push({ kind: 'malformed-call', message: `Removed: ${read.malformed}.`, raw });
          return;
        }
        // A run of the same call (a megabyte of one cut call) shares one object: the engine reads a
        // call it drops past maxCalls once per object, and makes every call it keeps afresh.
        const previous = calls.length > 0 ? calls[calls.length - 1]! : null;
        const same =
          previous !== null && previous.name === read.call.name && previous.arguments === read.call.arguments;
        calls.push(same ? previous : read.call);
        format ??= read.format;
        lastBegunOpen = unit.begun && !unit.ended;
      },
      'split',
    );
    if (calls.length === 0) {
      // Prose that names the token (`it starts with <｜tool▁calls▁begin｜>`), or a wrapper with no
      // call token in it (vLLM reads no call there): text, as written.
      if (!sawCallToken && (!ctx.closed || issues.length > 0 || texts.length > 0)) {
        return { calls, notMarkup: true };
      }
      return { calls, issues, error: 'no <｜tool▁call▁begin｜>…<｜tool▁sep｜>… call in the block' };
    }
    if (lastBegunOpen && !ctx.closed) {
      // The cut-off rule (architecture/semantics.md): the last call's arguments, cut by the end
      // of the output, are taken only when they are complete JSON (the server cut the end token).
      const last = calls[calls.length - 1]!;
      const complete = typeof last.arguments !== 'string' || isCompleteJson(last.arguments);
      if (!complete) calls.pop();
      const cut = `the output ended inside the call to "${String(last.name)}"`;
      issues.push(
        complete
          ? { kind: 'partial-call', message: MAY_BE_CUT, raw: body }
          : notExtracted('partial-call', cut, body),
      );
      if (calls.length === 0) return { calls, error: PARTIAL_CALL };
    }
    const result: BodyResult = { calls, issues };
    if (format !== undefined) result.format = format;
    if (texts.length > 0) result.text = texts.join('\n\n');
    return result;
  };
}
