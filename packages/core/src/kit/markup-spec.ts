/**
 * The declarative description of a format's markup that the stream engine runs.
 * A format package is mostly one of these plus prompt and result templates.
 */

import type { ResolvedParseOptions } from '../options.js';
import type { ArgumentsAt } from './argument-stream.js';

/** A call as a body parser found it, before names are checked and arguments normalised. */
export interface RawCall {
  name: string;
  /** An object, a JSON string of one, or anything else (normalised, and reported if unusable). */
  arguments: unknown;
  /** Where the format carries an id (Kimi `functions.x:0`, Mistral `[CALL_ID]`). */
  id?: string;
}

export interface BodyIssue {
  kind: string;
  message: string;
  raw?: string;
}

export interface BodyResult {
  calls: RawCall[];
  /** Repairs and doubts found while reading the body; reported with the block's offset. */
  issues?: BodyIssue[];
  /** Set when the body holds no calls of this format: the block becomes a malformed span. */
  error?: string;
  /** Text inside the block that is meant for the user (it is written to content). */
  text?: string;
  /** Text inside the block that is the model's reasoning (ReAct `Thought:` lines): written to reasoning. */
  reasoning?: string;
  /** The format (variant) that read the block, when it differs from the block's own. */
  format?: string;
  /**
   * The block is not this format's markup after all (a ```json fence holding an ordinary example):
   * its raw text, markers included, goes to content unchanged, and nothing is reported.
   */
  notMarkup?: boolean;
  /**
   * The whole body is JSON read strictly (`JSON.parse`), with only blanks around it, so no
   * string of it is open at its end. A block with `guard: 'json'` then need not scan the body
   * for strings: a body parser that reads JSON should say so when it is true.
   */
  strictJson?: boolean;
  /**
   * Every call is written in its form's exact shape (`kit/exact-call-shape.ts`): a whole-output
   * form with `onlyDeclaredTools` is then taken without declared tools too.
   */
  exactShape?: boolean;
}

export interface BodyContext {
  readonly options: ResolvedParseOptions;
  /** False when the output ended before the close marker. */
  readonly closed: boolean;
  /** The open marker (or fence info) that started the block. */
  readonly open: string;
  /**
   * Read by auto mode's merged markup, which leaves out the blocks that only an explicit format
   * runs (bare JSON anywhere in the text): a whole-output form may then read more itself.
   */
  readonly auto?: boolean;
}

/** Reads the complete text between a block's markers. Should not throw; a throw becomes an issue. */
export type BodyParser = (body: string, ctx: BodyContext) => BodyResult;

/** What `announce` may say of a call still arriving: its name, and its id where the format writes one. */
export interface AnnouncedCall {
  name: string;
  /** The call's own id (Kimi's `functions.NAME:0`): the start event carries it, no id is generated. */
  id?: string;
  /**
   * Where the call's arguments (a JSON object) are in the body: the stream then sends them in
   * `tool-call-delta` events as they arrive (see `ArgumentStream`), not all at once at the end.
   */
  arguments?: ArgumentsAt;
}

export interface BlockSpec {
  /** Literal open marker(s): `<tool_call>`. Omit when `fence` is given. */
  open?: string | readonly string[];
  /** A fenced code block whose info string is this (```` ```tool_call ````) is the block. */
  fence?: string | readonly string[];
  /**
   * Where the block ends: literal close markers (the first that is not inside a JSON string when
   * `guard: 'json'`), `'json-end'` (where the JSON value after the open marker closes), or
   * `'end-of-output'`. Fenced blocks end at their closing fence.
   */
  close?: string | readonly string[] | 'json-end' | 'end-of-output';
  /**
   * A bare block (its open marker is the body's first character, one of the whole-output form's
   * start characters) that reads fewer whole outputs than that form: where the output starts
   * with its marker, the whole-output form reads first, and the block reads what is not all calls.
   */
  yieldsToWhole?: boolean;
  /**
   * Markers that end the block without belonging to it: the scan goes on, in text, from the
   * marker, so that one line key (`\nAction:`) ends a block and opens the next. Beside literal
   * `close` markers (the first to come ends the block), with `'end-of-output'` (then the output's
   * end closes the block), or alone (then a block the output ends inside is unclosed). Not with
   * `'json-end'`, fences or `trailing`.
   */
  closeBefore?: string | readonly string[];
  /**
   * Close markers inside a JSON string do not end the block. With `bodyStart`, a body that starts
   * with a name is guarded from the bracket right after it (not when a second word comes first),
   * one that starts with `<` not at all.
   */
  guard?: 'json';
  /**
   * Tokens that delimit raw strings in the body (Gemma 4's `<|"|>`): a string runs from one token
   * to the next of the same token, with no escapes, and a `close` or `closeBefore` marker inside
   * one does not end the block. A string whose closing token never comes: at the output's end the
   * block ends at the first marker passed over and the rest is read again, once (as with
   * `guard: 'json'`). With literal `close` or `closeBefore` markers only.
   */
  strings?: readonly string[];
  /** The open marker counts only at the start of a line (after at most 3 spaces). */
  lineStart?: boolean;
  /**
   * The open marker counts only where the output's text starts: before any content, after
   * blanks, reasoning, stripped tokens and other calls (a call form with no marker but a declared
   * tool's name, which prose writes too). It is looked for nowhere else, so a marker that starts
   * with a letter costs the scan of prose nothing.
   */
  outputStart?: boolean;
  /**
   * Characters the body must start with (after blanks), e.g. `'{['` for JSON: when another one
   * comes first, the open marker was prose (`Wrap calls in <tool_call> tags`) and stays text.
   * A close marker coming first still makes an (empty) block. Not applied to fences.
   */
  bodyStart?: string;
  /**
   * Characters the body may also start with when they follow the open marker directly, with no
   * blank between: a name (`<tool_call>get_weather`, GLM), which prose (`<tool_call> tags`)
   * does not write so. Only with `bodyStart`.
   */
  bodyStartTight?: string;
  /**
   * Elements that may follow the close marker and still belong to the block (Atlas AnyLegal’s XML tags:
   * `<tool>name</tool>` followed by `<parameter name="k">v</parameter>` lines). After the close,
   * blanks and then one of `open` take the block on through the next of `close`, again and again;
   * the body parser then receives the body, the close marker and those elements. Anything else
   * after the close ends the block before it.
   */
  trailing?: { open: readonly string[]; close: readonly string[] };
  /**
   * The first call's name from the start of a body still arriving (see `jsonCallName`), so the
   * stream announces the call before its block ends. It must answer the same for every longer
   * prefix once it answers. Asked at body lengths 16, 32, … 1024 only, the same in every
   * chunking, which keeps streaming equal to batch and the cost bounded. `open` is the marker
   * that opened the block (as `BodyContext.open`), for blocks with several.
   */
  announce?: (bodyPrefix: string, open: string) => string | AnnouncedCall | null;
  /** A block cut off by the end of the output: parse what is there (default) or keep it as text. */
  unclosed?: 'parse' | 'text';
  body: BodyParser;
  /** Reported as ParseResult.format when this block yields calls (default: the spec id). */
  format?: string;
  /**
   * Takes part in auto mode (default true). Off for markers that prose uses too; `'strong'`:
   * in auto mode (and rescue under another family's route) its calls need strong evidence
   * (architecture/precision.md), so prose that writes the same keys stays text.
   */
  auto?: boolean | 'strong';
  /**
   * Its calls need strong evidence: set by mergeMarkup for `auto: 'strong'` blocks, or by a
   * format for a form whose only marker is a name (architecture/precision.md).
   */
  evidence?: 'strong';
  /**
   * A call whose opening marker the model left out (`{…}\n</tool_call>` after `</think>`): the
   * block counts only when it holds a call and one of these closers follows it, after blanks; the
   * closer is cut out with it. Anything else, or a block that holds no call, is text (and so a
   * text without the closers reads as plain text, `CompiledMarkup.plainProbes`).
   */
  provenBy?: readonly string[];
  /** The detect score when this open marker is present (default 0.9). */
  confidence?: number;
}

export interface ReasoningSpec {
  open: readonly string[];
  close: readonly string[];
  /**
   * Markers that end the reasoning and belong to what follows, read again in text (harmony's
   * `<|channel|>`: a model that skips `<|end|>` starts its next message, a call perhaps).
   */
  closeBefore?: readonly string[];
}

/** The whole output is a call form without markers (bare JSON, a pythonic list). */
export interface WholeOutputSpec {
  /** First non-space characters that start it: `[{`, `[`. */
  startChars: string;
  body: BodyParser;
  format?: string;
  /**
   * Auto-safe: accept the result only when every call names a declared tool or, without declared
   * tools, when the body parser vouches that every call has the exact shape (`exactShape`).
   */
  onlyDeclaredTools?: boolean;
}

export interface MarkupSpec {
  /** Handler id, `hermes` or `xml:glm`. */
  id: string;
  blocks: readonly BlockSpec[];
  /** Default: `<think>…</think>`. */
  reasoning?: readonly ReasoningSpec[];
  /** Tokens removed wherever they appear in text (`<|im_end|>`, `<|eot_id|>`). */
  strip?: readonly string[];
  /**
   * Tokens that end one message of the user's text (harmony's `<|end|>`): removed like `strip`,
   * and the text after them starts on a new line (`Let me check.` / `Done.`), not glued on
   * (whitespace the model wrote there already separates them).
   */
  separators?: readonly string[];
  /**
   * Line keys removed where they start a line (after at most 3 spaces), with the blanks after
   * them; what follows stays text and streams as it comes (ReAct's `Final Answer:`). Not part of
   * auto mode: a key that prose writes too only counts for its own format.
   */
  labels?: readonly string[];
  /** Fenced code and inline code spans are text, not markup (default true). */
  codeAware?: boolean;
  whole?: WholeOutputSpec;
  /**
   * Set on a merged markup that reads one model's output (rescue with a known model): calls
   * read by this format (its id, or the family before `:`) need ordinary evidence, calls read
   * by any other format strong evidence (architecture/precision.md).
   */
  trusted?: string;
}

export const THINK_REASONING: ReasoningSpec = { open: ['<think>'], close: ['</think>'] };
