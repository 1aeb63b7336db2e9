/**
 * Calls and results as each variant writes them into the conversation, so the model sees its past
 * steps in exactly the form it is asked to write (and its chat template, where it has one, writes).
 */

import type { ToolCall, ToolResult } from '@toolformat/core';
import type { CallRenderer, ResultRenderer } from '@toolformat/core/kit';

/** JSON with Python's `json.dumps` separators (`, ` and `: `), as the templates write it. */
export function pyJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(pyJson).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}: ${pyJson(v)}`).join(', ')}}`;
}

/** A result's text: a string as is, anything else as JSON. */
export function resultText(result: ToolResult): string {
  return typeof result.content === 'string'
    ? result.content
    : (JSON.stringify(result.content ?? null) ?? 'null');
}

/** An error result says so, once. */
function errorText(result: ToolResult): string {
  const text = resultText(result);
  return result.isError && !/^error\b/i.test(text) ? `Error: ${text}` : text;
}

const whenAny =
  (render: CallRenderer): CallRenderer =>
  (calls) =>
    calls.length === 0 ? '' : render(calls);

/** `get_weather`, `get_weather and search`: the tools a rendered thought says it will use. */
function toolList(calls: ToolCall[]): string {
  const names = [...new Set(calls.map((c) => c.name))];
  return names.length === 1 ? `the ${names[0]} tool` : `the tools ${names.join(', ')}`;
}

/** Command R7B's ids are integers as strings; others are numbered in order. */
function cohereId(call: ToolCall, index: number): string {
  return /^\d{1,9}$/.test(call.id) ? call.id : String(index);
}

/** What a quoted key-value value escapes: no more than the reader reads back. */
const KEY_VALUE_ESCAPES: Record<string, string> = { '\\': '\\\\', '"': '\\"', '\n': '\\n', '\r': '\\r' };

/**
 * A key-value value as key-value-line.ts reads it back: a string, or anything else as JSON, as a
 * bare word when it is one (read as written, backslashes included), else in double quotes with
 * `\`, `"` and line breaks escaped and nothing else (the reader reads escapes only in a value
 * whose every backslash is one of these).
 */
function keyValueText(value: unknown): string {
  const string = typeof value === 'string';
  const text = string ? value : (JSON.stringify(value) ?? 'null');
  // A blank or a `✦` would cut the word; a quote would start a quoted value, or end one.
  if (text !== '' && !/[\s✦]/.test(text) && !(string && /["']/.test(text))) return text;
  return `"${text.replace(/[\\"\n\r]/g, (c) => KEY_VALUE_ESCAPES[c]!)}"`;
}

export const renderCalls = {
  /**
   * ReAct: a Thought, then an Action / Action Input pair per call. The thought is written for the
   * call (the original one is not part of a ToolCall): a history in the format keeps the model in it.
   */
  react: whenAny(
    (calls) =>
      `Thought: I need to use ${toolList(calls)}.\n` +
      calls.map((c) => `Action: ${c.name}\nAction Input: ${JSON.stringify(c.arguments)}`).join('\n'),
  ),
  keyValue: whenAny((calls) =>
    calls
      .map((c) => {
        const pairs = Object.entries(c.arguments).map(([k, v]) => `${k} ${keyValueText(v)}`);
        return `✦ tool_call: ${c.name}${pairs.length > 0 ? ` for ${pairs.join(' ')}` : ''}`;
      })
      .join('\n'),
  ),
  qwenAgent: whenAny((calls) =>
    calls.map((c) => `✿FUNCTION✿: ${c.name}\n✿ARGS✿: ${JSON.stringify(c.arguments)}`).join('\n'),
  ),
  /** Command R / R+ (2024 template): `Action:` and an indented JSON list in a fence. */
  commandR: whenAny(
    (calls) =>
      `Action:\n\`\`\`json\n${JSON.stringify(
        calls.map((c) => ({ tool_name: c.name, parameters: c.arguments })),
        null,
        4,
      )}\`\`\``,
  ),
  /** Command R7B / Command A: one call per line between the action tokens. */
  commandR7b: whenAny(
    (calls) =>
      `<|START_ACTION|>[\n${calls
        .map(
          (c, i) =>
            `    ${pyJson({ tool_call_id: cohereId(c, i), tool_name: c.name, parameters: c.arguments })}`,
        )
        .join(',\n')}\n]<|END_ACTION|>`,
  ),
} satisfies Record<string, CallRenderer>;

export const renderResult = {
  react: (r: ToolResult) => `Observation: ${errorText(r)}`,
  keyValue: (r: ToolResult) => `Result of ${r.name}: ${errorText(r)}`,
  qwenAgent: (r: ToolResult) => `✿RESULT✿: ${errorText(r)}`,
  commandR: (r: ToolResult) => `<results>\n${errorText(r)}</results>`,
  commandR7b: (r: ToolResult) =>
    `<|START_TOOL_RESULT|>[\n    {\n        "tool_call_id": ${JSON.stringify(r.id ?? '0')},\n` +
    `        "results": {\n            "0": ${JSON.stringify(resultText(r))}\n        },\n` +
    `        "is_error": ${r.isError ? 'true' : 'null'}\n    }\n]<|END_TOOL_RESULT|>`,
} satisfies Record<string, ResultRenderer>;
