/**
 * The public shapes of toolformat, as zod schemas with inferred types.
 * Everything a caller passes in or gets back is described here; nothing else is public data.
 */

import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';

// zod/mini: the same schemas, tree-shakable, so a browser bundle of the parser stays small; the
// English messages are loaded once for every schema (architecture/contract.md).
z.config(en());

/** JSON Schema, as far as toolformat reads it: an open object. */
export const JsonSchemaSchema = z.record(z.string(), z.unknown());
export type JsonSchema = z.infer<typeof JsonSchemaSchema>;

const FunctionShape = z.object({
  name: z.string().check(z.minLength(1, 'a tool needs a non-empty name')),
  description: z.optional(z.string()),
  parameters: z.optional(JsonSchemaSchema),
});

/** A tool in the OpenAI shape: `{ type: 'function', function: { name, description, parameters } }`. */
export const OpenAIToolDefinitionSchema = z.object({
  type: z.literal('function'),
  function: FunctionShape,
});

/** A tool in the flat shape: `{ name, description, parameters }`. */
export const FlatToolDefinitionSchema = FunctionShape;

/** Either accepted tool shape. Use `normalizeTools` to get the flat form. */
export const ToolDefinitionSchema = z.union([OpenAIToolDefinitionSchema, FlatToolDefinitionSchema]);
export type ToolDefinition = z.infer<typeof ToolDefinitionSchema>;
export type FlatToolDefinition = z.infer<typeof FlatToolDefinitionSchema>;

/** One structured call. `arguments` is always an object (architecture/semantics.md, guarantee 2). */
export const ToolCallSchema = z.object({
  id: z.string(),
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()),
});
export type ToolCall = z.infer<typeof ToolCallSchema>;

/** The result of running a tool, to be rendered back into the conversation. */
export const ToolResultSchema = z.object({
  id: z.optional(z.string()),
  name: z.string(),
  /** A string is written as is; anything else is written as JSON. */
  content: z.unknown(),
  isError: z.optional(z.boolean()),
});
export type ToolResult = z.infer<typeof ToolResultSchema>;

/**
 * What can go wrong or be doubted while parsing. The list is open: a format may report its own
 * kinds, but these are the ones the kit produces.
 */
export const ISSUE_KINDS = [
  'malformed-call', // looked like a call, did not become one (raw text attached)
  'json-repaired', // arguments needed json5 or the repair step
  'unknown-tool', // the name is not among the declared tools
  'unclosed-block', // a block ran to the end of the output without its close marker
  'partial-call', // a call was cut off before its arguments were complete
  'trailing-text', // text the model wrote after a call where none belongs (e.g. a made-up Observation)
  'limit-exceeded', // an input, call count or nesting limit was reached
  'arguments-coerced', // a value was typed differently from how it was written (by the schema)
  'name-inferred', // the call named no tool (Kimi's bare `functions.0`); the name was taken from the declared tools
] as const;
export type KnownIssueKind = (typeof ISSUE_KINDS)[number];

export const ParseIssueSchema = z.object({
  kind: z.string(),
  message: z.string(),
  /** The raw text the issue is about, so nothing is silently lost. */
  raw: z.optional(z.string()),
  /** Offset of `raw` in the input, where known (of the first, when `count` is set). */
  offset: z.optional(z.int()),
  /** How many identical issues in a row this one stands for, when more than one. */
  count: z.optional(z.int()),
});
export type ParseIssue = z.infer<typeof ParseIssueSchema> & { kind: KnownIssueKind | (string & {}) };

export const ParseResultSchema = z.object({
  calls: z.array(ToolCallSchema),
  content: z.nullable(z.string()),
  reasoning: z.nullable(z.string()),
  issues: z.array(ParseIssueSchema),
  format: z.nullable(z.string()),
});
export type ParseResult = z.infer<typeof ParseResultSchema>;

export const ParseOptionsSchema = z.object({
  /** Declared tools: enables the allowlist and schema typing of XML-family values. */
  tools: z.optional(z.array(ToolDefinitionSchema)),
  /** What to do with a call to an undeclared tool. Default `keep` (flagged `unknown-tool`). */
  unknownTools: z.optional(z.enum(['keep', 'drop'])),
  /** What to do with a span that looked like a call and did not become one. Default `strip`. */
  onMalformed: z.optional(z.enum(['strip', 'keep'])),
  /** The prompt already opened a reasoning block (`<think>`): output starts inside it. */
  reasoningOpen: z.optional(z.boolean()),
  /** Id generator for formats that carry no id. Default `crypto.randomUUID()`. */
  generateId: z.optional(z.custom<() => string>((v) => typeof v === 'function')),
  /** Characters of input parsed at most; the rest is kept as text and reported. Default 8 MiB. */
  maxInputLength: z.optional(z.int().check(z.positive())),
  /** Calls extracted at most; further ones are reported. Default 1024. */
  maxCalls: z.optional(z.int().check(z.positive())),
  /** Nesting depth of arguments at most. Default 256. */
  maxDepth: z.optional(z.int().check(z.positive())),
  /**
   * Demand strong evidence before a span becomes a call: the calls end the output (only blanks
   * or other markup after them) and, with tools declared, name declared tools. For callers that
   * execute what they get. Default false. See architecture/precision.md.
   */
  strict: z.optional(z.boolean()),
  /**
   * The evidence rule (architecture/precision.md): a span the sentence goes on after is a
   * mention, kept as text. Default true; `false` reads every span that parses as a call, as the
   * peers do (`strict` turns it on whatever this says).
   */
  mentions: z.optional(z.boolean()),
});
export type ParseOptions = Omit<z.infer<typeof ParseOptionsSchema>, 'generateId'> & {
  generateId?: () => string;
};

/**
 * What a stream parser emits. Folding the events of any chunking gives the batch `ParseResult`
 * (architecture/semantics.md, guarantee 7): concatenate `text` into content and `reasoning` into reasoning,
 * take each `tool-call-end` as a call, collect `issue`s. `start`/`delta` are progress only: the
 * deltas of a call that ends add up to `JSON.stringify` of its arguments, and `tool-call-end`
 * carries the call itself.
 */
export type StreamEvent =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'tool-call-start'; index: number; id: string; name: string }
  | { type: 'tool-call-delta'; index: number; argumentsDelta: string }
  | { type: 'tool-call-end'; index: number; call: ToolCall }
  /**
   * An announced call that did not complete (its arguments never closed, or the block held another
   * call); an issue follows. Its id is handed to the next call, so that every extracted call takes
   * the next id of `generateId` in order, streamed or batch.
   */
  | { type: 'tool-call-abort'; index: number }
  | { type: 'issue'; issue: ParseIssue };
