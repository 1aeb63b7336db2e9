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
import deepseek from '@toolformat/format-deepseek';
import gemma from '@toolformat/format-gemma';
import harmony from '@toolformat/format-harmony';
import hermes from '@toolformat/format-hermes';
import kimi from '@toolformat/format-kimi';
import llama from '@toolformat/format-llama';
import mistral from '@toolformat/format-mistral';
import react from '@toolformat/format-react';
import solar from '@toolformat/format-solar';
import xml from '@toolformat/format-xml';
import { convertArrayToReadableStream } from 'ai/test';

export const allPlugins = [hermes, xml, react, llama, deepseek, mistral, gemma, kimi, solar, harmony];

export function testRouter(config?: ModelsConfig): Router {
  return createRouter({ plugins: allPlugins, ...(config ? { config } : {}) });
}

const LEAKED = new URL('../../fixtures/leaked/', import.meta.url);

/** Every recording: model id → output. */
export function leakedOutputs(): Array<{ model: string; text: string }> {
  return readdirSync(LEAKED)
    .filter((f) => f.endsWith('.txt'))
    .sort()
    .map((f) => ({ model: f.slice(0, -'.txt'.length), text: readFileSync(new URL(f, LEAKED), 'utf8') }));
}

// Special tokens whole, then tags, words, blank runs and single characters: close to what a
// tokenizer sends, so markers arrive split the way a server splits them.
const TOKEN =
  /<\|[^|<>\s]{1,40}\|>|<｜[^｜]{1,40}｜>|\[[A-Z_]{2,20}\]|<\/?[A-Za-z_][^<>\s]{0,30}>|\w+|\s+|[^\w\s]/gu;

export function tokens(text: string): string[] {
  const out = text.match(TOKEN) ?? [];
  if (out.join('') !== text) throw new Error('tokens: the pieces do not add up to the text');
  return out;
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
