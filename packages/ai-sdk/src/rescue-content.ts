/**
 * The non-streaming path: the text parts of a generate result, read by toolformat, become
 * reasoning, clean text and `tool-call` parts. Everything else the provider returned (native tool
 * calls, reasoning, files, sources) keeps its place untouched.
 */
import type { LanguageModelV3Content, LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import type { ParseResult } from '@toolformat/core';
import { NoToolCallError } from './no-tool-call-error.js';
import { withToolformatMetadata } from './provider-metadata.js';
import { satisfies, toolCallPart } from './tool-definitions.js';

export function rescueGenerateResult(
  result: LanguageModelV3GenerateResult,
  parse: (text: string) => ParseResult,
  required: string | null,
): LanguageModelV3GenerateResult {
  const first = result.content.findIndex((part) => part.type === 'text');
  const nativeNames = result.content.flatMap((p) => (p.type === 'tool-call' ? [p.toolName] : []));
  if (first === -1) {
    if (!satisfies(required, nativeNames)) throw new NoToolCallError(required ?? 'required', '');
    return result;
  }
  // The text parts are read as one text, as the stream reads its text deltas: a call split
  // across two parts is still one call, and streaming equals generating.
  let text = '';
  for (const part of result.content) if (part.type === 'text') text += part.text;
  const parsed = parse(text);
  if (!satisfies(required, [...nativeNames, ...parsed.calls.map((c) => c.name)]))
    throw new NoToolCallError(required ?? 'required', text);

  const firstText = result.content[first] as Extract<LanguageModelV3Content, { type: 'text' }>;
  const replacement: LanguageModelV3Content[] = [];
  if (parsed.reasoning !== null) replacement.push({ type: 'reasoning', text: parsed.reasoning });
  if (parsed.content !== null)
    replacement.push(
      firstText.providerMetadata
        ? { type: 'text', text: parsed.content, providerMetadata: firstText.providerMetadata }
        : { type: 'text', text: parsed.content },
    );
  for (const call of parsed.calls) replacement.push(toolCallPart(call));

  const content: LanguageModelV3Content[] = [];
  for (const [i, part] of result.content.entries()) {
    if (i === first) content.push(...replacement);
    else if (part.type !== 'text') content.push(part);
  }
  const finishReason =
    parsed.calls.length > 0
      ? { unified: 'tool-calls' as const, raw: result.finishReason.raw }
      : result.finishReason;
  const providerMetadata = withToolformatMetadata(result.providerMetadata, {
    format: parsed.format,
    issues: parsed.issues,
    calls: parsed.calls.length,
  });
  return providerMetadata
    ? { ...result, content, finishReason, providerMetadata }
    : { ...result, content, finishReason };
}
