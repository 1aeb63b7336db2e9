/**
 * Reading a block into calls, and calls going out (architecture/stream-engine.md): the block's
 * body parser runs once its body is complete, and its reading becomes issues, reasoning, text and
 * calls — or is held for the call-or-mention decision (mentions.ts).
 *
 * Invariants kept here:
 * - every call passes the allowlist, `maxCalls`, argument normalisation and id generation in one
 *   place, `emitCall`, and comes out as `tool-call-start`, `-delta`, `-end`; the deltas of a call
 *   that ends add up to the JSON of its arguments;
 * - nothing is lost (architecture/semantics.md, guarantee 1): a span that looked like a call and
 *   did not become one is kept as text or removed and reported with its raw text (`malformed`);
 * - a body parser that throws is a broken block, not an exception (guarantee 9);
 * - the block's raw text (open + body + close) is built only where it is used.
 */
import type { ToolCall } from '../../schemas.js';
import { normalizeArguments } from '../arguments.js';
import { holdsProse, opensProse } from '../evidence.js';
import { issueAt } from '../fold-events.js';
import type { BlockSpec, BodyResult, RawCall } from '../markup-spec.js';
import { isPlainObject } from '../safe-object.js';
import { oneShape } from './compiled.js';
import { ReasoningMode } from './reasoning-mode.js';
import type { PendingBlock } from './state.js';

/** The reason given for a block that held nothing (no call, no text, no error of its own). */
const EMPTY_BLOCK = 'the block holds no call';

export abstract class CallReading extends ReasoningMode {
  private malformedWhy = '';
  private malformedMessage = '';
  /** The last body read and its reading, when it may be shared (see parseBody). */
  private memoParser: BlockSpec['body'] | null = null;
  private memoBody = '';
  private memoClosed = false;
  private memoOpen = '';
  private memoRead: BodyResult | null = null;
  /** The last call dropped past maxCalls and its JSON (a shared reading drops the same call). */
  private droppedRaw: RawCall | null = null;
  private droppedJson = '';

  /** Holds the block just read until what follows it decides call or mention (Mentions). */
  protected abstract holdBlock(
    read: BodyResult,
    rest: string,
    format: string | undefined,
    how: Pick<PendingBlock, 'closed' | 'provenBy' | 'empty' | 'brokenOnly'>,
  ): void;

  /** `close` is the close marker that ended the body (or ''): the block's raw text is open + body + close. */
  protected finishBody(
    parser: BlockSpec['body'],
    body: string,
    close: string,
    closed: boolean,
    format: string | undefined,
    read?: BodyResult,
  ): boolean {
    const ok = this.readBody(parser, body, close, closed, format, read);
    if (this.pending === null) this.settleAnnouncement();
    return ok;
  }

  private readBody(
    parser: BlockSpec['body'],
    body: string,
    close: string,
    closed: boolean,
    format: string | undefined,
    read?: BodyResult,
  ): boolean {
    const result = read ?? this.parseBody(parser, body, closed);
    // The raw text is built only where it is used: a thought or a clean call never needs it.
    // Not this format's markup after all (a ```json fence holding an ordinary example), or a block
    // only a closer could prove that holds no call to prove (`BlockSpec.provenBy`): text.
    if (result.notMarkup || (this.blockProvenBy !== null && result.calls.length === 0)) {
      this.text(this.blockOpen + body + close);
      return false;
    }
    if (
      result.error !== undefined ||
      (result.calls.length === 0 && result.text === undefined && result.reasoning === undefined)
    ) {
      // A marker named in a sentence (`[TOOL_CALLS] followed by…`) is prose, not a broken call.
      if (this.opts.mentions && this.blockMidLine && opensProse(body)) {
        this.text(this.blockOpen + body + close);
        return false;
      }
      // Cut off by the end after a blank in a line of prose (`shows <｜tool▁call▁begin｜>function…`):
      // the marker is named in the sentence; the words stay as written.
      if (this.opts.mentions && !closed && this.blockCloses && this.blockMidLine && holdsProse(body)) {
        this.text(this.blockOpen + body + close);
        return false;
      }
      // Broken or empty (`<tool_call></tool_call> tags`): what follows decides too.
      if (!this.opts.mentions) {
        this.matched ??= result.format ?? format ?? this.compiled.spec.id;
        this.malformed(
          this.blockOpen + body + close,
          result.error ?? 'the block holds no call',
          this.blockOffset,
          closed || !this.blockCloses ? 'malformed-call' : 'partial-call',
        );
        return false;
      }
      this.holdBlock(
        result.error !== undefined ? result : { ...result, error: EMPTY_BLOCK },
        body + close,
        format,
        {
          closed: closed || !this.blockCloses,
          provenBy: null,
          empty: body.trim() === '',
        },
      );
      return false;
    }
    // Tokens that hold no call, named in a sentence (`verbose: <|start|>assistant<|channel|>final
    // <|message|> just to say hello`): the tokens are the prose's, not markup to cut.
    if (
      result.calls.length === 0 &&
      this.opts.mentions &&
      this.blockMidLine &&
      result.error === undefined &&
      (result.issues === undefined || result.issues.length === 0)
    ) {
      this.text(this.blockOpen + body + close);
      return false;
    }
    if (
      result.calls.length === 0 &&
      result.text !== undefined &&
      this.opts.mentions &&
      this.blockMidLine &&
      opensProse(body) &&
      hasMalformed(result)
    ) {
      this.text(this.blockOpen + body + close);
      return false;
    }
    // A block that held only a broken call (reported in its issues, `calls: []`): what follows
    // decides between a broken call and a quoted example, as for an error.
    if (
      result.calls.length === 0 &&
      this.opts.mentions &&
      hasMalformed(result) &&
      (result.text === undefined || result.text.trim() === '')
    ) {
      this.holdBlock(result, body + close, format, {
        closed: closed || !this.blockCloses,
        provenBy: null,
        brokenOnly: true,
      });
      return false;
    }
    if (result.calls.length > 0 && (this.opts.mentions || this.blockStrong || this.blockProvenBy !== null)) {
      // Call or mention: what follows the block decides (decidePending).
      this.holdBlock(result, body + close, format, { closed, provenBy: this.blockProvenBy });
      return true;
    }
    this.emitBlock(result, '', format, this.blockOffset);
    return true;
  }

  /** A block's reading goes out: its issues, reasoning, text and calls. */
  protected emitBlock(
    result: BodyResult,
    blockRaw: string,
    format: string | undefined,
    offset: number,
  ): void {
    this.matched ??= result.format ?? format ?? this.compiled.spec.id;
    this.content.cut();
    if (result.issues) for (const issue of result.issues) this.issue(issueAt(issue, offset));
    if (result.reasoning !== undefined && result.reasoning !== '') {
      this.reasoningSink.separate();
      this.reasoning(result.reasoning);
    }
    if (result.text !== undefined) {
      this.text(result.text);
      this.content.cut();
    }
    for (const call of result.calls) this.emitCall(call, blockRaw);
  }

  /** With tools declared, every call names one of them (no tools declared: nothing to check). */
  protected namesDeclared(read: BodyResult): boolean {
    const tools = this.opts.tools;
    if (tools === null) return true;
    for (const call of read.calls) {
      const name = typeof call.name === 'string' ? call.name.trim() : '';
      if (!tools.has(name)) return false;
    }
    return true;
  }

  /** Runs a block's body parser (a pure function of the body and the context). */
  protected parseBody(parser: BlockSpec['body'], body: string, closed: boolean): BodyResult {
    // The same block again (a run of identical broken blocks): a body parser is a pure function
    // of the body and the context, so its reading is the one before. Only a reading none of whose
    // calls can come out is shared (none, or maxCalls already reached when it was made): every
    // call that goes out is a fresh object, and readings are never changed.
    const memo = this.memoRead;
    if (
      memo !== null &&
      parser === this.memoParser &&
      closed === this.memoClosed &&
      body === this.memoBody &&
      this.blockOpen === this.memoOpen
    ) {
      return memo;
    }
    // One context object per parser, refilled: body parsers read it during the call only.
    const ctx = this.bodyContext;
    ctx.closed = closed;
    ctx.open = this.blockOpen;
    let read: BodyResult;
    try {
      read = oneShape(parser(body, ctx));
    } catch (error) {
      read = oneShape({ calls: [], error: `the format's body parser failed: ${String(error)}` });
    }
    if (read.calls.length === 0 || this.callCount >= this.opts.maxCalls) {
      this.memoParser = parser;
      this.memoBody = body;
      this.memoClosed = closed;
      this.memoOpen = this.blockOpen;
      this.memoRead = read;
    } else this.memoRead = null;
    return read;
  }

  /** A span that looked like a call and did not become one; `partial-call` when the output ended inside it. */
  protected malformed(raw: string, why: string, offset: number, kind = 'malformed-call'): void {
    const keep = this.opts.onMalformed === 'keep';
    // The same reason again (a run of broken blocks) shares the message built the first time.
    if (why !== this.malformedWhy) {
      this.malformedWhy = why;
      this.malformedMessage = `${keep ? 'Kept as text' : 'Removed'}: a span that looked like a call did not parse (${why}).`;
    }
    this.issue({ kind, message: this.malformedMessage, raw, offset });
    if (keep) this.text(raw);
    else this.content.cut();
  }

  protected emitCall(raw: RawCall, blockRaw: string): void {
    const name = typeof raw.name === 'string' ? raw.name.trim() : '';
    if (name.length === 0) {
      this.issue({ kind: 'malformed-call', message: 'A call without a name was removed.', raw: blockRaw });
      return;
    }
    if (this.callCount >= this.opts.maxCalls) {
      if (raw !== this.droppedRaw) {
        this.droppedRaw = raw;
        this.droppedJson = safeJson(raw);
      }
      this.dropOverLimit(this.droppedJson, this.blockOffset, 1);
      return;
    }
    const tools = this.opts.tools;
    if (tools && !tools.has(name)) {
      const drop = this.opts.unknownTools === 'drop';
      this.issue({
        kind: 'unknown-tool',
        message: `"${name}" is not a declared tool${drop ? '; the call was dropped' : ''}.`,
        raw: safeJson(raw),
        offset: this.blockOffset,
      });
      if (drop) return;
    }
    // Arguments that are an object already (the usual call) stay as they are, as
    // normalizeArguments would leave them, with no reading made around them.
    const given = raw.arguments;
    let args: Record<string, unknown>;
    if (isPlainObject(given)) args = given;
    else {
      const normalized = normalizeArguments(given);
      args = normalized.arguments;
      if (normalized.issue !== undefined) {
        this.issue({
          kind: 'malformed-call',
          message: `Arguments of "${name}": ${normalized.issue}`,
          raw: safeJson(raw),
        });
      }
    }
    const announced = this.announced;
    this.announced = null;
    // The arguments' JSON, for the deltas (a fold builds none).
    const json = this.foldOnly ? '' : safeJson(args);
    const sent = this.argumentStream?.sent ?? '';
    this.argumentStream = null;
    // The announcement is this call's when the name matches and what streamed of its arguments is
    // the start of their JSON. Otherwise (the block was read again after a stray quote, a key was
    // written twice) it is withdrawn and the call starts afresh: the deltas of every call that
    // ends add up to its arguments.
    // (An equality test of the prefix, not `startsWith`: `sent` is a rope of one piece per push,
    // and V8's startsWith over a rope took longer than the rest of the call, 7 µs for 1 KB of
    // arguments streamed four characters at a time; equality compares it a node at a time.)
    const reuse = announced !== null && announced.name === name && json.slice(0, sent.length) === sent;
    if (announced && !reuse) this.withdraw(announced);
    // A call that carries its own id leaves the announcement's for the next call.
    if (reuse && raw.id !== undefined && announced.generated) this.spareId = announced.id;
    const call: ToolCall = {
      id: raw.id ?? (reuse ? announced.id : this.takeId()),
      name,
      arguments: args,
    };
    const index = reuse ? announced.index : this.callIndex++;
    this.callCount++;
    if (!reuse) this.events.push({ type: 'tool-call-start', index, id: call.id, name });
    if (!this.foldOnly) {
      // What of the arguments' JSON has not been sent yet: all of it, unless they streamed.
      const rest = reuse ? json.slice(sent.length) : json;
      if (rest !== '') this.events.push({ type: 'tool-call-delta', index, argumentsDelta: rest });
    }
    this.events.push({ type: 'tool-call-end', index, call });
    if (this.fallbackIds !== null) this.noteId(call.id);
  }
}

function hasMalformed(read: BodyResult): boolean {
  return read.issues?.some((i) => i.kind === 'malformed-call') === true;
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return String(value);
  }
}
