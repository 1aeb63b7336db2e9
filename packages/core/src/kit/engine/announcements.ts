/**
 * Announcements and ids (architecture/stream-engine.md): a block with an `announce` hook is asked
 * for its first call's name early, the call is announced (`tool-call-start`) and its arguments
 * streamed as they arrive; a call that does not come is withdrawn (`tool-call-abort`).
 *
 * Invariants kept here:
 * - `announce` is asked at the same body lengths (16, 32, … 1024) in every chunking, so the
 *   announcement, and the id it takes, are the same streamed and batch;
 * - `generateId` is asked once per extracted call, in order: an announcement borrows the id its
 *   call will take and a withdrawn one hands it on (`spareId`), so ids do not depend on whether
 *   calls were announced;
 * - a generateId that throws or gives no string still yields a call (with a built-in id) and one
 *   issue at the end (architecture/contract.md);
 * - at most one call is announced at a time (`announced`), and `argumentStream` is set only
 *   while it is.
 */
import { ArgumentStream, type ArgumentsAt } from '../argument-stream.js';
import { callerId, defaultGenerateId, idFailureIssue } from '../ids.js';
import type { AnnouncedCall } from '../markup-spec.js';
import { TextRelease } from './text-release.js';

/** Body lengths at which a block's `announce` is asked for the first call's name (doubling). */
export const FIRST_ANNOUNCE = 16;
const LAST_ANNOUNCE = 1024;

export abstract class Announcements extends TextRelease {
  // early announcement of a block's first call (BlockSpec.announce)
  protected announceAt = Number.POSITIVE_INFINITY;
  /** `generated`: the id came from generateId (and goes back if the call does not come). */
  protected announced: { index: number; id: string; name: string; generated: boolean } | null = null;
  /** The id of a withdrawn announcement, for the next call (see takeId). */
  protected spareId: string | null = null;
  /** Why the caller's generateId gave no id, once it has failed (see newId). */
  private idFailure: string | null = null;
  /** The built-in ids given in its place, and whether a call that came out holds one. */
  protected fallbackIds: Set<string> | null = null;
  private fallbackUsed = false;
  /** The arguments of the announced call, sent as they arrive (when its block's announce says where). */
  protected argumentStream: ArgumentStream | null = null;

  protected sendArguments(text: string, from: number, to: number): void {
    const delta = this.argumentStream!.feed(text, from, to);
    if (delta !== '')
      this.events.push({ type: 'tool-call-delta', index: this.announced!.index, argumentsDelta: delta });
  }

  /**
   * Asks the block's `announce` for the first call's name at body lengths 16, 32, … 1024: the
   * same prefixes in every chunking, so the announcement (and the id it takes) is the same in
   * batch and stream; a handful of questions per block keeps the cost bounded.
   */
  protected tryAnnounce(): void {
    const announce = this.block?.announce;
    if (!announce || this.announced) {
      this.announceAt = Number.POSITIVE_INFINITY;
      return;
    }
    const body = this.bodyText;
    while (this.announceAt <= LAST_ANNOUNCE && body.length >= this.announceAt) {
      let said: string | AnnouncedCall | null = null;
      try {
        said = announce(body.slice(0, this.announceAt), this.blockOpen);
      } catch {
        said = null;
      }
      this.announceAt *= 2;
      const name = typeof said === 'string' ? said : (said?.name ?? '');
      if (typeof name === 'string' && name.trim() !== '') {
        this.announceAt = Number.POSITIVE_INFINITY;
        const id =
          typeof said === 'object' && typeof said?.id === 'string' && said.id !== '' ? said.id : null;
        this.announceCall(name.trim(), id);
        const where = typeof said === 'object' ? said?.arguments : undefined;
        if (this.announced !== null && where !== undefined) this.startArguments(where, body);
        return;
      }
    }
    if (this.announceAt > LAST_ANNOUNCE) this.announceAt = Number.POSITIVE_INFINITY;
  }

  private announceCall(name: string, ownId: string | null): void {
    const tools = this.opts.tools;
    if (tools && !tools.has(name) && this.opts.unknownTools === 'drop') return;
    if (this.callCount >= this.opts.maxCalls) return;
    const id = ownId ?? this.takeId();
    const index = this.callIndex++;
    this.announced = { index, id, name, generated: ownId === null };
    this.events.push({ type: 'tool-call-start', index, id, name });
  }

  /** The announced call's arguments are in its body at `where`: send what of them is here. */
  private startArguments(where: ArgumentsAt, body: string): void {
    if (typeof where !== 'object' || where === null) return;
    this.argumentStream = new ArgumentStream(where);
    this.sendArguments(body, 0, body.length);
  }

  /** An announced call that did not come: withdraw it (its id goes to the next call). */
  protected settleAnnouncement(): void {
    if (this.announced) this.withdraw(this.announced);
    this.announceAt = Number.POSITIVE_INFINITY;
  }

  protected withdraw(announced: { index: number; id: string; generated: boolean }): void {
    this.events.push({ type: 'tool-call-abort', index: announced.index });
    this.announced = null;
    this.argumentStream = null;
    if (announced.generated) this.spareId = announced.id;
  }

  /**
   * The id for the next call. `generateId` is asked once per call that is extracted, in order:
   * an announcement borrows the id its call will take, and a withdrawn one hands it on. So the
   * ids of the result are the same whether or not calls were announced, streamed or batch.
   */
  protected takeId(): string {
    const spare = this.spareId;
    if (spare === null) return this.newId();
    this.spareId = null;
    return spare;
  }

  /**
   * A fresh id from the caller's generateId. One that throws or gives no string is the caller's
   * bug, not the model's: the call still comes out, with a built-in id, and one issue at the end
   * names generateId (architecture/contract.md). The same in batch, stream and rescue.
   */
  private newId(): string {
    const id = callerId(this.opts.generateId);
    if (typeof id === 'string') return id;
    this.idFailure ??= id.why;
    const fallback = defaultGenerateId();
    this.fallbackIds ??= new Set();
    this.fallbackIds.add(fallback);
    return fallback;
  }

  /** A call went out: note whether its id is one given in place of generateId's. */
  protected noteId(id: string): void {
    if (this.fallbackIds?.has(id)) this.fallbackUsed = true;
  }

  protected reportIdFailure(): void {
    if (!this.fallbackUsed || this.idFailure === null) return;
    this.fallbackUsed = false;
    this.issue(idFailureIssue(this.idFailure));
  }
}
