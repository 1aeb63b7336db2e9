/**
 * The batch parse of an output whose only markup is clean call blocks (architecture/stream-engine.md,
 * "Clean blocks"): prose, and blocks such as `<tool_call>\n{"name": …, "arguments": {…}}\n</tool_call>`
 * on lines of their own, each read cleanly as calls. Most outputs with calls are this, and for
 * them the engine's machinery (modes, cursors per block, the call-or-mention wait, events folded
 * one by one) costs twice the JSON the calls are made of.
 *
 * This path walks the text with the engine's own marker set and cursor, reads each block with the
 * block's own body parser, and builds the content with the engine's own TextSink. It returns
 * exactly what the engine would, or null at the first thing it does not handle, and the engine
 * then parses the text from the start. What it handles, the engine decides the same way every
 * time; each condition below says which of the engine's rules it stands for.
 *
 * Invariants kept here:
 * - no result unless every marker the scan finds is a clean block, or a strip token or separator
 *   glued to what comes before it; anything else (reasoning, code, a label, a block of another
 *   kind, a marker in a sentence) returns null;
 * - nothing observable happens before the result is certain: body parsers are pure, and
 *   `generateId` is asked only after the last block is read, once per call, in order;
 * - one pass: the cursor moves forward only, and each block's close is one `indexOf`. A text it
 *   declines costs at most this pass on top of the engine's.
 */
import type { ResolvedParseOptions } from '../../options.js';
import type { ParseIssue, ParseResult, ToolCall } from '../../schemas.js';
import { CallsReading } from '../calls-reading.js';
import {
  BRACE_OPEN,
  BRACKET_OPEN,
  CARRIAGE_RETURN,
  LINE_FEED,
  SPACE,
  skipJsonSpace,
  TAB,
} from '../char-codes.js';
import { continuesSentence, gluesToMarker } from '../evidence.js';
import { callerId, defaultGenerateId, idFailureIssue } from '../ids.js';
import type { BlockSpec, BodyResult, RawCall } from '../markup-spec.js';
import { isPlainObject } from '../safe-object.js';
import { TextSink } from '../text-sink.js';
import type { CompiledMarkup } from './compiled.js';
import { lineStartAt } from './state.js';

// Called directly, never as `text.charCodeAt` or `text.slice`: see architecture/stream-engine.md,
// "Reading code units".
const charCodeAt = String.prototype.charCodeAt;
const slice = String.prototype.slice;

/**
 * The most blanks read where the output's text starts and before a block's body: a clean output
 * has a few there. More are the engine's, so that a text it ends up parsing (a megabyte of blank
 * lines in a block) is not read twice.
 */
const LOOK = 64;

/** The parse of `text` when its only markup is clean blocks; null for anything else (the engine's). */
export function cleanBlocksResult(
  compiled: CompiledMarkup,
  text: string,
  opts: ResolvedParseOptions,
): ParseResult | null {
  if (typeof text !== 'string') return null;
  const spec = compiled.spec;
  // Strong evidence (strict mode, a trusted family) and reasoning open from the start change
  // how blocks and text are decided; an `outputStart` block is looked for before any text.
  if (
    opts.strict ||
    opts.reasoningOpen ||
    spec.trusted !== undefined ||
    compiled.startMarkers !== null ||
    text.length > opts.maxInputLength
  )
    return null;
  // The whole-output form is decided on the first non-blank character that is no strip token or
  // separator (TextScan.scanText): one of its start characters there is the engine's.
  const wholeStarts = spec.whole === undefined ? '' : spec.whole.startChars;
  let undecided = wholeStarts !== '';
  if (undecided) {
    const start = skipJsonSpace(text, 0, false, Math.min(text.length, LOOK));
    if (start === LOOK || startsWhole(text, start, wholeStarts)) return null;
  }

  const markers = compiled.textMarkers;
  const cursor = markers.cursor(text);
  const sink = new TextSink();
  const ctx: { options: ResolvedParseOptions; closed: boolean; open: string } = {
    options: opts,
    closed: true,
    open: '',
  };
  const tools = opts.tools;
  // The calls read so far, field by field (their ids are given only once every block is read).
  const names: string[] = [];
  const argumentsOf: Array<Record<string, unknown>> = [];
  const ownIds: Array<string | undefined> = [];
  let content = '';
  let format: string | null = null;
  const n = text.length;
  /** Where the text not yet written to the sink starts, and where the scan goes on. */
  let pos = 0;
  let from = 0;
  /** The last candidate that matched no marker, or -1. */
  let missed = -1;
  for (;;) {
    // Right after a candidate that matched nothing, a next character that may itself start a
    // marker is the next candidate, without a search (as TextScan.scanText takes it: `]<]` runs).
    const c =
      from === missed + 1 && from < n && markers.isProbeStart(charCodeAt.call(text, from))
        ? from
        : cursor.nextCandidate(from);
    if (c === -1) break;
    const m = markers.matchAt(text, c, true);
    if (m === null) {
      missed = c;
      from = c + 1;
      continue;
    }
    if (m === 'partial') return null;
    const marker = m.value;
    const before = c > 0 ? charCodeAt.call(text, c - 1) : -1;
    if (marker.kind === 'strip' || marker.kind === 'separator') {
      // After a blank the token may be named in a sentence (Mentions.namedInSentence): the engine's.
      if (before === SPACE || before === TAB) return null;
      if (undecided) {
        if (skipJsonSpace(text, pos) !== c) undecided = false;
        else if (startsWhole(text, skipJsonSpace(text, c + m.marker.length), wholeStarts)) return null;
      }
      content += sink.write(slice.call(text, pos, c));
      if (marker.kind === 'separator') sink.separate();
      sink.cut();
      pos = from = c + m.marker.length;
      continue;
    }
    if (marker.kind !== 'block') return null;
    const block = marker.spec;
    if (block.lineStart) {
      // Not at a line start, the marker is passed over (TextScan.scanText); at one, the engine's.
      if (!lineStartAt(text, c, 3, 0)) {
        from = c + 1;
        continue;
      }
      return null;
    }
    if (!isCleanBlock(block)) return null;
    const bodyFrom = c + m.marker.length;
    const close = block.close as string;
    const at = text.indexOf(close, bodyFrom);
    if (at === -1) return null;
    // The body's first non-blank character decides the block (Blocks.checkBodyStart); an empty
    // block, or one the engine would take for prose, is the engine's.
    const first = skipJsonSpace(text, bodyFrom, false, Math.min(at, bodyFrom + LOOK));
    if (first === at || first === bodyFrom + LOOK) return null;
    const code = charCodeAt.call(text, first);
    if (block.bodyStart !== undefined && block.bodyStart.indexOf(text[first]!) === -1) return null;
    if (block.guard === 'json' && code !== BRACE_OPEN && code !== BRACKET_OPEN) return null;
    ctx.open = m.marker;
    let read: BodyResult;
    try {
      read = block.body(slice.call(text, bodyFrom, at), ctx);
    } catch {
      return null;
    }
    // With a JSON guard, a body that reads as strict JSON has no string open at the first close,
    // so that close ends the block (the lazy guard of Blocks.scanBlock). The usual reading is a
    // CallsReading, asked first: its reads here see one shape whatever formats have run.
    let readCalls: RawCall[];
    if (read instanceof CallsReading) {
      if (read.calls.length === 0 || (block.guard === 'json' && read.strictJson !== true)) return null;
      readCalls = read.calls;
    } else {
      if (!isCleanReading(read) || (block.guard === 'json' && read.strictJson !== true)) return null;
      readCalls = read.calls;
    }
    const end = at + close.length;
    // A line break right after the close (the usual call) stands without a look at the rule.
    if (
      opts.mentions &&
      end < n &&
      charCodeAt.call(text, end) !== LINE_FEED &&
      !standsAfter(compiled, text, end, before)
    )
      return null;
    for (let i = 0; i < readCalls.length; i++) {
      // What CallReading.emitCall checks: a name, the allowlist, arguments an object.
      const call = readCalls[i]!;
      const given = call.name;
      const name = typeof given === 'string' ? given.trim() : '';
      const args = call.arguments;
      if (name === '' || !isPlainObject(args)) return null;
      if (tools !== null && !tools.has(name)) return null;
      names.push(name);
      argumentsOf.push(args);
      ownIds.push(call.id);
    }
    // And maxCalls: the engine would drop what is past it, and report it.
    if (names.length > opts.maxCalls) return null;
    content += sink.write(slice.call(text, pos, c));
    sink.cut();
    format ??= read.format ?? block.format ?? spec.id;
    undecided = false;
    pos = from = end;
  }
  content += sink.write(slice.call(text, pos));

  // Every block is read: now, and only now, ids (CallReading.emitCall, Announcements.takeId).
  const calls: ToolCall[] = [];
  let failure: string | null = null;
  for (let i = 0; i < names.length; i++) {
    let id = ownIds[i];
    if (id === undefined) {
      const given = callerId(opts.generateId);
      if (typeof given === 'string') id = given;
      else {
        failure ??= given.why;
        id = defaultGenerateId();
      }
    }
    calls.push({ id, name: names[i]!, arguments: argumentsOf[i]! });
  }
  const issues: ParseIssue[] = failure === null ? [] : [idFailureIssue(failure)];
  return { calls, content: content.length > 0 ? content : null, reasoning: null, issues, format };
}

/**
 * A block this path reads as the engine does: a literal open and one literal close, nothing that
 * trails or cuts it short, no string tokens, no evidence of its own to demand, no stray closer to
 * prove it, and no whole-output form it yields to.
 */
function isCleanBlock(block: BlockSpec): boolean {
  return (
    typeof block.close === 'string' &&
    block.close !== 'json-end' &&
    block.close !== 'end-of-output' &&
    block.fence === undefined &&
    block.closeBefore === undefined &&
    block.trailing === undefined &&
    block.strings === undefined &&
    block.outputStart !== true &&
    block.yieldsToWhole !== true &&
    block.evidence === undefined &&
    block.provenBy === undefined &&
    (block.guard === undefined || block.guard === 'json')
  );
}

/** Calls and nothing else: no issue, error, text or reasoning beside them (CallReading.readBody). */
function isCleanReading(read: BodyResult): boolean {
  return (
    read.calls.length > 0 &&
    read.error === undefined &&
    read.notMarkup !== true &&
    (read.issues === undefined || read.issues.length === 0) &&
    read.text === undefined &&
    read.reasoning === undefined
  );
}

/**
 * The evidence rule for a block that read as calls, closed at `end` (Mentions.decidePending): it
 * is a call when, after blanks on its line, a line break, the end of the output or more markup
 * follows, or a word that does not carry the sentence on. `before`: the unit before its open marker.
 */
function standsAfter(compiled: CompiledMarkup, text: string, end: number, before: number): boolean {
  const n = text.length;
  let p = end;
  while (p < n) {
    const c = charCodeAt.call(text, p);
    if (c !== SPACE && c !== TAB) break;
    p++;
  }
  if (p === n) return true;
  const c = charCodeAt.call(text, p);
  if (c === LINE_FEED || c === CARRIAGE_RETURN) return true;
  if (compiled.textMarkers.canStart(c) && compiled.textMarkers.matchAt(text, p, true) !== null) return true;
  return gluesToMarker(before) || !continuesSentence(c, p === end);
}

/** A whole-output form's start character stands at `p`. */
function startsWhole(text: string, p: number, startChars: string): boolean {
  return p < text.length && startChars.indexOf(text[p]!) !== -1;
}
