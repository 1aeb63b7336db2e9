/**
 * A family's variants as one declaration: the table (one row per model family whose prompt, stops
 * or renderers differ), which names are variants, the handler id of each (`hermes` for the
 * default, `hermes:granite` for the others) and the error for a name that is none. Every format
 * package declares its variants with this, so the rule and the error read the same everywhere
 * (architecture/adding-a-format.md).
 */

import { ToolFormatConfigError } from '../errors.js';
import type { SystemPromptOptions } from '../handler.js';
import type { ToolCall, ToolDefinition, ToolResult } from '../schemas.js';

/** The system prompt that teaches a model its markup. */
export type PromptBuilder = (tools: ToolDefinition[], opts?: SystemPromptOptions) => string;
/** Calls written the way the model writes them, for conversation history. */
export type CallRenderer = (calls: ToolCall[]) => string;
/** A tool result written the way the model's template feeds it back. */
export type ResultRenderer = (result: ToolResult) => string;

/** What every variant declares; a family adds its own switches beside these. */
export interface FormatVariant {
  prompt: PromptBuilder;
  stops: readonly string[];
  calls: CallRenderer;
  result: ResultRenderer;
}

export interface Variants<V extends string, D> {
  readonly family: string;
  readonly defaultVariant: V;
  /** The variant names, the default first as declared. */
  readonly ids: readonly V[];
  readonly table: Readonly<Record<V, D>>;
  isVariant(name: string): name is V;
  /** `family` for the default variant, `family:variant` for the others. */
  handlerId(variant: V): string;
  /**
   * The variant called `name` with its handler id and definition.
   * @throws ToolFormatConfigError naming the variants that exist, when `name` is none of them.
   */
  resolve(name: string): { variant: V; id: string; def: D };
}

export function defineVariants<const V extends string, D>(
  family: string,
  defaultVariant: NoInfer<V>,
  table: Record<V, D>,
): Variants<V, D> {
  const ids = Object.keys(table) as V[];
  const isVariant = (name: string): name is V => Object.hasOwn(table, name);
  const handlerId = (variant: V): string => (variant === defaultVariant ? family : `${family}:${variant}`);
  return {
    family,
    defaultVariant,
    ids,
    table,
    isVariant,
    handlerId,
    resolve(name) {
      if (!isVariant(name)) {
        throw new ToolFormatConfigError(
          `format ${family}: unknown variant '${name}'; known variants: ${ids.join(', ')}.`,
          { key: 'variant', allowed: ids },
        );
      }
      return { variant: name, id: handlerId(name), def: table[name] };
    },
  };
}
