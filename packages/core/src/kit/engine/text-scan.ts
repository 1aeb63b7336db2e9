/**
 * Text mode (architecture/stream-engine.md): the scan that looks for markers in the output's text
 * and hands each to its concern, and the whole-output form (a bare JSON array, a pythonic list)
 * read in place of text when the output starts with it.
 *
 * Invariants kept here:
 * - text is released as soon as it cannot start a marker: only a possible marker prefix at the end
 *   of the work is carried to the next push;
 * - each candidate position is looked at once, through the text cursor (or a walk of at most 32
 *   characters): prose costs about an `indexOf` scan, hostile text stays linear
 *   (architecture/semantics.md, guarantee 8);
 * - the whole-output form is decided on the first non-blank, non-neutral character of the output,
 *   and read only if it is all calls (and, by the evidence rule of architecture/precision.md,
 *   not named in a sentence); otherwise its text is read again, once, as text;
 * - an `outputStart` block is looked for only where the output's text starts.
 */
import { skipJsonSpace } from '../char-codes.js';
import { continuesSentence } from '../evidence.js';
import { declaredOrExact } from '../exact-call-shape.js';
import { issueAt } from '../fold-events.js';
import type { MarkerSet } from '../marker-set.js';
import type { BodyResult, MarkupSpec } from '../markup-spec.js';
import type { TextMarker } from './compiled.js';
import { sameFamily } from './mentions.js';
import { Repeats } from './repeats.js';
import { Mode } from './state.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

export abstract class TextScan extends Repeats {
  protected scanText(work: string, pos: number, final: boolean): number {
    const n = work.length;
    const markers = this.compiled.textMarkers;
    if (this.pending !== null) {
      const decided = this.decidePending(work, pos, final);
      if (decided !== pos) return decided;
    }
    if (this.compiled.startMarkers !== null && !this.content.hasText) {
      const started = this.scanOutputStart(work, pos, final);
      if (started !== pos) return started;
    }
    if (!this.wholeDecided) {
      const p = skipJsonSpace(work, pos);
      if (p === n) {
        this.text(work.slice(pos));
        return n;
      }
      const m = markers.matchAt(work, p, final);
      if (m === 'partial') return -p - 1;
      const kind = m === null ? null : m.value.kind;
      const isNeutral = kind === 'reasoning' || kind === 'strip' || kind === 'separator';
      if (!isNeutral) {
        this.wholeDecided = true;
        // A block's marker is stronger than a bare form's first character (`[TOOL_CALLS]` is not
        // a pythonic list): the block is read, and streams, as it would alone.
        // (A block proven only by a stray closer is weaker than the whole-output form, and so is
        // one that yields to it: the whole output is read as calls first, and only if it is not
        // all calls does the block read it.)
        const value = m === null ? null : m.value;
        const bare = value !== null && value.kind === 'block' && value.spec.yieldsToWhole === true;
        const weakBlock =
          value !== null && value.kind === 'block' && (value.spec.provenBy !== undefined || bare);
        if ((kind !== 'block' || weakBlock) && this.compiled.spec.whole!.startChars.includes(work[p]!)) {
          this.text(work.slice(pos, p));
          this.mode = Mode.Whole;
          this.wholeForBare = bare;
          this.blockOffset = this.offset + p;
          return p;
        }
      }
    }
    let from = pos;
    for (;;) {
      // Where the next character itself may start a marker (a run of `{`, `[` or `<` that are
      // not markers), it is the next candidate: no cursor search for each one. A letter is left
      // to the cursor (`[f(`: the `f` of `functools` is no candidate after each `[`).
      const c =
        n <= 32
          ? walkCandidate(markers, work, from)
          : from > pos && from < n && markers.isProbeStart(charCodeAt.call(work, from))
            ? from
            : this.textCursorFor(work).nextCandidate(from);
      if (c === -1) {
        this.text(work.slice(pos));
        return n;
      }
      const m = markers.matchAt(work, c, final);
      if (m === null) {
        from = c + 1;
        continue;
      }
      if (m === 'partial') {
        this.text(work.slice(pos, c));
        return -c - 1;
      }
      const marker = m.value;
      switch (marker.kind) {
        case 'backtick': {
          // An inline code span that closes in this work is text, like the prose around it: the
          // scan steps over it and releases both in one piece (a span per word made two releases
          // per word, and their garbage). Anything else (a fence, a span still open) is openCode's.
          if (this.pending === null && this.wholeDecided) {
            const after = this.inlineSpanEnd(work, c);
            if (after !== -1) {
              from = after;
              continue;
            }
          }
          return this.openCode(work, pos, c, final);
        }
        case 'block': {
          if (marker.spec.lineStart && !this.atLineStart(work, c, 3)) {
            // A run of a one-character marker's character (`{{{{`): none after the first is at a
            // line start either, and no other marker starts with it, so the run is passed whole.
            from = c + 1;
            const code = charCodeAt.call(work, c);
            if (m.marker.length === 1 && markers.isOnlyMarkerOf(code))
              while (from < n && charCodeAt.call(work, from) === code) from++;
            continue;
          }
          this.wholeDecided = true;
          const prose = this.proseAfterOpen(marker.spec, work, c + m.marker.length);
          if (prose !== -1) {
            // What checkBodyStart would decide after entering the block, decided here: the
            // marker and the blanks after it are text (`Wrap calls in <tool_call> tags`).
            from = prose;
            continue;
          }
          this.text(work.slice(pos, c));
          // The same unit again and again (a megabyte of one broken block): counted, not read.
          const counted = this.countRepeats(work, c);
          if (counted !== c) return counted;
          this.enterBlock(marker.spec, m.marker, c);
          return c + m.marker.length;
        }
        case 'reasoning':
        case 'strip':
        case 'separator': {
          // A token named in a sentence (`the <|im_end|> token`, `wraps it in [THINK] and …`)
          // stays text (architecture/precision.md); so does a run of them glued together
          // (`verbose: <|start|>assistant<|channel|>final<|message|> just to say hello`).
          // Only a token after a blank can start a named run; the rest of a run is glued to the
          // token before it, so each run is walked once (linear time).
          const runEnd =
            marker.kind === 'reasoning' || !this.afterBlank(work, c)
              ? c + m.marker.length
              : this.neutralRunEnd(work, c + m.marker.length, final);
          if (runEnd === -1) {
            this.text(work.slice(pos, c));
            return -c - 1;
          }
          // A run that starts with a separator starts by ending a message (`x <|end|><|start|>…`):
          // what follows is the next message, whatever it starts with, not the sentence going on.
          const run = runEnd > c + m.marker.length;
          const named =
            runEnd === -2 || (run && marker.kind === 'separator')
              ? false
              : this.namedInSentence(work, c, runEnd, run, final);
          if (named === 'hold') {
            this.text(work.slice(pos, c));
            return -c - 1;
          }
          if (named) {
            from = runEnd;
            continue;
          }
          this.text(work.slice(pos, c));
          if (marker.kind === 'separator') this.content.separate();
          this.content.cut();
          if (marker.kind === 'reasoning') this.enterReasoning(marker.spec);
          return c + m.marker.length;
        }
        case 'label':
          if (!this.atLineStart(work, c, 3)) {
            from = c + 1;
            continue;
          }
          this.text(work.slice(pos, c));
          this.content.cut();
          this.matched ??= this.compiled.spec.id;
          return c + m.marker.length;
      }
    }
  }

  /**
   * Where the output's text starts (no content yet): an `outputStart` block's marker at the first
   * non-blank character opens it. Returns where the scan goes on, `pos` when nothing opened.
   * Each call looks at one position, and only until the first content is written.
   */
  private scanOutputStart(work: string, pos: number, final: boolean): number {
    const n = work.length;
    const p = skipJsonSpace(work, pos);
    if (p === n) return pos;
    const m = this.compiled.startMarkers!.matchAt(work, p, final);
    if (m === 'partial') {
      this.text(work.slice(pos, p));
      return -p - 1;
    }
    if (m === null || m.value.kind !== 'block' || !this.atLineStart(work, p, 3)) return pos;
    this.wholeDecided = true;
    this.text(work.slice(pos, p));
    this.enterBlock(m.value.spec, m.marker, p);
    return p + m.marker.length;
  }

  /** The output ended in the whole-output form: read it as calls, or else as text (see finishMode). */
  protected finishWhole(): void {
    const whole = this.compiled.spec.whole!;
    const body = this.takeBody();
    this.mode = Mode.Text;
    const ok = this.tryWhole(whole, body);
    if (!ok) {
      this.wholeDecided = true;
      this.refeed(body, this.blockOffset);
    }
  }

  private tryWhole(whole: NonNullable<MarkupSpec['whole']>, body: string): boolean {
    let result: BodyResult;
    try {
      result = whole.body(body, { options: this.opts, closed: true, open: '' });
    } catch {
      return false;
    }
    if (result.error !== undefined || result.calls.length === 0) return false;
    if (whole.onlyDeclaredTools && !declaredOrExact(result, this.opts)) return false;
    // Text after the calls: the block it stood in for reads calls anywhere in the text.
    if (this.wholeForBare && result.text !== undefined && result.text.trim() !== '') return false;
    // The evidence rule (architecture/precision.md): the sentence must not go on after the calls
    // on their line; with strong evidence demanded, nothing but blanks may follow them.
    const after = result.text ?? '';
    if (this.opts.strict || this.compiled.spec.trusted !== undefined) {
      const format = result.format ?? whole.format ?? this.compiled.spec.id;
      const strong = this.opts.strict || !sameFamily(format, this.compiled.spec.trusted!);
      if (strong && (after.trim() !== '' || !this.namesDeclared(result))) return false;
    }
    // (A whole body may trim the blank after its calls: the first word after them decides.)
    if (
      this.opts.mentions &&
      continuesSentence(charCodeAt.call(after.trimStart(), 0), false) &&
      after.trim() !== ''
    )
      return false;
    this.matched ??= result.format ?? whole.format ?? this.compiled.spec.id;
    this.blockOpen = '';
    if (result.issues) for (const issue of result.issues) this.issue(issueAt(issue, this.blockOffset));
    if (result.text !== undefined) this.text(result.text);
    this.content.cut();
    for (const call of result.calls) this.emitCall(call, body);
    return true;
  }
}

function walkCandidate(markers: MarkerSet<TextMarker>, work: string, from: number): number {
  for (let i = from; i < work.length; i++) if (markers.canStart(charCodeAt.call(work, i))) return i;
  return -1;
}
