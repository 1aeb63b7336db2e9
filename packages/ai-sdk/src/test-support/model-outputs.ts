/**
 * What the tests feed the SDK's mock model: recorded outputs (fixtures/leaked), cut into the
 * tokens a server streams, as a generate result or as a stream of one-token parts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type {
  LanguageModelV3Content,
  LanguageModelV3GenerateResult,
  LanguageModelV3StreamPart,
  LanguageModelV3StreamResult,
} from '@ai-sdk/provider';
import { createRouter, type ModelsConfig, type Router } from '@toolformat/core';
import { builtinPlugins } from '@toolformat/formats';
import { convertArrayToReadableStream } from 'ai/test';
import { tokens } from '../compare/tokens.js';

export { tokens };

export function testRouter(config?: ModelsConfig): Router {
  return createRouter({ plugins: builtinPlugins, ...(config ? { config } : {}) });
}

const LEAKED = new URL('../../fixtures/leaked/', import.meta.url);

/** Every recording: model id → output. */
export function leakedOutputs(): Array<{ model: string; text: string }> {
  return readdirSync(LEAKED)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => ({ model: f.slice(0, -'.txt'.length), text: readFileSync(new URL(f, LEAKED), 'utf8') }));
}

export const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};

export function generateResult(
  text: string,
  extra: LanguageModelV3Content[] = [],
): LanguageModelV3GenerateResult {
  return {
    content: [{ type: 'text', text }, ...extra],
    finishReason: { unified: extra.length > 0 ? 'tool-calls' : 'stop', raw: 'stop' },
    usage,
    warnings: [],
  };
}

/** A stream with one text-delta per chunk (default: per token), then extra parts, then finish. */
export function streamResult(
  text: string,
  chunks: readonly string[] = tokens(text),
  extra: LanguageModelV3StreamPart[] = [],
): LanguageModelV3StreamResult {
  const parts: LanguageModelV3StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'response-metadata', id: 'resp-1', modelId: 'mock', timestamp: new Date(0) },
    { type: 'text-start', id: 'txt-0' },
    ...chunks.map((delta): LanguageModelV3StreamPart => ({ type: 'text-delta', id: 'txt-0', delta })),
    { type: 'text-end', id: 'txt-0' },
    ...extra,
    {
      type: 'finish',
      finishReason: { unified: extra.length > 0 ? 'tool-calls' : 'stop', raw: 'stop' },
      usage,
    },
  ];
  return { stream: convertArrayToReadableStream(parts) };
}

/** Markup any of the recorded formats leaves behind when it is not read. */
export const MARKUP = /<\/?(tool_call|function|parameter|think)\b|<[|｜]|\[(TOOL_CALLS|ARGS)\]|get_weather\(/;
