/**
 * Calls and results as the gpt-oss chat template writes them into history: one message per
 * call, addressed in the role part of the header (`<|start|>assistant to=functions.NAME`), with
 * the template's bare `json` content type and the arguments as template JSON, ended by
 * `<|call|>`; a result is a message from `functions.NAME` to the assistant whose content is the
 * result as a JSON string. (The template renders only the first of parallel calls; every call is
 * written here, each its own message, which is how the model writes several.)
 */
import type { ToolCall, ToolResult } from '@toolformat/core';
import { tojson } from '@toolformat/core/kit';
import {
  CALL,
  CHANNEL,
  COMMENTARY,
  END,
  FUNCTIONS_PREFIX,
  MESSAGE,
  START,
  START_ASSISTANT,
} from './tokens.js';

export function renderCalls(calls: ToolCall[]): string {
  return calls
    .map(
      (call) =>
        `${START_ASSISTANT} to=${FUNCTIONS_PREFIX}${call.name}${CHANNEL}${COMMENTARY} json${MESSAGE}${tojson(call.arguments)}${CALL}`,
    )
    .join('');
}

/** `message.content|tojson`: a string is quoted as JSON, anything else is written as JSON. */
export function renderResult(result: ToolResult): string {
  return `${START}${FUNCTIONS_PREFIX}${result.name} to=assistant${CHANNEL}${COMMENTARY}${MESSAGE}${tojson(result.content ?? null)}${END}`;
}
