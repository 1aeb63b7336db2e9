/**
 * Calls and results as Kimi's templates write them into history (the model reads its past turns
 * best in the spelling it was trained on):
 *
 *   <|tool_calls_section_begin|><|tool_call_begin|>functions.NAME:IDX<|tool_call_argument_begin|>{json}<|tool_call_end|>…<|tool_calls_section_end|>
 *   ## Return of functions.NAME:IDX\n{content}
 *
 * The result's role header (`<|im_system|>NAME<|im_middle|>`) and `<|im_end|>` belong to the turn,
 * not to its content. K2 Thinking writes every assistant turn after a reasoning block, empty for
 * past turns (`<think></think>`).
 */

import type { ToolCall } from '@toolformat/core';
import type { CallRenderer, ResultRenderer } from '@toolformat/core/kit';
import { resultText, stableNumber, tojson } from '@toolformat/core/kit';
import { PREFIX, parseCallId } from './call-body.js';
import {
  ARGUMENT_BEGIN,
  CALL_BEGIN,
  CALL_END,
  K3_ARG_CLOSE,
  K3_ARG_OPEN,
  K3_CALL_CLOSE,
  K3_CALL_OPEN,
  K3_SEP,
  K3_TOOLS_CLOSE,
  K3_TOOLS_OPEN,
  SECTION_BEGIN,
  SECTION_END,
  THINK,
  THINK_END,
} from './tokens.js';

function section(calls: readonly ToolCall[]): string {
  let out = SECTION_BEGIN;
  for (const c of calls) {
    out += `${CALL_BEGIN}${toKimiId(c.id, c.name)}${ARGUMENT_BEGIN}${tojson(c.arguments)}${CALL_END}`;
  }
  return out + SECTION_END;
}

/**
 * The id as the templates write it for a call of `name`: kept when it already is `functions.NAME:IDX`
 * for this name (`NAME:IDX` gains the prefix); otherwise `functions.NAME:N`, N a stable number
 * derived from the id. The templates need the name inside the id — the model reads which function a
 * result answers from it — and a call and its result must get the same id, so an OpenAI-style
 * `call_8f3a…` maps to the same `functions.NAME:N` wherever it is written. (The llama.cpp templates
 * renumber from a conversation counter instead, which a single turn cannot know.)
 */
export function toKimiId(id: string, name: string): string {
  const parsed = parseCallId(id);
  if (parsed !== null && parsed.name === name) return `${PREFIX}${name}:${parsed.index}`;
  // At most five digits: short, like the counters the model was trained on.
  return `${PREFIX}${name}:${stableNumber(id, 100_000)}`;
}

export const renderCalls = {
  /** K2 Instruct, K2-0905. */
  plain: (calls) => (calls.length === 0 ? '' : section(calls)),
  /** K2 Thinking: the empty thought the template writes before a past turn's calls. */
  thinking: (calls) => (calls.length === 0 ? '' : `${THINK}${THINK_END}${section(calls)}`),
  /** Kimi K3: the XTML tools channel, a value's JSON type on its tag, strings raw (tokens.ts). */
  k3: (calls) => (calls.length === 0 ? '' : k3Section(calls)),
} satisfies Record<string, CallRenderer>;

/** An attribute value as K3's encoder writes it: `&` and `"` escaped. */
const k3Attr = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

function k3Type(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value === 'string' || typeof value === 'boolean' ? typeof value : 'object';
}

function k3Section(calls: readonly ToolCall[]): string {
  let out = K3_TOOLS_OPEN;
  for (const [i, c] of calls.entries()) {
    out += `${K3_CALL_OPEN}tool="${k3Attr(c.name)}" index="${i + 1}"${K3_SEP}`;
    for (const [k, v] of Object.entries(c.arguments ?? {})) {
      const type = k3Type(v);
      out += `${K3_ARG_OPEN}key="${k3Attr(k)}" type="${type}"${K3_SEP}${type === 'string' ? v : tojson(v)}${K3_ARG_CLOSE}`;
    }
    out += K3_CALL_CLOSE;
  }
  return out + K3_TOOLS_CLOSE;
}

/**
 * `## Return of ID` and the content. Without an id the result names its tool only: an index we do
 * not know would point at some other call.
 */
export const renderResult: ResultRenderer = (result) =>
  `## Return of ${result.id === undefined ? `functions.${result.name}` : toKimiId(result.id, result.name)}\n${resultText(result)}`;

/**
 * Kimi K3: the content alone. Its template writes a result as a tool message whose header names the
 * tool and the call's index (`<|open|>message role="tool" tool="NAME" index="1"<|sep|>`), the
 * template's part like every role header.
 */
export const renderK3Result: ResultRenderer = (result) => resultText(result);
