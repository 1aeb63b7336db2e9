/**
 * The variants of the family: ReAct (the default) and the other line-keyed forms. Parsing is
 * shared — every variant reads every form — while the prompt, the stop sequences and the renderers
 * are the variant's own.
 */
import { defineVariants, type FormatVariant } from '@toolformat/core/kit';
import { commandR7bPrompt, commandRPrompt, keyValuePrompt, qwenAgentPrompt, reactPrompt } from './prompt.js';
import { renderCalls, renderResult } from './render.js';

export const VARIANTS = defineVariants('react', 'react', {
  /**
   * ReAct. Generation must stop where the observation would start, or the model writes it
   * itself (a ReAct agent’s drift); servers match stops literally, so the usual spellings are all listed.
   */
  react: {
    prompt: reactPrompt,
    stops: ['\nObservation:', '\nObservation', 'Observation:'],
    calls: renderCalls.react,
    result: renderResult.react,
  },
  /** `✦ tool_call: NAME for k v` (LLxprt Code’s text parser): one line, nothing to stop at. */
  keyvalue: {
    prompt: keyValuePrompt,
    stops: [],
    calls: renderCalls.keyValue,
    result: renderResult.keyValue,
  },
  /**
   * Qwen-Agent's ✿ markers. Qwen-Agent also stops at `✿RETURN✿` because its harness writes that
   * marker before the reply; in a chat loop the model writes it, and must not be stopped there.
   */
  'qwen-agent': {
    prompt: qwenAgentPrompt,
    stops: ['✿RESULT✿'],
    calls: renderCalls.qwenAgent,
    result: renderResult.qwenAgent,
  },
  /** Command R / R+ (2024 tool_use template). */
  'command-r': {
    prompt: commandRPrompt,
    stops: ['<|END_OF_TURN_TOKEN|>'],
    calls: renderCalls.commandR,
    result: renderResult.commandR,
  },
  /** Command R7B / Command A. */
  'command-r7b': {
    prompt: commandR7bPrompt,
    stops: ['<|END_OF_TURN_TOKEN|>', '<|END_RESPONSE|>'],
    calls: renderCalls.commandR7b,
    result: renderResult.commandR7b,
  },
} satisfies Record<string, FormatVariant>);

export type ReactVariant = (typeof VARIANTS.ids)[number];
