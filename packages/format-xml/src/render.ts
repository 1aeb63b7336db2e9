/**
 * Calls and results as each family's chat template writes them into history, so the model reads
 * its past turns in the form it was trained to write. Only the turn's content is rendered; role headers (`<|im_start|>assistant`,
 * `<|observation|>`, `]~b]tool`) belong to the chat template.
 */

import type { ToolCall, ToolResult } from '@toolformat/core';
import {
  type CallRenderer,
  decodeXmlText,
  isPlainObject,
  pyStr,
  type ResultRenderer,
  resultText,
  tojson,
} from '@toolformat/core/kit';

const whenAny =
  (render: CallRenderer): CallRenderer =>
  (calls) =>
    calls.length === 0 ? '' : render(calls);

/** `&`, `<`, `"` in an attribute value (a name with a quote would end the attribute). */
function attr(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
}

/** A value in the XML families' call markup: strings as is, containers as JSON. */
function xmlValue(value: unknown, scalar: (v: unknown) => string = tojson): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) || isPlainObject(value)) return tojson(value);
  return scalar(value);
}

const entries = (c: ToolCall) => Object.entries(c.arguments ?? {});

/**
 * A value as the template writes it — raw — unless reading it back would change it: text that
 * holds its own close tag, an entity or CDATA, or (in a form that writes values inline) a newline
 * at both ends is written as CDATA, which the parser unwraps verbatim. Text that holds one of
 * `stops`, the closes of the call or the block around the value and the family's opens, is written
 * with its markup characters as entities instead (see `entities`): a block's close ends the block
 * even inside CDATA.
 */
function raw(text: string, element: string, inline = true, stops: readonly string[] = []): string {
  if (stops.some((stop) => text.includes(stop))) return entities(text, inline);
  // A lone newline both starts and ends the text: the reader would take it for layout too.
  const layout = inline && text.startsWith('\n') && text.endsWith('\n');
  // The reader closes a value at its element's close tag under any namespace prefix.
  const closes = text.includes(`</${element}>`) || text.includes(`:${element}>`);
  if (!layout && !closes && decodeXmlText(text) === text) return text;
  return `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/**
 * Text with `&` and `<` as entities, so that no tag or marker is left in it; the tokenizer's space
 * and newline (`Ġ`, `Ċ`) too, which MiniCPM5's reader turns into a space and a newline before
 * reading. Every reader of the family decodes them back. A newline at both ends of an inline value
 * would be read as layout: the first is written as an entity.
 */
function entities(text: string, inline: boolean): string {
  const escaped = text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('\u0120', '&#288;')
    .replaceAll('\u010a', '&#266;');
  return inline && escaped.startsWith('\n') && escaped.endsWith('\n') ? `&#10;${escaped.slice(1)}` : escaped;
}

/**
 * Where the family's readers start a call or an argument, in every dialect they accept: the
 * readers are one merged reader, so an `<invoke name="g">` in a Qwen3-Coder value opens a call
 * there too. A value that holds one is written with entities, or its call would be cut there and
 * a call made up of the rest (an agent writing a file about these formats).
 */
const OPENS = [
  '<invoke',
  ':invoke ',
  '<function',
  '<parameter',
  ':parameter ',
  '<param',
  '<arg_key',
  '<arg_value',
];
/** What ends a Claude-style invoke (under any namespace prefix) or its block. */
const INVOKE_STOPS = [...OPENS, '</invoke>', ':invoke>'];
/** What ends a `<function=…>` call or its `<tool_call>`. */
const FUNCTION_STOPS = [...OPENS, '</function>', '</tool_call>'];
const CLAUDE_STOPS = [...INVOKE_STOPS, '</function_calls>', ':function_calls>'];
const MINIMAX_STOPS = [...INVOKE_STOPS, '</minimax:tool_call>'];
const STEP3_STOPS = [...INVOKE_STOPS, '<｜tool_call_end｜>', '<｜tool_calls_end｜>'];
const SEED_STOPS = [...OPENS, '</function>', '</seed:tool_call>'];
const GLM_STOPS = [...OPENS, '</tool_call>'];
const HY_STOPS = [...OPENS, '</tool_call>', '</tool_calls>'];
/** MiniCPM5's call is its block; its reader rewrites `<paramname=` and the tokenizer's characters first. */
const MINICPM_STOPS = [...OPENS, '</function>', '<paramname=', '\u0120', '\u010a'];

export const renderCalls = {
  /** GLM-4-0414: the name on a line, then the arguments as JSON (`glm4_9b_gguf.jinja`). */
  glm4: (calls: ToolCall[]) => calls.map((c) => `${c.name}\n${JSON.stringify(c.arguments ?? {})}`).join('\n'),
  /** The Claude-style block: scalars as is, lists and objects as JSON (the prompt says so). */
  claude: whenAny(
    (calls) =>
      `<function_calls>\n${calls
        .map(
          (c) =>
            `<invoke name="${attr(c.name)}">\n${entries(c)
              .map(
                ([k, v]) =>
                  `<parameter name="${attr(k)}">${raw(xmlValue(v), 'parameter', true, CLAUDE_STOPS)}</parameter>\n`,
              )
              .join('')}</invoke>\n`,
        )
        .join('')}</function_calls>`,
  ),
  /**
   * Qwen3-Coder / Qwen3.5 (`qwen3_coder.jinja`): a value on its own lines; scalars through
   * Python's `str()` — the template writes `True`, which is what these models write back.
   */
  qwenCoder: whenAny((calls) =>
    calls
      .map(
        (c) =>
          `<tool_call>\n<function=${c.name}>\n${entries(c)
            .map(
              ([k, v]) =>
                `<parameter=${k}>\n${raw(xmlValue(v, pyStr), 'parameter', false, FUNCTION_STOPS)}\n</parameter>\n`,
            )
            .join('')}</function>\n</tool_call>`,
      )
      .join('\n'),
  ),
  /** MiMo (vLLM's `mimo` and MiMo-V2-Flash tests): Qwen3-Coder's markup, each value verbatim between its tags. */
  mimo: whenAny((calls) =>
    calls
      .map(
        (c) =>
          `<tool_call>\n<function=${c.name}>\n${entries(c)
            .map(
              ([k, v]) =>
                `<parameter=${k}>${raw(xmlValue(v, pyStr), 'parameter', false, FUNCTION_STOPS)}</parameter>\n`,
            )
            .join('')}</function>\n</tool_call>`,
      )
      .join('\n'),
  ),
  /** Seed-OSS (`seed_oss.jinja`): the same inner syntax, values inline, in `<seed:tool_call>`. */
  seed: whenAny((calls) =>
    calls
      .map(
        (c) =>
          `<seed:tool_call>\n<function=${c.name}>\n${entries(c)
            .map(
              ([k, v]) =>
                `<parameter=${k}>${raw(xmlValue(v, pyStr), 'parameter', true, SEED_STOPS)}</parameter>\n`,
            )
            .join('')}</function>\n</seed:tool_call>`,
      )
      .join('\n'),
  ),
  /** GLM-4.5 / 4.6 (`glm_4.6.jinja`): every tag on its own line; non-strings as JSON. */
  glm: whenAny((calls) =>
    calls
      .map(
        (c) =>
          `<tool_call>${c.name}\n${entries(c)
            .map(
              ([k, v]) =>
                `<arg_key>${k}</arg_key>\n<arg_value>${raw(xmlValue(v), 'arg_value', true, GLM_STOPS)}</arg_value>\n`,
            )
            .join('')}</tool_call>`,
      )
      .join('\n'),
  ),
  /** GLM-4.7 (`glm_4.7_flash.jinja`): the same without newlines. */
  glm47: whenAny((calls) =>
    calls
      .map(
        (c) =>
          `<tool_call>${c.name}${entries(c)
            .map(
              ([k, v]) =>
                `<arg_key>${k}</arg_key><arg_value>${raw(xmlValue(v), 'arg_value', true, GLM_STOPS)}</arg_value>`,
            )
            .join('')}</tool_call>`,
      )
      .join(''),
  ),
  /**
   * Hunyuan 3 (vLLM's `hy_v3` parser and tests): one `<tool_calls>`, a call per line, GLM's pairs
   * after `NAME<tool_sep>`; non-strings as JSON.
   */
  hyV3: whenAny(
    (calls) =>
      `<tool_calls>\n${calls
        .map(
          (c) =>
            `<tool_call>${c.name}<tool_sep>\n${entries(c)
              .map(
                ([k, v]) =>
                  `<arg_key>${k}</arg_key>\n<arg_value>${raw(xmlValue(v), 'arg_value', true, HY_STOPS)}</arg_value>\n`,
              )
              .join('')}</tool_call>\n`,
        )
        .join('')}</tool_calls>`,
  ),
  /** MiniCPM5 (vLLM's `minicpm5` tests): a `<function name>` element per call, values inline. */
  miniCpm5: whenAny((calls) =>
    calls
      .map(
        (c) =>
          `<function name="${attr(c.name)}">${entries(c)
            .map(
              ([k, v]) =>
                `<param name="${attr(k)}">${raw(xmlValue(v), 'param', true, MINICPM_STOPS)}</param>`,
            )
            .join('')}</function>`,
      )
      .join('\n'),
  ),
  /** MiniMax M3 (vLLM's `minimax_m3` tests): the namespace marker before every tag, arguments as elements. */
  minimaxM3: whenAny(
    (calls) =>
      `${M3}<tool_call>\n${calls
        .map(
          (c) =>
            `${M3}<invoke name="${attr(c.name)}">${entries(c)
              .map(([k, v]) => m3Element(k, v, 0))
              .join('')}${M3}</invoke>\n`,
        )
        .join('')}${M3}</tool_call>`,
  ),
  /** MiniMax-M2 (`minimax_m2.jinja`): every invoke in one `<minimax:tool_call>`. */
  minimax: whenAny(
    (calls) =>
      `<minimax:tool_call>\n${calls
        .map(
          (c) =>
            `<invoke name="${attr(c.name)}">\n${entries(c)
              .map(
                ([k, v]) =>
                  `<parameter name="${attr(k)}">${raw(xmlValue(v), 'parameter', true, MINIMAX_STOPS)}</parameter>\n`,
              )
              .join('')}</invoke>\n`,
        )
        .join('')}</minimax:tool_call>`,
  ),
  /** Step-3 (vLLM's step3 parser and tests): StepTML invokes between fullwidth-bar tokens. */
  step3: whenAny(
    (calls) =>
      `<｜tool_calls_begin｜>${calls
        .map(
          (c) =>
            `<｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="${attr(c.name)}">${entries(c)
              .map(
                ([k, v]) =>
                  `<steptml:parameter name="${attr(k)}">${raw(xmlValue(v), 'parameter', true, STEP3_STOPS)}</steptml:parameter>`,
              )
              .join('')}</steptml:invoke><｜tool_call_end｜>`,
        )
        .join('<｜tool_sep｜>')}<｜tool_calls_end｜>`,
  ),
} satisfies Record<string, CallRenderer>;

const M3 = ']<]minimax[>[';

/** One M3 element: objects nest, lists are `<item>`s, scalars as text; deeper than 16 as JSON. */
function m3Element(key: string, value: unknown, depth: number): string {
  let inner: string;
  if (depth < 16 && Array.isArray(value) && value.length > 0)
    inner = value.map((v) => m3Element('item', v, depth + 1)).join('');
  else if (
    depth < 16 &&
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).length > 0
  )
    inner = Object.entries(value)
      .map(([k, v]) => m3Element(k, v, depth + 1))
      .join('');
  // The marker in a value would end the block or open an element there, CDATA or not.
  else inner = raw(xmlValue(value), key, true, [M3]);
  return `${M3}<${key}>${inner}${M3}</${key}>`;
}

export const renderResult = {
  /** Claude-style: `<function_results>` with the tool's name and its output, or an error. */
  claude: (r: ToolResult) =>
    r.isError
      ? `<function_results>\n<error>\n${resultText(r)}\n</error>\n</function_results>`
      : `<function_results>\n<result>\n<tool_name>${r.name}</tool_name>\n<stdout>\n${resultText(r)}\n</stdout>\n</result>\n</function_results>`,
  /** Qwen (in a user turn) and GLM-4.5/4.6 (after `<|observation|>`). */
  toolResponse: (r: ToolResult) => `<tool_response>\n${resultText(r)}\n</tool_response>`,
  /** GLM-4.7: no newlines. */
  toolResponseInline: (r: ToolResult) => `<tool_response>${resultText(r)}</tool_response>`,
  /** MiniMax-M2: one `<response>` per result in the `]~b]tool` turn. */
  minimax: (r: ToolResult) => `<response>${resultText(r)}</response>`,
  /** Seed-OSS and Step-3: the result is the whole `tool` turn. */
  plain: (r: ToolResult) => resultText(r),
} satisfies Record<string, ResultRenderer>;
