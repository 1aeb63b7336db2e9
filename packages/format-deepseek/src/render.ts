/**
 * Calls and results as each version's chat template writes them into history, so the model reads
 * its past turns in the form it was trained to write. Arguments are written with Python's
 * json.dumps spelling (`tojson`), as the templates do.
 */

import type { ToolCall, ToolResult } from '@toolformat/core';
import type { CallRenderer } from '@toolformat/core/kit';
import { resultText, tojson } from '@toolformat/core/kit';
import { FW_BAR, T } from './tokens.js';

const args = (c: ToolCall) => c.arguments ?? {};

const whenAny =
  (render: CallRenderer): CallRenderer =>
  (calls) =>
    calls.length === 0 ? '' : render(calls);

const PARAM_CLOSE = '</｜DSML｜parameter>';

/**
 * A DSML value: a string raw with `string="true"`, anything else as JSON with `string="false"`.
 * A string that holds a DSML tag (the parameter's close, or the invoke's or the block's) is written
 * as a JSON string with `<` escaped, so that it reads back unchanged.
 */
function dsmlParam(key: string, value: unknown): string {
  const name = key.replaceAll('"', '&quot;');
  if (typeof value === 'string' && !value.includes(`${FW_BAR}DSML${FW_BAR}`) && !value.includes('|DSML|')) {
    return `<｜DSML｜parameter name="${name}" string="true">${value}${PARAM_CLOSE}`;
  }
  const json = tojson(value).replaceAll('<', '\\u003c');
  return `<｜DSML｜parameter name="${name}" string="false">${json}${PARAM_CLOSE}`;
}

const dsmlCalls =
  (wrapper: string): CallRenderer =>
  (calls) =>
    `<｜DSML｜${wrapper}>\n${calls
      .map(
        (c) =>
          `<｜DSML｜invoke name="${c.name.replaceAll('"', '&quot;')}">\n${Object.entries(args(c))
            .map(([k, v]) => `${dsmlParam(k, v)}\n`)
            .join('')}</｜DSML｜invoke>\n`,
      )
      .join('')}</｜DSML｜${wrapper}>`;

export const renderCalls = {
  /** V2.5 / V3 / R1: typed, fenced, one call a line (`deepseek_r1_0528_gguf.jinja`, with the end token). */
  v3: whenAny(
    (calls) =>
      `${T.callsBegin}${calls
        .map(
          (c) =>
            `${T.callBegin}function${T.sep}${c.name}\n\`\`\`json\n${tojson(args(c))}\n\`\`\`${T.callEnd}`,
        )
        .join('\n')}${T.callsEnd}`,
  ),
  /** V3.1: name and raw JSON, calls chained without separators. */
  v31: whenAny(
    (calls) =>
      `${T.callsBegin}${calls.map((c) => `${T.callBegin}${c.name}${T.sep}${tojson(args(c))}${T.callEnd}`).join('')}${T.callsEnd}`,
  ),
  v32: whenAny(dsmlCalls('function_calls')),
  v4: whenAny(dsmlCalls('tool_calls')),
};

export const renderResult = {
  /** V3 / R1: one result in the outputs wrapper. */
  v3: (r: ToolResult) => `${T.outputsBegin}${T.outputBegin}${resultText(r)}${T.outputEnd}${T.outputsEnd}`,
  /** V3.1: no outputs wrapper. */
  v31: (r: ToolResult) => `${T.outputBegin}${resultText(r)}${T.outputEnd}`,
  /** V3.2 / V4. */
  dsml: (r: ToolResult) => `<function_results>\n<result>${resultText(r)}</result>\n</function_results>`,
};
