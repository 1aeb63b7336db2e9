/**
 * Calls and results as each generation's chat template writes them into history (the model reads
 * its past turns best in the spelling it was trained on). The `</s>` the templates put after the
 * calls belongs to the turn, not to its content, as the role headers of other formats do.
 */

import type { ToolResult } from '@toolformat/core';
import type { CallRenderer, ResultRenderer } from '@toolformat/core/kit';
import { isAsciiAlphanumeric, isCharRun, resultText, stableWord, tojson } from '@toolformat/core/kit';
import { ARGS, CALL_ID, TOOL_CALLS, TOOL_CONTENT, TOOL_RESULTS, TOOL_RESULTS_END } from './tokens.js';

/**
 * The v3 and v11 templates reject any call id that is not 9 alphanumerics (`raise_exception("Tool
 * call IDs should be alphanumeric strings with length 9!")`): an OpenAI-style `call_8f3a…` is
 * mapped to 9 of them, the same for the call and its result.
 */
const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const ID_LENGTH = 9;

export function isMistralId(id: string): boolean {
  return isCharRun(id, isAsciiAlphanumeric, ID_LENGTH, ID_LENGTH);
}

/** The id as the template accepts it: kept when it already is one, else a stable 9-character word. */
export function toMistralId(id: string): string {
  return isMistralId(id) ? id : stableWord(id, ID_ALPHABET, ID_LENGTH);
}

export const renderCalls = {
  /** v3 (Nemo template): one token and a list of `{"name", "arguments", "id"}`. */
  v3: (calls) =>
    calls.length === 0
      ? ''
      : `${TOOL_CALLS}${tojson(calls.map((c) => ({ name: c.name, arguments: c.arguments, id: toMistralId(c.id) })))}`,
  /** v11 (Small 3.2): `[TOOL_CALLS]NAME[CALL_ID]ID[ARGS]{json}` per call. */
  v11: (calls) =>
    calls
      .map((c) => `${TOOL_CALLS}${c.name}${CALL_ID}${toMistralId(c.id)}${ARGS}${tojson(c.arguments)}`)
      .join(''),
  /** v13 (Devstral, Magistral, Ministral 3): `[TOOL_CALLS]NAME[ARGS]{json}` per call. */
  v13: (calls) => calls.map((c) => `${TOOL_CALLS}${c.name}${ARGS}${tojson(c.arguments)}`).join(''),
} satisfies Record<string, CallRenderer>;

/**
 * v3's `{"content": …}`: the template pastes the content in unquoted (`content|string`), which is
 * right for JSON text and breaks the object for anything else; mistral-common quotes a plain
 * string. So JSON text goes in as it is and other text as a JSON string.
 */
function v3Content(result: ToolResult): string {
  const content = result.content;
  if (typeof content !== 'string') return tojson(content ?? null);
  const trimmed = content.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      JSON.parse(trimmed);
      return content;
    } catch {
      // Not JSON after all: quoted below.
    }
  }
  return JSON.stringify(content);
}

export const renderResult = {
  v3: (result) => {
    const id = result.id === undefined ? '' : `, "call_id": "${toMistralId(result.id)}"`;
    return `${TOOL_RESULTS}{"content": ${v3Content(result)}${id}}${TOOL_RESULTS_END}`;
  },
  /** v11: the call id, then `[TOOL_CONTENT]`. Without an id, the v13 form. */
  v11: (result) =>
    result.id === undefined
      ? `${TOOL_RESULTS}${resultText(result)}${TOOL_RESULTS_END}`
      : `${TOOL_RESULTS}${toMistralId(result.id)}${TOOL_CONTENT}${resultText(result)}${TOOL_RESULTS_END}`,
  v13: (result) => `${TOOL_RESULTS}${resultText(result)}${TOOL_RESULTS_END}`,
} satisfies Record<string, ResultRenderer>;
