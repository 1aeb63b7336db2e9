/**
 * `toolformatMiddleware`: a `LanguageModelV3Middleware` (the spec of `ai@6`, `@ai-sdk/provider@3`)
 * that gives an AI SDK app tool calls from any model toolformat reads.
 *
 * - A model with native tool calling keeps its tools; calls it leaked into its text are rescued
 *   (`router.rescue` / `createRescueParser`, strict: the SDK executes what it gets) and native
 *   tool-call parts pass through untouched.
 * - A text-format model (`nativeTools: false` in models.yaml, or the option) is taught the tools
 *   in its format's system prompt, stops at its stop sequences, sees earlier calls and results
 *   written in its format, and its output is read back into tool-call parts.
 */
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Middleware,
  LanguageModelV3ToolChoice,
} from '@ai-sdk/provider';
import {
  type FormatPlugin,
  type ModelsConfig,
  type RescueOptions,
  type Router,
  routerFrom,
} from '@toolformat/core';
import { renderPrompt } from './render-prompt.js';
import { rescueGenerateResult } from './rescue-content.js';
import { createRescueStream } from './rescue-stream.js';
import { functionTools, requiredCall, taughtTools } from './tool-definitions.js';

export interface ToolformatMiddlewareOptions {
  /** A router over the formats you use (`createRouter({ plugins, config })`). */
  router?: Router;
  /** Without `router`: the models.yaml to route with (see `loadModelsConfig`). */
  config?: ModelsConfig;
  /** Without `router`: the format plugins to route over (else those registered globally). */
  plugins?: readonly FormatPlugin[];
  /** The model name to route by. Default: the wrapped model's `modelId`. */
  model?: string;
  /** A format id or alias to use instead of routing by model name (`hermes`, `qwen3-coder`, …). */
  format?: string;
  /**
   * `false`: the model has no native tool calling; teach it the tools as text. Default: the
   * model's `nativeTools` in models.yaml, else `true`.
   */
  nativeTools?: boolean;
  /** Ids for calls whose format carries none. Default `crypto.randomUUID()`. */
  generateId?: () => string;
}

/** What one call does, decided once in transformParams and read by wrapGenerate/wrapStream. */
interface CallPlan {
  /** Null: pass the model's output through (no tools, or `toolChoice: 'none'`). */
  rescue: RescueOptions | null;
  required: string | null;
}

export function toolformatMiddleware(options: ToolformatMiddlewareOptions = {}): LanguageModelV3Middleware {
  const router = routerFrom(options);
  // An unknown format id throws here, naming the known ones, not on the first request.
  if (options.format !== undefined) router.get(options.format);
  // wrapLanguageModel passes the object transformParams returned to wrapGenerate/wrapStream.
  const plans = new WeakMap<LanguageModelV3CallOptions, CallPlan>();

  const resolve = (model: LanguageModelV3) => {
    const name = options.model ?? model.modelId;
    if (options.format !== undefined) {
      const r = router.resolveFormat(options.format);
      return {
        handler: r.handler,
        target: { format: options.format },
        stop: r.stop,
        native: options.nativeTools ?? true,
      };
    }
    const r = router.resolveModel(name);
    return {
      handler: r.handler,
      target: { model: name },
      stop: r.stop,
      native: options.nativeTools ?? r.nativeTools ?? true,
    };
  };

  const plan = (params: LanguageModelV3CallOptions, model: LanguageModelV3): CallPlan => {
    const known = plans.get(params);
    if (known) return known;
    // Without transformParams (a middleware composed by hand): the call's own tools decide.
    return planFor(params.tools ? functionTools(params) : [], params.toolChoice, resolve(model).target);
  };

  const planFor = (
    tools: ReturnType<typeof functionTools>,
    toolChoice: LanguageModelV3ToolChoice | undefined,
    target: { model?: string; format?: string },
  ): CallPlan => {
    if (tools.length === 0 || toolChoice?.type === 'none') return { rescue: null, required: null };
    return {
      rescue: {
        ...target,
        tools,
        strict: true,
        ...(options.generateId ? { generateId: options.generateId } : {}),
      },
      required: requiredCall(toolChoice),
    };
  };

  return {
    specificationVersion: 'v3',

    async transformParams({ params, model }) {
      const { handler, target, stop, native } = resolve(model);
      const tools = functionTools(params);
      const callPlan = planFor(tools, params.toolChoice, target);
      let out: LanguageModelV3CallOptions;
      if (native) out = { ...params };
      else {
        const taught = params.toolChoice?.type === 'none' ? null : taughtTools(tools, params.toolChoice);
        out = {
          ...params,
          prompt: renderPrompt(params.prompt, handler, { tools: taught }),
          stopSequences: [...new Set([...(params.stopSequences ?? []), ...stop])],
          tools: undefined,
          toolChoice: undefined,
        };
      }
      plans.set(out, callPlan);
      return out;
    },

    async wrapGenerate({ doGenerate, params, model }) {
      const { rescue, required } = plan(params, model);
      const result = await doGenerate();
      if (rescue === null) return result;
      return rescueGenerateResult(result, (text) => router.rescue(text, rescue), required);
    },

    async wrapStream({ doStream, params, model }) {
      const { rescue, required } = plan(params, model);
      const result = await doStream();
      if (rescue === null) return result;
      const parser = router.createRescueParser(rescue);
      return { ...result, stream: result.stream.pipeThrough(createRescueStream(parser, { required })) };
    },
  };
}
