/**
 * The text tool loop, for models with no native tool calling: prompt, stop, parse, execute,
 * observe, answer. Every turn the model gets the handler's system prompt and stop sequences; its
 * output is parsed by the same handler; the calls are run and their results written back the way
 * the format expects (`formatResult`); the loop ends on a turn with no call, with that turn's text
 * sanitized as the answer. It knows nothing of any format: it works with every handler.
 *
 * Dual mode (architecture/tool-loop.md): with `native: true` the model calls tools natively —
 * the tools go to `generate`, which returns `{ text, toolCalls }`; native calls are used as they
 * are, and a turn without them still has its text read (strictly: the loop executes what it
 * gets). `streamToolLoop` is the same loop as an async generator of events, so a chat UI can show
 * text as it is released and calls as they start and end; `runToolLoop` drains it.
 *
 * What models get wrong is handled here rather than thrown at the caller: an unknown tool or a
 * tool that throws becomes an error result the model reads and can correct; a call that did not
 * parse (malformed JSON, a cut-off call) is answered with the parse error, once per turn, instead
 * of ending the loop with an empty answer. What the caller must see is thrown: `maxIterations`
 * reached and abort, as a `ToolLoopError` holding the transcript.
 */
import type { ToolFormatHandler } from './handler.js';
import { EventFolder } from './kit/fold-events.js';
import type {
  ParseOptions,
  ParseResult,
  StreamEvent,
  ToolCall,
  ToolDefinition,
  ToolResult,
} from './schemas.js';
import { createToolIndex } from './tools.js';

/** One message of the conversation the loop builds (the shape chat-completion APIs take). */
export interface LoopMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
  /** With `role: 'tool'`: the call this result answers. */
  toolCallId?: string;
  /** With `role: 'tool'`: the tool's name. */
  name?: string;
  /** With `role: 'assistant'` in native mode: the calls the model made natively. */
  toolCalls?: ToolCall[];
}

export interface GenerateOptions {
  /** Stop sequences the completion must honour (the handler's, plus the caller's; native: the caller's). */
  stop: string[];
  /** Native mode: the tools to declare to the model. Text mode: absent (they are in the prompt). */
  tools?: ToolDefinition[];
  signal?: AbortSignal;
}

/** What a model turn gave: its text, and the calls it made natively (native mode). */
export interface GeneratedTurn {
  text: string;
  toolCalls?: ToolCall[];
}

/** Any completion: the messages so far in, the model's text (or text and native calls) out. */
export type GenerateFn = (
  messages: LoopMessage[],
  options: GenerateOptions,
) => string | GeneratedTurn | Promise<string | GeneratedTurn>;

/** A streamed completion: text deltas, and native calls as they complete. */
export type StreamGenerateFn = (
  messages: LoopMessage[],
  options: GenerateOptions,
) => AsyncIterable<string | { toolCall: ToolCall }>;

/** Runs one call; what it returns (a string, or anything JSON can write) is the result. */
export type ExecuteFn = (call: ToolCall, context: { signal?: AbortSignal }) => unknown;

export interface ToolLoopOptions {
  generate: GenerateFn;
  /**
   * The model calls tools natively: the tools go to `generate` instead of into the prompt, no
   * format stop sequences are added, results go back as `tool` messages, and a turn with no
   * native call still has its text read, strictly (architecture/precision.md). Default false.
   */
  native?: boolean;
  handler: ToolFormatHandler;
  tools: ToolDefinition[];
  /** A function for every call, or one function per tool name. A throw becomes an error result. */
  execute: ExecuteFn | Record<string, (args: Record<string, unknown>, call: ToolCall) => unknown>;
  /** The conversation so far. A leading system message becomes the prompt's preamble. */
  messages: LoopMessage[];
  /** Model turns at most (default 10). */
  maxIterations?: number;
  signal?: AbortSignal;
  /** Text mode: role of the message that carries results, `user` (default; any chat template) or `tool`. */
  resultRole?: 'user' | 'tool';
  /** Stop sequences added to the handler's (the server's end-of-turn tokens, say). */
  stop?: string[];
  /** Parse options other than `tools` (which the loop passes). */
  parseOptions?: Omit<ParseOptions, 'tools'>;
}

/** A call the loop ran, with the result the model was given. */
export interface ToolLoopCall {
  call: ToolCall;
  result: ToolResult;
}

/** One model turn: what it wrote, how it parsed, and what the loop did with it. */
export interface ToolLoopStep {
  output: string;
  parsed: ParseResult;
  /** The results sent back (tool results, or the parse error of a call that did not parse). */
  results: ToolResult[];
}

export interface ToolLoopResult {
  /** The last turn's text, sanitized by the handler: no markup, no scaffolding. */
  answer: string;
  calls: ToolLoopCall[];
  /** Every message, the system prompt first and the answer last. */
  transcript: LoopMessage[];
  steps: ToolLoopStep[];
}

/** What `streamToolLoop` yields, in order, while the loop runs. */
export type ToolLoopEvent =
  | { type: 'turn-start'; iteration: number }
  /** Text, reasoning and call progress as the model's output is read (the format's stream events). */
  | { type: 'output'; event: StreamEvent }
  /** A call is about to run. */
  | { type: 'tool-call'; call: ToolCall }
  | { type: 'tool-result'; call: ToolCall | null; result: ToolResult }
  /** The loop ended with this answer (the generator's return value holds the whole result). */
  | { type: 'answer'; answer: string };

export interface StreamToolLoopOptions extends Omit<ToolLoopOptions, 'generate'> {
  generate: StreamGenerateFn;
}

export class ToolLoopError extends Error {
  override readonly name = 'ToolLoopError';
  constructor(
    message: string,
    readonly reason: 'max-iterations' | 'aborted',
    readonly transcript: LoopMessage[],
    readonly calls: ToolLoopCall[],
    readonly steps: ToolLoopStep[],
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const DEFAULT_MAX_ITERATIONS = 10;
/** Issues that mean the model tried to call a tool and the call was lost. */
const FAILED_CALL = new Set(['malformed-call', 'partial-call']);

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export async function runToolLoop(options: ToolLoopOptions): Promise<ToolLoopResult> {
  const { generate } = options;
  const loop = streamToolLoop({
    ...options,
    // A whole turn is one chunk: the stream parser fed one chunk is the batch parse.
    async *generate(messages, generateOptions) {
      const turn = await generate(messages, generateOptions);
      const { text, toolCalls } =
        typeof turn === 'object' && turn !== null ? turn : { text: String(turn), toolCalls: undefined };
      yield String(text ?? '');
      for (const toolCall of toolCalls ?? []) yield { toolCall };
    },
  });
  for (;;) {
    const next = await loop.next();
    if (next.done) return next.value;
  }
}

export async function* streamToolLoop(
  options: StreamToolLoopOptions,
): AsyncGenerator<ToolLoopEvent, ToolLoopResult, undefined> {
  const { generate, handler, tools, execute, signal } = options;
  const native = options.native === true;
  const maxIterations = options.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  const index = createToolIndex(tools);
  const names = tools.length === 0 ? '(none)' : [...new Set(index?.tools.map((t) => t.name))].join(', ');
  const stop = [...new Set([...(native ? [] : handler.stopSequences()), ...(options.stop ?? [])])];
  const resultRole = native ? 'tool' : (options.resultRole ?? 'user');
  const parseOptions: ParseOptions = { ...options.parseOptions, tools, ...(native ? { strict: true } : {}) };

  const given = [...options.messages];
  let transcript: LoopMessage[];
  if (native) transcript = given;
  else {
    const preamble = given[0]?.role === 'system' ? given.shift()!.content : undefined;
    transcript = [
      { role: 'system', content: handler.systemPrompt(tools, preamble === undefined ? {} : { preamble }) },
      ...given,
    ];
  }
  const calls: ToolLoopCall[] = [];
  const steps: ToolLoopStep[] = [];

  const fail = (message: string, reason: 'max-iterations' | 'aborted', cause?: unknown): ToolLoopError =>
    new ToolLoopError(message, reason, transcript, calls, steps, cause === undefined ? undefined : { cause });
  const checkAbort = () => {
    if (signal?.aborted) throw fail('runToolLoop: aborted.', 'aborted', signal.reason);
  };

  const run = async (call: ToolCall): Promise<ToolResult> => {
    const base = { id: call.id, name: call.name };
    const fn =
      typeof execute === 'function'
        ? (c: ToolCall) => execute(c, { signal })
        : Object.hasOwn(execute, call.name)
          ? (c: ToolCall) => execute[c.name]!(c.arguments, c)
          : null;
    if (!index?.has(call.name) || fn === null) {
      return {
        ...base,
        content: `Error: unknown tool "${call.name}". Use one of these tools, spelled exactly: ${names}.`,
        isError: true,
      };
    }
    try {
      return { ...base, content: await fn(call) };
    } catch (error) {
      checkAbort();
      return { ...base, content: `Error: ${errorMessage(error)}`, isError: true };
    }
  };

  const sendResults = (results: ToolResult[]) => {
    if (resultRole === 'tool') {
      for (const r of results) {
        transcript.push({
          role: 'tool',
          // A native tool message carries the result itself; a text-format one, as the format writes it.
          content: native ? resultText(r) : handler.formatResult(r),
          ...(r.id !== undefined ? { toolCallId: r.id } : {}),
          name: r.name,
        });
      }
    } else {
      transcript.push({ role: 'user', content: results.map((r) => handler.formatResult(r)).join('\n') });
    }
  };

  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    checkAbort();
    yield { type: 'turn-start', iteration };
    // The turn, read as it streams: the format's parser gets every text delta; native calls are
    // kept as they come.
    const parser = handler.createStreamParser(parseOptions);
    const folder = new EventFolder();
    const nativeCalls: ToolCall[] = [];
    let output = '';
    try {
      for await (const piece of generate([...transcript], {
        stop: [...stop],
        ...(native ? { tools } : {}),
        ...(signal ? { signal } : {}),
      })) {
        if (typeof piece === 'string') {
          output += piece;
          const events = parser.push(piece);
          folder.add(events);
          for (const event of events) yield { type: 'output', event };
        } else nativeCalls.push(piece.toolCall);
        checkAbort();
      }
    } catch (error) {
      checkAbort();
      throw error;
    }
    const ending = parser.end();
    folder.add(ending);
    for (const event of ending) yield { type: 'output', event };
    checkAbort();
    const read = folder.result(parser.format);
    // Native calls are the turn's calls when there are any; the text is then the turn's text.
    const parsed: ParseResult =
      nativeCalls.length > 0
        ? { ...read, calls: nativeCalls, content: handler.sanitize(output) || null }
        : read;
    const step: ToolLoopStep = { output, parsed, results: [] };
    steps.push(step);

    if (parsed.calls.length > 0) {
      if (iteration === maxIterations) {
        throw fail(
          `runToolLoop: no final answer after ${maxIterations} model turns (maxIterations); the last turn still ` +
            `called ${parsed.calls.map((c) => c.name).join(', ')}, which was not run. ` +
            'The conversation is in error.transcript.',
          'max-iterations',
        );
      }
      if (native) {
        transcript.push({ role: 'assistant', content: parsed.content ?? '', toolCalls: parsed.calls });
      } else {
        // The turn as the format writes it: the model's text, then its calls (a made-up result or
        // answer after them is not repeated back to it).
        const rendered = handler.formatToolCalls(parsed.calls);
        transcript.push({
          role: 'assistant',
          content: parsed.content ? `${parsed.content}\n${rendered}` : rendered,
        });
      }
      for (const call of parsed.calls) {
        checkAbort();
        yield { type: 'tool-call', call };
        const result = await run(call);
        step.results.push(result);
        calls.push({ call, result });
        yield { type: 'tool-result', call, result };
      }
      sendResults(step.results);
      continue;
    }

    const answer = handler.sanitize(output);
    const lost = parsed.issues.find((i) => FAILED_CALL.has(i.kind));
    if (lost && answer.trim() === '') {
      // A call that did not parse, and nothing else: say why, and let the model write it again.
      if (iteration === maxIterations) {
        throw fail(
          `runToolLoop: no final answer after ${maxIterations} model turns (maxIterations); the last turn ` +
            `held a call that could not be read (${lost.message}). The conversation is in error.transcript.`,
          'max-iterations',
        );
      }
      const result: ToolResult = {
        name: 'invalid_tool_call',
        content: `Error: your tool call could not be read (${lost.message}). Write it again in the format described in the instructions, with the arguments as valid JSON.`,
        isError: true,
      };
      step.results.push(result);
      transcript.push({ role: 'assistant', content: output.trim() });
      yield { type: 'tool-result', call: null, result };
      // Native mode has no call id to answer: the error goes back as a user turn.
      if (native) transcript.push({ role: 'user', content: String(result.content) });
      else sendResults([result]);
      continue;
    }
    transcript.push({ role: 'assistant', content: answer });
    yield { type: 'answer', answer };
    return { answer, calls, transcript, steps };
  }
  throw fail(
    `runToolLoop: maxIterations is ${maxIterations}; at least one model turn is needed.`,
    'max-iterations',
  );
}

/** A result as a native `tool` message carries it: a string as is, anything else as JSON. */
function resultText(result: ToolResult): string {
  if (typeof result.content === 'string') return result.content;
  try {
    return JSON.stringify(result.content) ?? String(result.content);
  } catch {
    return String(result.content);
  }
}
