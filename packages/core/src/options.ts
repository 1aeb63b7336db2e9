/** ParseOptions with every default filled in, resolved once per parse. */
import { defaultGenerateId } from './kit/ids.js';
import type { ParseOptions } from './schemas.js';
import { createToolIndex, type ToolIndex } from './tools.js';

export const DEFAULT_MAX_INPUT_LENGTH = 8 * 1024 * 1024;
export const DEFAULT_MAX_CALLS = 1024;
export const DEFAULT_MAX_DEPTH = 256;

export interface ResolvedParseOptions {
  tools: ToolIndex | null;
  unknownTools: 'keep' | 'drop';
  onMalformed: 'strip' | 'keep';
  reasoningOpen: boolean;
  generateId: () => string;
  maxInputLength: number;
  maxCalls: number;
  maxDepth: number;
  /** Strong evidence for every call (see architecture/precision.md). */
  strict: boolean;
  /** The evidence rule is on (see architecture/precision.md). */
  mentions: boolean;
}

export function resolveParseOptions(opts: ParseOptions | undefined): ResolvedParseOptions {
  return {
    tools: createToolIndex(opts?.tools),
    unknownTools: opts?.unknownTools ?? 'keep',
    onMalformed: opts?.onMalformed ?? 'strip',
    reasoningOpen: opts?.reasoningOpen ?? false,
    generateId: opts?.generateId ?? defaultGenerateId,
    maxInputLength: opts?.maxInputLength ?? DEFAULT_MAX_INPUT_LENGTH,
    maxCalls: opts?.maxCalls ?? DEFAULT_MAX_CALLS,
    maxDepth: opts?.maxDepth ?? DEFAULT_MAX_DEPTH,
    strict: opts?.strict ?? false,
    mentions: (opts?.mentions ?? true) || (opts?.strict ?? false),
  };
}
