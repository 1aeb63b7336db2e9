/**
 * The streaming path: a TransformStream over the provider's stream parts that feeds the text
 * deltas to a toolformat stream parser and writes its events back as the spec's parts.
 *
 * Tool input is sent when the call is settled. The parser announces a call (`tool-call-start`)
 * as soon as its name is written and may withdraw it later (`tool-call-abort`: its arguments
 * never closed, or what streamed did not match the call — architecture/stream-engine.md). The
 * spec has no part that takes back a `tool-input-start` or a `tool-input-delta`, and the SDK
 * shows every tool-input-start to the user as a pending call. So announcements and argument
 * deltas are not forwarded: at `tool-call-end`, when the call can no longer be withdrawn,
 * `tool-input-start`, one `tool-input-delta` with the whole input, `tool-input-end` and
 * `tool-call` go out together. An aborted call therefore never reaches the SDK, and the ids
 * sent are exactly the ids of the calls the batch path returns.
 *
 * Text and reasoning get their own part ids (`text-start` / `-delta` / `-end`): a block closes
 * before a call or a block of the other kind, so parts never interleave.
 */
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { ParseIssue, StreamEvent, StreamParser } from '@toolformat/core';
import { NoToolCallError } from './no-tool-call-error.js';
import { withToolformatMetadata } from './provider-metadata.js';
import { satisfies, toolCallPart } from './tool-definitions.js';

/** How much of the turn's text a NoToolCallError carries from a stream. */
const KEPT_TEXT = 1 << 20;

export interface RescueStreamOptions {
  /** `'required'`, the name of the tool that must be called, or null. */
  required: string | null;
}

export function createRescueStream(
  parser: StreamParser,
  { required }: RescueStreamOptions,
): TransformStream<LanguageModelV3StreamPart, LanguageModelV3StreamPart> {
  let open: { kind: 'text' | 'reasoning'; id: string } | null = null;
  let blocks = 0;
  let rescued = 0;
  let text = '';
  let ended = false;
  const names: string[] = [];
  const issues: ParseIssue[] = [];

  const close = (out: TransformStreamDefaultController<LanguageModelV3StreamPart>) => {
    if (open === null) return;
    out.enqueue({ type: open.kind === 'text' ? 'text-end' : 'reasoning-end', id: open.id });
    open = null;
  };

  const write = (events: StreamEvent[], out: TransformStreamDefaultController<LanguageModelV3StreamPart>) => {
    for (const event of events) {
      if (event.type === 'text' || event.type === 'reasoning') {
        if (event.text === '') continue;
        if (open?.kind !== event.type) {
          close(out);
          open = { kind: event.type, id: `toolformat-${event.type}-${blocks++}` };
          out.enqueue({ type: event.type === 'text' ? 'text-start' : 'reasoning-start', id: open.id });
        }
        out.enqueue({
          type: event.type === 'text' ? 'text-delta' : 'reasoning-delta',
          id: open.id,
          delta: event.text,
        });
      } else if (event.type === 'tool-call-end') {
        close(out);
        const part = toolCallPart(event.call);
        out.enqueue({ type: 'tool-input-start', id: part.toolCallId, toolName: part.toolName });
        out.enqueue({ type: 'tool-input-delta', id: part.toolCallId, delta: part.input });
        out.enqueue({ type: 'tool-input-end', id: part.toolCallId });
        out.enqueue(part);
        rescued++;
        names.push(part.toolName);
      } else if (event.type === 'issue') issues.push(event.issue);
      // tool-call-start / -delta / -abort: see the header (sent when settled). Issues go to the
      // finish part's providerMetadata, as generate puts them on its result.
    }
  };

  const end = (out: TransformStreamDefaultController<LanguageModelV3StreamPart>) => {
    if (ended) return;
    ended = true;
    write(parser.end(), out);
    close(out);
    if (!satisfies(required, names))
      out.enqueue({ type: 'error', error: new NoToolCallError(required ?? 'required', text) });
  };

  return new TransformStream({
    transform(part, out) {
      switch (part.type) {
        case 'text-start':
        case 'text-end':
          // The provider's text blocks are read as one text; ours carry their own ids.
          return;
        case 'text-delta':
          // Kept only for the error a required call's absence raises, and only its first MiB.
          if (required !== null && text.length < KEPT_TEXT) text += part.delta;
          write(parser.push(part.delta), out);
          return;
        case 'tool-input-start':
        case 'tool-call':
          // A native call passes through untouched, after the text before it.
          close(out);
          if (part.type === 'tool-call') names.push(part.toolName);
          out.enqueue(part);
          return;
        case 'finish': {
          end(out);
          const providerMetadata = withToolformatMetadata(part.providerMetadata, {
            format: parser.format,
            issues,
            calls: rescued,
          });
          out.enqueue({
            ...part,
            ...(rescued > 0 ? { finishReason: { unified: 'tool-calls', raw: part.finishReason.raw } } : {}),
            ...(providerMetadata ? { providerMetadata } : {}),
          });
          return;
        }
        default:
          out.enqueue(part);
      }
    },
    flush(out) {
      end(out);
    },
  });
}
