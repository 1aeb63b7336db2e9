/**
 * The streaming rescue over Chat Completion chunks, one chunk in, the chunks to send out: what
 * `rescueStream` (over the `openai` client's stream) and the proxy (over SSE) both run.
 *
 * Each choice's content deltas feed a toolformat stream parser. Text and reasoning go on as soon
 * as the parser releases them (`delta.content`, `delta.reasoning_content`). A call goes out when
 * it is settled (`tool-call-end`): the parser may withdraw a call it announced (`tool-call-abort`,
 * architecture/stream-engine.md) and OpenAI's stream has no way to take a call back, so the
 * call's first chunk (`index`, `id`, `type`, `function.name`, empty `arguments`) and its argument
 * pieces follow each other then, the way OpenAI streams them. The sum of the chunks is what
 * `rescueCompletion` returns for the whole answer.
 *
 * Native `tool_calls` deltas pass through; rescued calls take indexes after theirs. The chunk that
 * carries `finish_reason` first flushes the parser, and says `tool_calls` when calls were
 * rescued. Chunks with no choices (usage) pass through untouched.
 */
import type { ParseIssue, StreamEvent, StreamParser } from '@toolformat/core';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';

type Choice = ChatCompletionChunk.Choice;
type Delta = Choice['delta'] & { reasoning_content?: string };

interface ChoiceState {
  parser: StreamParser;
  /** The next index a call takes (native calls first). */
  nextIndex: number;
  /** Argument pieces of announced calls, by parser index. */
  pieces: Map<number, string[]>;
  rescued: number;
  finished: boolean;
}

export interface ChunkRescuer {
  /** The chunks to send for one chunk received (possibly none: the parser holds the text). */
  push(chunk: ChatCompletionChunk): ChatCompletionChunk[];
  /** The source ended: what the parsers still hold, and a finish for choices that got none. */
  end(): ChatCompletionChunk[];
  /** Calls rescued so far, over every choice. */
  readonly rescued: number;
  /** The parse issues reported so far. */
  readonly issues: readonly ParseIssue[];
  /** The format that read the calls (of the first choice that has one), or null. */
  readonly format: string | null;
}

/** `newParser(model)` makes the parser for one choice; `model` is the first chunk's model. */
export function createChunkRescuer(newParser: (model: string) => StreamParser): ChunkRescuer {
  const choices = new Map<number, ChoiceState>();
  const issues: ParseIssue[] = [];
  let last: ChatCompletionChunk | null = null;
  let rescued = 0;

  const state = (index: number, model: string): ChoiceState => {
    let s = choices.get(index);
    if (!s) {
      s = { parser: newParser(model), nextIndex: 0, pieces: new Map(), rescued: 0, finished: false };
      choices.set(index, s);
    }
    return s;
  };

  /** A chunk like `template` with one choice. */
  const chunkOf = (
    template: ChatCompletionChunk,
    index: number,
    delta: Delta,
    finish: Choice['finish_reason'] = null,
  ) => {
    const { choices: _choices, usage: _usage, ...rest } = template;
    return {
      ...rest,
      choices: [{ index, delta, finish_reason: finish, logprobs: null }],
    } as ChatCompletionChunk;
  };

  const write = (
    template: ChatCompletionChunk,
    index: number,
    s: ChoiceState,
    events: StreamEvent[],
    out: ChatCompletionChunk[],
  ) => {
    // Consecutive text (or reasoning) events go out as one delta.
    const run: { kind: 'content' | 'reasoning_content' | null; text: string } = { kind: null, text: '' };
    const flush = () => {
      if (run.kind !== null && run.text !== '') out.push(chunkOf(template, index, { [run.kind]: run.text }));
      run.kind = null;
      run.text = '';
    };
    for (const event of events) {
      switch (event.type) {
        case 'text':
        case 'reasoning': {
          const kind = event.type === 'text' ? 'content' : 'reasoning_content';
          if (run.kind !== kind) {
            flush();
            run.kind = kind;
          }
          run.text += event.text;
          break;
        }
        case 'tool-call-start':
          s.pieces.set(event.index, []);
          break;
        case 'tool-call-delta':
          s.pieces.get(event.index)?.push(event.argumentsDelta);
          break;
        case 'tool-call-abort':
          s.pieces.delete(event.index);
          break;
        case 'tool-call-end': {
          flush();
          const args = JSON.stringify(event.call.arguments);
          const streamed = s.pieces.get(event.index) ?? [];
          s.pieces.delete(event.index);
          // The pieces as they streamed, when they add up to the settled arguments (a repair at
          // the end may change them; then the whole text goes in one piece).
          const pieces = streamed.join('') === args ? streamed.filter((p) => p !== '') : [args];
          const i = s.nextIndex++;
          out.push(
            chunkOf(template, index, {
              tool_calls: [
                {
                  index: i,
                  id: event.call.id,
                  type: 'function',
                  function: { name: event.call.name, arguments: '' },
                },
              ],
            }),
          );
          for (const piece of pieces)
            out.push(
              chunkOf(template, index, { tool_calls: [{ index: i, function: { arguments: piece } }] }),
            );
          s.rescued++;
          rescued++;
          break;
        }
        case 'issue':
          issues.push(event.issue);
          break;
      }
    }
    flush();
  };

  const finish = (
    template: ChatCompletionChunk,
    index: number,
    s: ChoiceState,
    out: ChatCompletionChunk[],
  ) => {
    if (s.finished) return;
    s.finished = true;
    write(template, index, s, s.parser.end(), out);
  };

  return {
    push(chunk) {
      last = chunk;
      if (!Array.isArray(chunk.choices) || chunk.choices.length === 0) return [chunk];
      const out: ChatCompletionChunk[] = [];
      for (const choice of chunk.choices) {
        const s = state(choice.index, chunk.model);
        const { content, ...rest } = choice.delta as Delta;
        if (rest.tool_calls) {
          // Native calls pass through; rescued ones are numbered after them.
          for (const call of rest.tool_calls) s.nextIndex = Math.max(s.nextIndex, call.index + 1);
        }
        // A delta with more than content (the role, a refusal, native calls or reasoning) goes on
        // without its content; the content goes through the parser. Logprobs are not carried:
        // they describe tokens the parser re-cuts.
        if (Object.keys(rest).length > 0 && !s.finished)
          out.push(chunkOf(chunk, choice.index, { ...rest, ...(content === '' ? { content } : {}) }));
        if (typeof content === 'string' && content !== '' && !s.finished)
          write(chunk, choice.index, s, s.parser.push(content), out);
        if (choice.finish_reason != null) {
          finish(chunk, choice.index, s, out);
          out.push(chunkOf(chunk, choice.index, {}, s.rescued > 0 ? 'tool_calls' : choice.finish_reason));
        }
      }
      return out;
    },
    end() {
      const out: ChatCompletionChunk[] = [];
      if (last === null) return out;
      for (const [index, s] of choices) {
        if (s.finished) continue;
        finish(last, index, s, out);
        // The source never said how it finished; the client must still learn that calls came.
        if (s.rescued > 0) out.push(chunkOf(last, index, {}, 'tool_calls'));
      }
      return out;
    },
    get rescued() {
      return rescued;
    },
    get issues() {
      return issues;
    },
    get format() {
      for (const s of choices.values()) if (s.parser.format !== null) return s.parser.format;
      return null;
    },
  };
}
