/**
 * The markup, declared for the core stream engine.
 *
 * The messages a user reads stream as they come: `<|channel|>final<|message|>` and
 * `<|channel|>commentary<|message|>` (a preamble) are tokens cut out of the text, and
 * `<|channel|>analysis<|message|>` opens reasoning up to the token that ends the message. Every
 * other header — one with a recipient (a call), a content type or a role, or the recipient
 * before the channel — opens a block that runs to the end of its message and is read by
 * `readMessages`. A block ends at `<|end|>`, `<|call|>` or `<|return|>`, or before the next
 * `<|start|>` (or `<|channel|>`), which starts the next message. The block opened by `to=` at
 * the start of the output ends *before* each of them: it may turn out to be prose, which then
 * goes to content with no token in it, and the token is cut out in text. The JSON guard keeps a
 * token written inside a JSON string of the arguments (`{"doc": "… <|end|> …"}`) from ending
 * the message: a model can write those characters as ordinary text.
 *
 * Code spans are not special here (`codeAware: false`): harmony's markers are special tokens,
 * which end a message wherever they stand, and a code fence closed right before `<|end|>` would
 * otherwise swallow every message after it.
 */
import {
  type MarkupSpec,
  type ReasoningSpec,
  readJsonCallObjects,
  THINK_REASONING,
} from '@toolformat/core/kit';
import {
  announceMessage,
  RECIPIENT_AFTER_END,
  RECIPIENT_FIRST,
  readMessages,
  START_ASSISTANT_TO,
  STRIPPED_CHANNEL_TO,
} from './message-body.js';
import {
  ANALYSIS,
  CALL,
  CHANNEL,
  COMMENTARY,
  CONSTRAIN,
  END,
  FINAL,
  MESSAGE,
  RETURN,
  START,
  START_ASSISTANT,
} from './tokens.js';

export const HARMONY_ID = 'harmony';

/** `<|channel|>analysis<|message|>`: the model's reasoning, up to the token that ends it. */
export const ANALYSIS_OPEN = `${CHANNEL}${ANALYSIS}${MESSAGE}`;
/** The headers of messages for the user, cut out so that their text streams as content. */
export const FINAL_OPEN = `${CHANNEL}${FINAL}${MESSAGE}`;
export const PREAMBLE_OPEN = `${CHANNEL}${COMMENTARY}${MESSAGE}`;

export const REASONING: readonly ReasoningSpec[] = [
  // First: `reasoningOpen` (a prompt that ends with the analysis header) opens this one.
  // A model that skips `<|end|>` starts its next message: `<|start|>assistant` ends it too, and
  // so do `<|channel|>` and `<|start|>`, which are read again as the next message's start (and
  // `<|end|> to=`, a call whose `<|start|>assistant` the server cut off).
  {
    open: [ANALYSIS_OPEN],
    close: [END, RETURN, CALL, START_ASSISTANT],
    closeBefore: [CHANNEL, START, ...RECIPIENT_AFTER_END],
  },
  // Servers that turn the analysis channel into `<think>` text.
  THINK_REASONING,
];

/** The tokens that end a message. */
const ENDS = [END, CALL, RETURN] as const;
/** What ends a message: for the block that may be prose, read again in text (cut out there). */
const MESSAGE_ENDS = [START, ...ENDS] as const;

export function buildMarkup(id: string = HARMONY_ID): MarkupSpec {
  return {
    id,
    blocks: [
      // A header the engine does not read as a token: it holds a recipient, a content type, …
      // A second `<|channel|>` can only start the next message.
      {
        open: CHANNEL,
        close: ENDS,
        closeBefore: [CHANNEL, START],
        guard: 'json',
        body: readMessages,
        announce: announceMessage,
      },
      // A message of another role (a tool's answer in a transcript: `<|start|>functions.x to=assistant`).
      {
        open: START,
        close: ENDS,
        closeBefore: START,
        guard: 'json',
        body: readMessages,
        announce: announceMessage,
      },
      // The template's call: `<|start|>assistant to=functions.NAME<|channel|>commentary json<|message|>`.
      {
        open: START_ASSISTANT_TO,
        close: ENDS,
        closeBefore: START,
        guard: 'json',
        body: readMessages,
        announce: announceMessage,
      },
      // The same with `<|start|>assistant` cut off by the server, after the previous message's end.
      {
        open: RECIPIENT_AFTER_END,
        close: ENDS,
        closeBefore: START,
        guard: 'json',
        body: readMessages,
        announce: announceMessage,
      },
      // The output starts with the recipient: the server kept `<|start|>assistant` in the prompt.
      // Only at the start of a line (of the output); readMessages takes a header with no token
      // for prose. (No `bodyStart`: with one, the engine starts the JSON guard only for a body
      // that starts as JSON, and this one starts with the recipient.)
      {
        open: RECIPIENT_FIRST,
        lineStart: true,
        closeBefore: MESSAGE_ENDS,
        guard: 'json',
        body: readMessages,
        announce: announceMessage,
      },
      // The same call from a server that stripped the special tokens (`commentary to=functions.x json{…}`).
      {
        open: STRIPPED_CHANNEL_TO,
        closeBefore: MESSAGE_ENDS,
        guard: 'json',
        body: readMessages,
        announce: announceMessage,
      },
    ],
    reasoning: REASONING,
    // Headers carry nothing for the user; the end of a message ends a paragraph of the content
    // (a preamble, then the final answer, read as two lines, not glued into one).
    strip: [FINAL_OPEN, PREAMBLE_OPEN, START_ASSISTANT, MESSAGE, CONSTRAIN],
    // vLLM with `tool_choice: "required"` makes gpt-oss answer with a bare JSON call list, no
    // harmony at all: the route reads it as the whole output, for declared tools (or the exact shape).
    whole: {
      startChars: '[{',
      body: (body, ctx) => readJsonCallObjects(body, ctx),
      format: id,
      onlyDeclaredTools: true,
    },
    separators: [END, CALL, RETURN],
    codeAware: false,
  };
}
