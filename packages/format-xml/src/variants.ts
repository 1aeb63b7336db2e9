/**
 * The variants of the family: the default (`claude`, handler id `xml`) and one per model family
 * whose prompt, stops or renderers differ. Parsing is shared: every variant reads every form
 * (models drift between them, and a Qwen3-Coder fine-tune may answer in GLM's), and names itself
 * in ParseResult.format.
 */
import { defineVariants, type FormatVariant, type ValueLayout } from '@toolformat/core/kit';
import {
  claudePrompt,
  glm4Prompt,
  glmPrompt46,
  glmPrompt47,
  hyV3Prompt,
  miniCpm5Prompt,
  minimaxM3Prompt,
  minimaxPrompt,
  qwen35Prompt,
  qwenCoderPrompt,
  seedPrompt,
  step3Prompt,
} from './prompt.js';
import { renderCalls, renderResult } from './render.js';

export interface VariantDefinition extends FormatVariant {
  /** The reasoning block a prompt that pre-opens one opens (`reasoningOpen`). */
  seedThink?: boolean;
  /** Calls are a declared tool's name on a line and its JSON (GLM-4-0414). */
  nameLineCalls?: boolean;
  /** `<function name="NAME">` opens a call (MiniCPM5). */
  functionNameTags?: boolean;
  /** The reasoning block a prompt that pre-opens one opens is `<mm:think>` (MiniMax M3). */
  mmThink?: boolean;
  /** How `<function=…>` values are laid out, when not Qwen3-Coder's lines (MiMo: verbatim). */
  valueLayout?: ValueLayout;
}

const QWEN_STOPS = ['<|im_end|>', '<|endoftext|>'];
const GLM_STOPS = ['<|endoftext|>', '<|user|>', '<|observation|>'];

export const VARIANTS = defineVariants('xml', 'claude', {
  /** Claude-style `<function_calls>` (and what any variant reads). */
  claude: {
    prompt: claudePrompt,
    // Claude's harness stopped here and appended the close tag itself.
    stops: ['</function_calls>'],
    calls: renderCalls.claude,
    result: renderResult.claude,
  },
  /** Qwen3-Coder, Nemotron 3, Step-3.5 (the same markup). */
  'qwen3-coder': {
    prompt: qwenCoderPrompt,
    stops: QWEN_STOPS,
    calls: renderCalls.qwenCoder,
    result: renderResult.toolResponse,
  },
  /** Qwen3.5: the Coder markup, tools listed as JSON, thinking. */
  'qwen3.5': {
    prompt: qwen35Prompt,
    stops: QWEN_STOPS,
    calls: renderCalls.qwenCoder,
    result: renderResult.toolResponse,
  },
  /**
   * Xiaomi MiMo (vLLM's `mimo`, on its Qwen3 engine): Qwen3-Coder's markup written compactly,
   * `<parameter=k>value</parameter>`, and a string value is exactly the text between the tags —
   * newlines around it included, where Qwen3-Coder's are layout. Its chat template was not
   * available here; the prompt is Qwen3-Coder's, whose markup it is, and the turn ends with
   * ChatML's tokens (vLLM runs it with the ChatML turn boundaries).
   */
  mimo: {
    prompt: qwenCoderPrompt,
    stops: QWEN_STOPS,
    calls: renderCalls.mimo,
    result: renderResult.toolResponse,
    valueLayout: 'verbatim',
  },
  /** GLM-4.5 / 4.6. */
  glm: { prompt: glmPrompt46, stops: GLM_STOPS, calls: renderCalls.glm, result: renderResult.toolResponse },
  /** GLM-4.7: no newlines between the tags. */
  'glm-4.7': {
    prompt: glmPrompt47,
    stops: GLM_STOPS,
    calls: renderCalls.glm47,
    result: renderResult.toolResponseInline,
  },
  /** GLM-4-9B-chat, GLM-4-0414 and GLM-Z1-0414: `NAME\n{json}` after `<|assistant|>`. */
  glm4: {
    prompt: glm4Prompt,
    stops: GLM_STOPS,
    calls: renderCalls.glm4,
    result: renderResult.plain,
    nameLineCalls: true,
  },
  /** MiniMax-M2. */
  minimax: {
    prompt: minimaxPrompt,
    stops: ['[e~['],
    calls: renderCalls.minimax,
    result: renderResult.minimax,
  },
  /**
   * MiniMax M3 (vLLM's `minimax_m3`): M2's invokes with every tag behind `]<]minimax[>[` and the
   * arguments as elements (xml-body.ts), reasoning in `<mm:think>`. Its chat template was not
   * available here, so its end-of-turn token is not known; stopping at the close of the call
   * wrapper keeps the model from writing past its calls (the parser reads an unclosed wrapper).
   */
  'minimax-m3': {
    prompt: minimaxM3Prompt,
    stops: [']<]minimax[>[</tool_call>'],
    calls: renderCalls.minimaxM3,
    result: renderResult.minimax,
    mmThink: true,
  },
  /** ByteDance Seed-OSS. */
  'seed-oss': {
    prompt: seedPrompt,
    stops: ['<seed:eos>'],
    calls: renderCalls.seed,
    result: renderResult.plain,
    seedThink: true,
  },
  /**
   * StepFun Step-3. Its chat template was not among those rendered, so its end-of-turn token is
   * not known here; stopping at the close of the call list keeps the model from writing past its
   * calls (the parser reads an unclosed list).
   */
  step3: {
    prompt: step3Prompt,
    stops: ['<｜tool_calls_end｜>'],
    calls: renderCalls.step3,
    result: renderResult.plain,
  },
  /**
   * Tencent Hunyuan 3 (`tencent/Hy3-preview`, vLLM's `hy_v3` parser): GLM's key/value pairs after
   * `NAME<tool_sep>`, all calls in one `<tool_calls>`. Its chat template ends every assistant turn
   * with `<｜hy_eos｜>`, a call turn right after `</tool_calls>`; stopping at the close of the call
   * list keeps the model from writing past its calls (the parser reads an unclosed list).
   */
  'hy-v3': {
    prompt: hyV3Prompt,
    stops: ['</tool_calls>', '<｜hy_eos｜>'],
    calls: renderCalls.hyV3,
    result: renderResult.toolResponse,
  },
  /**
   * OpenBMB MiniCPM5 (vLLM's `minicpm5` parser): `<function name="NAME"><param name="KEY">VALUE
   * </param></function>`, one element per call. Its chat template was not available here, so the
   * end-of-turn token is not known; `<|im_end|>` is the ChatML token earlier MiniCPM models end a
   * turn with.
   */
  minicpm5: {
    prompt: miniCpm5Prompt,
    stops: ['<|im_end|>'],
    calls: renderCalls.miniCpm5,
    result: renderResult.toolResponse,
    functionNameTags: true,
  },
} satisfies Record<string, VariantDefinition>);

export type XmlVariant = (typeof VARIANTS.ids)[number];
