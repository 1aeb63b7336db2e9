/**
 * The contract every format implements. Readable in one screen on purpose: this is what a
 * third-party format plugin has to provide, and all the router ever calls.
 */
import type {
  ParseOptions,
  ParseResult,
  StreamEvent,
  ToolCall,
  ToolDefinition,
  ToolResult,
} from './schemas.js';

export interface SystemPromptOptions {
  /** Text placed before the tool list (the caller's own instructions). */
  preamble?: string;
}

export interface ToolFormatHandler {
  /** `'hermes'`, `'react'`, …; with a variant: `'xml:glm'`. */
  readonly id: string;
  /** Text that teaches the model the format, listing the tools. */
  systemPrompt(tools: ToolDefinition[], opts?: SystemPromptOptions): string;
  /** Where generation must stop so that the model does not invent the tool's answer. */
  stopSequences(): string[];
  /** Never throws; problems are `issues`. Equal to `createStreamParser(opts)` fed `text` once. */
  parse(text: string, opts?: ParseOptions): ParseResult;
  createStreamParser(opts?: ParseOptions): StreamParser;
  /** An assistant turn holding these calls, as the model writes it. */
  formatToolCalls(calls: ToolCall[]): string;
  /** A tool result, as the model expects to read it. */
  formatResult(result: ToolResult): string;
  /** The text with every trace of this format's markup removed (code examples left alone). */
  sanitize(text: string): string;
  /** 0..1: how sure this handler is that `text` holds its markup. Cheap: a marker scan. */
  detect(text: string): number;
}

export interface StreamParser {
  /** Feed the next chunk; returns what became certain because of it. */
  push(chunk: string): StreamEvent[];
  /** The output is complete: flush held-back text and close open blocks. */
  end(): StreamEvent[];
  /** The format (and variant) that matched so far, or null. */
  readonly format: string | null;
}

/** Options a plugin's `create` receives: the variant chosen by alias, model pattern or config. */
export interface FormatCreateOptions {
  variant?: string;
  [option: string]: unknown;
}

/** A model-name pattern: a glob (`qwen2.5-*`) or a RegExp, optionally selecting a variant. */
export interface ModelPattern {
  match: string | RegExp;
  variant?: string;
}

/** Another id under which a plugin (or one of its variants) is known. */
export type FormatAlias = string | { id: string; variant?: string };

export interface FormatPlugin {
  readonly id: string;
  readonly aliases?: readonly FormatAlias[];
  readonly modelPatterns?: readonly ModelPattern[];
  /** Higher goes first in auto mode and rescue when two formats claim the same text. Default 0. */
  readonly priority?: number;
  create(options?: FormatCreateOptions): ToolFormatHandler;
}

/** Identity helper that types a plugin object (the default export of a format package). */
export function definePlugin(plugin: FormatPlugin): FormatPlugin {
  return plugin;
}
