/**
 * The variants of the family: the default (`hermes`) and one per model family whose prompt,
 * renderers or extra markup differ. Parsing is shared: every variant reads every wrapper.
 */
import { defineVariants, type FormatVariant } from '@toolformat/core/kit';
import {
  apertusPrompt,
  firefunctionPrompt,
  granite20bFcPrompt,
  granitePrompt,
  hermesPrompt,
  internlmPrompt,
  lfm2Prompt,
  minimaxM1Prompt,
  nemotronPrompt,
  phi4MiniJsonPrompt,
  phi4Prompt,
  qwenPrompt,
  taggedPrompt,
  toolCallsArrayPrompt,
  xlamPrompt,
} from './prompt.js';
import { renderCalls, renderResult } from './render.js';

export interface VariantDefinition extends FormatVariant {
  /** Bare JSON calls count without declared tools (xLAM). */
  anyJson?: boolean;
  /** `<response>…</response>` wraps the answer (Granite 3.x with thinking, ERNIE 4.5). */
  responseTags?: boolean;
}

const IM_END = ['<|im_end|>'];

export const VARIANTS = defineVariants('hermes', 'hermes', {
  /** Hermes 2 Pro / Hermes 3 (and what any variant reads). */
  hermes: {
    prompt: hermesPrompt,
    stops: IM_END,
    calls: renderCalls.toolCallTags,
    result: renderResult.toolResponse,
  },
  /** Qwen2.5 / QwQ / Qwen3 / Qwen3-Next, Granite 4, SmolLM3, Cogito: the Qwen template's wording. */
  qwen: {
    prompt: qwenPrompt,
    stops: ['<|im_end|>', '<|endoftext|>'],
    calls: renderCalls.toolCallTags,
    result: renderResult.toolResponse,
  },
  /** xLAM-2 and other bare-JSON models. */
  json: {
    prompt: xlamPrompt,
    stops: ['<|im_end|>', '<|eot_id|>'],
    calls: renderCalls.jsonArray,
    result: renderResult.plain,
    anyJson: true,
  },
  granite: {
    prompt: granitePrompt,
    stops: ['<|end_of_text|>'],
    calls: renderCalls.granite,
    result: renderResult.plain,
    responseTags: true,
  },
  lfm2: { prompt: lfm2Prompt, stops: IM_END, calls: renderCalls.lfm2, result: renderResult.lfm2 },
  nemotron: {
    prompt: nemotronPrompt,
    stops: ['<SPECIAL_12>'],
    calls: renderCalls.nemotron,
    result: renderResult.nemotron,
  },
  'minimax-m1': {
    prompt: minimaxM1Prompt,
    stops: ['<end_of_sentence>'],
    calls: renderCalls.minimaxM1,
    result: renderResult.minimaxM1,
  },
  jamba: {
    prompt: toolCallsArrayPrompt,
    stops: ['<|eom|>', '<|eos|>'],
    calls: renderCalls.toolCallsArray,
    result: renderResult.toolResponseInline,
  },
  hunyuan: {
    prompt: toolCallsArrayPrompt,
    stops: ['<|eos|>'],
    calls: renderCalls.toolCallsArray,
    result: renderResult.toolResponseInline,
  },
  phi4: {
    prompt: phi4Prompt,
    stops: ['<|end|>', '<|endoftext|>'],
    calls: renderCalls.phi4,
    result: renderResult.phi4,
  },
  /** Firefunction v2 (`firefunction_v2.jinja`; llama.cpp's FireFunction v2 format): ` functools[…]` in a Llama 3 turn. */
  firefunction: {
    prompt: firefunctionPrompt,
    stops: ['<|eot_id|>'],
    calls: renderCalls.functools,
    result: renderResult.plain,
  },
  /**
   * Phi-4-mini as vLLM serves it (`vllm_phi4_mini.jinja`, vLLM's `phi4_mini_json` parser): the
   * prompt asks for `functools[…]`, the template writes past calls as bare JSON objects.
   */
  'phi4-mini-json': {
    prompt: phi4MiniJsonPrompt,
    stops: ['<|end|>', '<|endoftext|>'],
    calls: renderCalls.bareJsonObjects,
    result: renderResult.plain,
  },
  /** Granite-20B-FunctionCalling (`vllm_granite_20b_fc.jinja`, vLLM's `granite-20b-fc` parser). */
  'granite-20b-fc': {
    prompt: granite20bFcPrompt,
    stops: ['<|endoftext|>'],
    calls: renderCalls.granite20bFc,
    result: renderResult.functionResponse,
  },
  apertus: {
    prompt: apertusPrompt,
    stops: ['<|assistant_end|>'],
    calls: renderCalls.apertus,
    result: renderResult.apertus,
  },
  internlm: {
    prompt: internlmPrompt,
    stops: ['<|im_end|>', '<|action_end|>'],
    calls: renderCalls.internlm,
    result: renderResult.plain,
  },
  longcat: {
    prompt: taggedPrompt('<longcat_tool_call>', '</longcat_tool_call>'),
    stops: ['<|im_end|>', '</longcat_s>'],
    calls: renderCalls.longcat,
    result: renderResult.toolResponse,
  },
  /** GigaChat 3 / 3.1 (vLLM's gigachat3 parser): a JSON call after `function call<|role_sep|>` or `<|function_call|>`. */
  gigachat: {
    prompt: taggedPrompt('<|function_call|>', ''),
    stops: ['</s>'],
    calls: renderCalls.gigachat,
    result: renderResult.plain,
  },
  ernie: {
    prompt: qwenPrompt,
    stops: ['</s>'],
    calls: renderCalls.toolCallTags,
    result: renderResult.toolResponse,
    responseTags: true,
  },
  /**
   * Inkling (vLLM's `inkling`): typed blocks between special tokens, a call as
   * `<|content_invoke_tool_json|>{"name": …, "args": {…}}<|end_message|>`, reasoning in
   * `<|content_thinking|>` blocks. Its chat template was not available here: the prompt is
   * Qwen's with Inkling's tool block, and the turn stops at the end-of-sampling token.
   */
  inkling: {
    prompt: taggedPrompt('<|content_invoke_tool_json|>', '<|end_message|>'),
    stops: ['<|content_model_end_sampling|>'],
    calls: renderCalls.inkling,
    result: renderResult.plain,
  },
} satisfies Record<string, VariantDefinition>);

export type HermesVariant = (typeof VARIANTS.ids)[number];
