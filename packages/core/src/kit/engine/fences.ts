/**
 * Code fences and inline code (architecture/semantics.md, guarantee 4: code is not markup): a
 * fence or an inline span is text, markers in it included; a fence whose info string a block
 * declares (```` ```tool_call ````) is that block; and, with tools declared, a fence that holds
 * nothing but call markup for them is calls.
 *
 * Invariants kept here:
 * - a fence line (open or close) is read whole before deciding, up to MAX_FENCE_LINE characters:
 *   the carry stays short; an opening line that runs longer ends there, in batch as in a stream;
 * - an inline span ends at a backtick run of its length or at the end of its line, so the scan
 *   stays one pass;
 * - a fence is held (`fenceProbe`) only until its first non-blank character says whether it could
 *   be markup; a held fence is read by a nested parser that does not probe fences again (one
 *   level: linear), and its calls count only if it holds calls and nothing else;
 * - an unclosed fence runs to the end of the output, and is text.
 */

import type { ResolvedParseOptions } from '../../options.js';
import type { StreamEvent } from '../../schemas.js';
import { BACKTICK, isSpace, LINE_FEED, SPACE, TAB } from '../char-codes.js';
import { Blocks } from './blocks.js';
import { type FenceCalls, Mode } from './state.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/** Longest fence info line or fence close line read before deciding without its end. */
const MAX_FENCE_LINE = 256;

export abstract class Fences extends Blocks {
  // code state
  private fenceTicks = 0;
  private fenceAtLineStart = false;
  private inlineTicks = 0;
  /** 0: a plain code fence; 1: held, undecided; 2: held, starts like markup (see fenceOut). */
  private fenceProbe: 0 | 1 | 2 = 0;
  private fenceOpen = '';
  private fencePieces: string[] = [];

  abstract push(chunk: string): StreamEvent[];
  abstract end(): StreamEvent[];
  /** A parser of the same format that does not probe fences (MarkupStreamParser). */
  protected abstract nestedParser(opts: ResolvedParseOptions): Fences;

  /**
   * A backtick run at `c` in text (`pos` is where the text scan's unreleased text starts): a fence
   * at a line start (a block's when its info string declares one), else an inline code span.
   * Returns where the scan goes on, or -k - 1 to hold back from k.
   */
  protected openCode(work: string, pos: number, c: number, final: boolean): number {
    const n = work.length;
    let end = c;
    while (end < n && charCodeAt.call(work, end) === BACKTICK) end++;
    if (end === n && !final) {
      this.text(work.slice(pos, c));
      return -c - 1;
    }
    const ticks = end - c;
    if (ticks >= 3 && this.atLineStart(work, c, 3)) {
      const nl = work.indexOf('\n', end);
      // The line is read whole when it ends within MAX_FENCE_LINE characters; a longer one ends
      // there, in a batch parse as in every chunking (a stream cannot hold it all back).
      const whole = nl !== -1 && nl - c < MAX_FENCE_LINE;
      if (!whole && !final && n - c < MAX_FENCE_LINE) {
        this.text(work.slice(pos, c));
        return -c - 1;
      }
      const lineEnd = whole ? nl + 1 : Math.min(n, c + MAX_FENCE_LINE);
      const info = firstWord(work, end, whole ? nl : lineEnd);
      const block = this.compiled.fences.get(info);
      this.text(work.slice(pos, c));
      if (block) {
        this.enterBlock(block, work.slice(c, lineEnd), c);
        this.blockFence = ticks;
        this.fenceAtLineStart = whole;
      } else {
        this.mode = Mode.Fence;
        this.fenceTicks = ticks;
        this.fenceAtLineStart = whole;
        // With declared tools, a fence may hold nothing but call markup (semantics 4): hold
        // it until its first character says whether it could.
        this.fenceProbe = this.opts.tools !== null && this.probeFences ? 1 : 0;
        if (this.fenceProbe) {
          this.fenceOpen = work.slice(c, lineEnd);
          this.fencePieces = [];
        } else {
          this.text(work.slice(c, lineEnd));
        }
      }
      return lineEnd;
    }
    this.text(work.slice(pos, end));
    this.mode = Mode.InlineCode;
    this.inlineTicks = ticks;
    return end;
  }

  /**
   * Where the inline code span opened by the backtick run at `c` ends (after its closing run, or
   * after the newline that ends it), when that is inside `work` and decided there; -1 for a fence
   * opener, or a span whose end this work does not show (openCode and scanInlineCode decide those,
   * as they would have anyway: this only spares the text releases of a span they would close).
   */
  protected inlineSpanEnd(work: string, c: number): number {
    const n = work.length;
    let end = c;
    while (end < n && charCodeAt.call(work, end) === BACKTICK) end++;
    const ticks = end - c;
    if (end === n || (ticks >= 3 && this.atLineStart(work, c, 3))) return -1;
    for (let i = end; i < n; i++) {
      const code = charCodeAt.call(work, i);
      if (code === LINE_FEED) return i + 1;
      if (code === BACKTICK) {
        let runEnd = i;
        while (runEnd < n && charCodeAt.call(work, runEnd) === BACKTICK) runEnd++;
        if (runEnd === n) return -1;
        if (runEnd - i === ticks) return runEnd;
        i = runEnd - 1;
      }
    }
    return -1;
  }

  protected override scanFencedBlock(work: string, pos: number, final: boolean): number {
    const n = work.length;
    let p = pos;
    for (;;) {
      if (this.fenceAtLineStart) {
        const close = fenceCloseAt(work, p, this.blockFence, final);
        if (close === 'partial') {
          this.appendBody(work, pos, p);
          return -p - 1;
        }
        if (close !== -1) {
          this.appendBody(work, pos, p);
          this.completeBlock(true, work.slice(p, close));
          return close;
        }
      }
      const nl = work.indexOf('\n', p);
      if (nl === -1) {
        this.fenceAtLineStart = false;
        this.appendBody(work, pos, n);
        return n;
      }
      p = nl + 1;
      this.fenceAtLineStart = true;
      if (p === n) {
        this.appendBody(work, pos, n);
        return n;
      }
    }
  }

  protected scanFence(work: string, pos: number, final: boolean): number {
    const n = work.length;
    let p = pos;
    for (;;) {
      if (this.fenceAtLineStart) {
        const close = fenceCloseAt(work, p, this.fenceTicks, final);
        if (close === 'partial') {
          this.fenceOut(work.slice(pos, p));
          return -p - 1;
        }
        if (close !== -1) {
          this.fenceOut(work.slice(pos, p));
          this.closeFence(work.slice(p, close));
          return close;
        }
      }
      const nl = work.indexOf('\n', p);
      if (nl === -1) {
        this.fenceAtLineStart = false;
        this.fenceOut(work.slice(pos));
        return n;
      }
      p = nl + 1;
      this.fenceAtLineStart = true;
      if (p === n) {
        this.fenceOut(work.slice(pos));
        return n;
      }
    }
  }

  /** Text inside a fence: released, or held while the fence may turn out to be call markup. */
  private fenceOut(s: string): void {
    if (this.fenceProbe === 0) {
      this.text(s);
      return;
    }
    this.fencePieces.push(s);
    if (this.fenceProbe === 2) return;
    let i = 0;
    while (i < s.length && isSpace(charCodeAt.call(s, i))) i++;
    if (i === s.length) return;
    const code = charCodeAt.call(s, i);
    // Call markup starts with a marker, or, in a format with a whole-output form, with one of its
    // start characters (a fence holding a bare JSON call list).
    const whole = this.compiled.spec.whole;
    if (
      code !== BACKTICK &&
      (this.compiled.textMarkers.canStart(code) || whole?.startChars.includes(s[i]!) === true)
    ) {
      this.fenceProbe = 2;
      return;
    }
    this.fenceProbe = 0;
    this.text(this.fenceOpen + this.fencePieces.join(''));
    this.fencePieces = [];
  }

  private closeFence(closeLine: string): void {
    this.mode = Mode.Text;
    if (this.fenceProbe === 0) {
      this.text(closeLine);
      return;
    }
    const body = this.fencePieces.join('');
    this.fencePieces = [];
    this.fenceProbe = 0;
    const raw = this.fenceOpen + body + closeLine;
    const fence = this.callsOnly(body);
    if (fence === null) {
      this.text(raw);
      return;
    }
    if (!this.opts.mentions) {
      this.emitFence(fence);
      return;
    }
    // A fence of calls counts on strong evidence (architecture/precision.md): a documentation page
    // shows the same fence and then explains it; a model that fences its calls stops after them.
    this.pending = {
      read: { calls: [] },
      raw,
      offset: this.offset,
      format: undefined,
      glued: false,
      strong: true,
      closed: true,
      provenBy: null,
      ownLine: true,
      midLine: false,
      fence,
    };
    this.pendingBlank = '';
    this.pendingKeep = '';
  }

  /** The calls a fence of calls holds go out (see callsOnly). */
  protected override emitFence(fence: FenceCalls): void {
    this.matched ??= fence.format;
    this.content.cut();
    const base = this.callIndex;
    for (const e of fence.events) {
      this.events.push({ ...e, index: base + e.index });
      if (e.type === 'tool-call-end') this.noteId(e.call.id);
    }
    this.callIndex = base + fence.callIndex;
    this.callCount += fence.calls;
  }

  /**
   * A fence whose body is nothing but call markup for declared tools counts as calls: read the
   * body with a parser of the same format (which does not probe fences again: one level, linear)
   * and take its calls only if it found calls and nothing else.
   */
  protected callsOnly(body: string): FenceCalls | null {
    // Ids come from this parser's sequence, and a spare one goes back to it (see takeId).
    const opts = { ...this.opts, generateId: () => this.takeId() };
    const nested = this.nestedParser(opts);
    const events = [...nested.push(body), ...nested.end()];
    if (nested.spareId !== null) this.spareId = nested.spareId;
    const tools = this.opts.tools!;
    let calls = 0;
    const callEvents: Array<Extract<StreamEvent, { index: number }>> = [];
    for (const e of events) {
      if (e.type === 'tool-call-end') {
        if (!tools.has(e.call.name)) return null;
        calls++;
        callEvents.push(e);
      } else if (
        e.type === 'tool-call-start' ||
        e.type === 'tool-call-delta' ||
        e.type === 'tool-call-abort'
      ) {
        callEvents.push(e);
      } else {
        return null;
      }
    }
    if (calls === 0 || this.callCount + calls > this.opts.maxCalls) return null;
    return { events: callEvents, calls, callIndex: nested.callIndex, format: nested.matched };
  }

  /**
   * Inline code runs to a backtick run of the same length or to the end of the line. (Markdown
   * lets a span cross lines; a line is enough for model output, and it keeps the scan one pass.)
   */
  protected scanInlineCode(work: string, pos: number, final: boolean): number {
    const n = work.length;
    for (let i = pos; i < n; i++) {
      const c = charCodeAt.call(work, i);
      if (c === LINE_FEED) {
        this.text(work.slice(pos, i + 1));
        this.mode = Mode.Text;
        return i + 1;
      }
      if (c === BACKTICK) {
        let end = i;
        while (end < n && charCodeAt.call(work, end) === BACKTICK) end++;
        if (end === n && !final) {
          this.text(work.slice(pos, i));
          return -i - 1;
        }
        if (end - i === this.inlineTicks) {
          this.text(work.slice(pos, end));
          this.mode = Mode.Text;
          return end;
        }
        i = end - 1;
      }
    }
    this.text(work.slice(pos));
    return n;
  }

  /** The output ended inside a fence (see finishMode). */
  protected finishFence(): void {
    // An unclosed fence runs to the end of the output: it is code, so text.
    if (this.fenceProbe !== 0) this.text(this.fenceOpen + this.fencePieces.join(''));
    this.fencePieces = [];
    this.fenceProbe = 0;
    this.mode = Mode.Text;
  }
}

/** The info word after a fence's backticks: ```` ```tool_call ```` → `tool_call`. */
function firstWord(work: string, from: number, to: number): string {
  let s = from;
  while (s < to && isSpace(charCodeAt.call(work, s))) s++;
  let e = s;
  while (e < to && !isSpace(charCodeAt.call(work, e)) && charCodeAt.call(work, e) !== BACKTICK) e++;
  return work.slice(s, e);
}

/**
 * At a line start: the index after a closing fence line of at least `ticks` backticks (up to
 * 3 spaces before, only spaces after), -1 when the line is not one, 'partial' when more input
 * is needed to tell.
 */
function fenceCloseAt(work: string, at: number, ticks: number, final: boolean): number | 'partial' {
  const n = work.length;
  let p = at;
  while (p < n && p - at < 3 && charCodeAt.call(work, p) === SPACE) p++;
  const tickStart = p;
  while (p < n && charCodeAt.call(work, p) === BACKTICK) p++;
  if (p === n && !final) return 'partial';
  if (p - tickStart < ticks) return -1;
  while (p < n && p - at < MAX_FENCE_LINE) {
    const c = charCodeAt.call(work, p);
    if (c === LINE_FEED) return p + 1;
    if (c !== SPACE && c !== TAB && c !== 13) return -1;
    p++;
  }
  if (p === n) return final ? n : 'partial';
  return -1;
}
