/**
 * The variants of the family: one per DeepSeek generation whose prompt or renderers differ.
 * Parsing is shared: every variant reads every form and names the form's variant (default
 * variant) or itself (the others) in ParseResult.format.
 */
import { type PromptBuilder, r1Prompt, v3Prompt, v4Prompt, v31Prompt, v32Prompt } from './prompt.js';
import { type CallRenderer, type ResultRenderer, renderCalls, renderResult } from './render.js';
import { T } from './tokens.js';

export interface VariantDefinition {
  prompt: PromptBuilder;
  stops: readonly string[];
  calls: CallRenderer;
  result: ResultRenderer;
}

/** The end of the turn; Ollama also stops at the next user turn. */
const STOPS = [T.eos, T.user];

export const VARIANTS = {
  /** V2.5, V3, V3-0324: typed calls with fenced JSON. */
  v3: { prompt: v3Prompt, stops: STOPS, calls: renderCalls.v3, result: renderResult.v3 },
  /** R1, R1-0528 and the R1 distills: V3's markup, R1's prompt; the prompt opens `<think>`. */
  r1: { prompt: r1Prompt, stops: STOPS, calls: renderCalls.v3, result: renderResult.v3 },
  /** V3.1 / V3.1-Terminus: name and raw JSON. */
  'v3.1': { prompt: v31Prompt, stops: STOPS, calls: renderCalls.v31, result: renderResult.v31 },
  /** V3.2: DSML `function_calls`. */
  'v3.2': { prompt: v32Prompt, stops: STOPS, calls: renderCalls.v32, result: renderResult.dsml },
  /** V4: DSML with the `tool_calls` wrapper. */
  v4: { prompt: v4Prompt, stops: STOPS, calls: renderCalls.v4, result: renderResult.dsml },
} satisfies Record<string, VariantDefinition>;

export type DeepseekVariant = keyof typeof VARIANTS;

export const VARIANT_IDS = Object.keys(VARIANTS) as DeepseekVariant[];

export function isVariant(name: string): name is DeepseekVariant {
  return Object.hasOwn(VARIANTS, name);
}

/** `deepseek` for the default variant, `deepseek:v3.1` for the others. */
export function handlerId(variant: DeepseekVariant): string {
  return variant === 'v3' ? 'deepseek' : `deepseek:${variant}`;
}
