/**
 * Calls and results as each variant's template writes them into history. Only the turn's content
 * is rendered; the role header (`<|start_header_id|>ipython<|end_header_id|>`) is the template's.
 */

import type { ToolCall, ToolResult } from '@toolformat/core';
import type { CallRenderer } from '@toolformat/core/kit';
import { formatPythonCall, resultText, tojson } from '@toolformat/core/kit';
import { CODE_INTERPRETER } from './markup.js';

/** Llama 3.1's built-in tools, written `<|python_tag|>name.call(…)` (the code interpreter as raw code). */
const BUILTIN = new Set(['brave_search', 'wolfram_alpha', 'photogen']);

function builtinCall(c: ToolCall): string | null {
  if (
    c.name === CODE_INTERPRETER &&
    typeof c.arguments.code === 'string' &&
    Object.keys(c.arguments).length === 1
  )
    return `<|python_tag|>${c.arguments.code}`;
  if (BUILTIN.has(c.name)) return `<|python_tag|>${formatPythonCall(`${c.name}.call`, c.arguments, '"')}`;
  return null;
}

const whenAny =
  (render: CallRenderer): CallRenderer =>
  (calls) =>
    calls.length === 0 ? '' : render(calls);

export const renderCalls = {
  /** Llama 3.1 / 3.3: `{"name": …, "parameters": …}`, several separated by `; `. */
  json: whenAny((calls) =>
    calls.map((c) => builtinCall(c) ?? tojson({ name: c.name, parameters: c.arguments })).join('; '),
  ),
  /** Llama 3.2 / 4 docs: `[f(a="x"), g()]`. */
  pythonic: whenAny(
    (calls) => `[${calls.map((c) => formatPythonCall(c.name, c.arguments, '"')).join(', ')}]`,
  ),
  /** Llama 4 in `<|python_start|>`. */
  pythonicTagged: whenAny(
    (calls) =>
      `<|python_start|>[${calls.map((c) => formatPythonCall(c.name, c.arguments, '"')).join(', ')}]<|python_end|>`,
  ),
  /** Functionary v3.1. */
  functionTags: whenAny((calls) =>
    calls.map((c) => `<function=${c.name}>${tojson(c.arguments)}</function>`).join(''),
  ),
  /** Functionary v3.2. */
  recipients: whenAny((calls) =>
    calls
      .map((c) =>
        c.name === 'python' && typeof c.arguments.code === 'string'
          ? `>>>python\n${c.arguments.code}`
          : `>>>${c.name}\n${tojson(c.arguments)}`,
      )
      .join(''),
  ),
};

export const renderResult = {
  /** The Llama HF templates `tojson` the ipython content, strings included. */
  tojson: (result: ToolResult) => tojson(result.content ?? null),
  /** Functionary: the result text as is. */
  plain: (result: ToolResult) => resultText(result),
};
