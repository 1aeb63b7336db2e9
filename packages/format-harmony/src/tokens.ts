/**
 * The special tokens of OpenAI's harmony format (the `o200k_harmony` encoding), spelled once.
 * Servers that do not skip special tokens leave them in the text exactly like this.
 */
import { SpecialTokens } from '@toolformat/core/kit';

/** Starts a message; the role (and possibly the recipient) follows. */
export const START = '<|start|>';
/** Starts the channel part of a header: `analysis`, `commentary` or `final`. */
export const CHANNEL = '<|channel|>';
/** Ends the header; the message content follows. */
export const MESSAGE = '<|message|>';
/** Names the content type of a call's message (`<|constrain|>json`). */
export const CONSTRAIN = '<|constrain|>';
/** Ends a message that the model goes on after. */
export const END = '<|end|>';
/** Ends a message addressed to a tool: the model stops for the tool's answer. */
export const CALL = '<|call|>';
/** Ends the model's turn (history stores it as `<|end|>`). */
export const RETURN = '<|return|>';

/** `<|start|>` + the role the model writes its messages with. */
export const START_ASSISTANT = `${START}assistant`;

/** The prefix of a recipient that names one of the caller's function tools. */
export const FUNCTIONS_PREFIX = 'functions.';

/** The channels of the format; `analysis` is the model's reasoning. */
export const ANALYSIS = 'analysis';
export const COMMENTARY = 'commentary';
export const FINAL = 'final';

/** The tokens that end a message's content (the last two also start the next message). */
export const BOUNDARIES = new SpecialTokens([END, CALL, RETURN, START, CHANNEL]);
/** The tokens a message starts with. */
export const MESSAGE_STARTS = new SpecialTokens([START, CHANNEL]);
/** The tokens a header may go on with, or end with (`<|message|>`). */
export const HEADER_TOKENS = new SpecialTokens([MESSAGE, CHANNEL, CONSTRAIN]);
/** Every token, cut out of text that reaches the user (`<|start|>assistant` before `<|start|>`). */
export const ALL_TOKENS = new SpecialTokens([
  START_ASSISTANT,
  START,
  CHANNEL,
  MESSAGE,
  CONSTRAIN,
  END,
  CALL,
  RETURN,
]);
