/**
 * System prompts. The official V3/R1/V3.1 templates render no tools at all (servers inject a
 * description), so each variant uses the text DeepSeek or the serving projects settled on:
 * vLLM's V3 and R1 templates, the V3.1 model card (as vLLM reproduces it), and the V3.2 encoder's
 * DSML preamble (as llama.cpp recreates it). Tools are written with Python's json.dumps spelling,
 * as the templates write them.
 */

import type { SystemPromptOptions, ToolDefinition } from '@toolformat/core';
import type { PromptBuilder } from '@toolformat/core/kit';
import { normalizeTools, tojson } from '@toolformat/core/kit';
import { T } from './tokens.js';

const withPreamble = (text: string, opts?: SystemPromptOptions) =>
  opts?.preamble ? `${opts.preamble}\n\n${text}` : text;

const openAiShape = (tools: ToolDefinition[]) =>
  normalizeTools(tools).map((t) => ({
    type: 'function',
    function: { name: t.name, description: t.description ?? '', parameters: t.parameters ?? {} },
  }));

/** vLLM `tool_chat_template_deepseekv3.jinja`, its stray indentation dropped. */
export const v3Prompt: PromptBuilder = (tools, opts) =>
  withPreamble(
    `# Tools\n\nYou may call one or more functions to assist with the user query.\n${openAiShape(tools)
      .map(tojson)
      .join('\n')}\n</tools>\n\nFor function call returns, you should first print ${T.callsBegin}\n\n` +
      `For each function call, you should return object like:\n\n${T.callBegin}function${T.sep}<function_name>\n` +
      '```json\n<function_arguments_in_json_format>\n```' +
      `${T.callEnd}\n\nAt the end of function call returns, you should print ${T.callsEnd}${T.eos}`,
    opts,
  );

/** vLLM `tool_chat_template_deepseekr1.jinja`. */
export const r1Prompt: PromptBuilder = (tools, opts) =>
  withPreamble(
    'You are a helpful assistant with tool calling capabilities. When a tool call is needed, you MUST use the following format to issue the call:\n' +
      `${T.callsBegin}${T.callBegin}function${T.sep}FUNCTION_NAME\n` +
      '```json\n{"param1": "value1", "param2": "value2"}\n```' +
      `${T.callEnd}${T.callsEnd}\n\nMake sure the JSON is valid.## Tools\n\n### Function\n\nYou have the following functions available:\n\n` +
      openAiShape(tools)
        .map((t) => `\n\`\`\`json\n${tojson(t)}\n\`\`\``)
        .join(''),
    opts,
  );

/** The V3.1 model card (vLLM `tool_chat_template_deepseekv31.jinja`). */
export const v31Prompt: PromptBuilder = (tools, opts) =>
  withPreamble(
    `## Tools\nYou have access to the following tools:\n${normalizeTools(tools)
      .map(
        (t) =>
          `\n### ${t.name}\nDescription: ${t.description ?? ''}\n\nParameters: ${tojson(t.parameters ?? {})}\n`,
      )
      .join('')}\nIMPORTANT: ALWAYS adhere to this exact format for tool use:\n` +
      `${T.callsBegin}${T.callBegin}tool_call_name${T.sep}tool_call_arguments${T.callEnd}{{additional_tool_calls}}${T.callsEnd}\n\n` +
      "Where:\n\n- `tool_call_name` must be an exact match to one of the available tools\n- `tool_call_arguments` must be valid JSON that strictly follows the tool's Parameters Schema\n- For multiple tool calls, chain them directly without separators or spaces",
    opts,
  );

/** The V3.2 encoder's DSML preamble; V4 names the wrapper `tool_calls`. */
const dsmlPrompt =
  (wrapper: string): PromptBuilder =>
  (tools, opts) => {
    const open = `<｜DSML｜${wrapper}>`;
    const close = `</｜DSML｜${wrapper}>`;
    return withPreamble(
      `## Tools\n\nYou have access to a set of tools you can use to answer the user's question.\n` +
        `You can invoke functions by writing a "${open}" block like the following as part of your reply to the user:\n` +
        `${open}\n<｜DSML｜invoke name="$FUNCTION_NAME">\n<｜DSML｜parameter name="$PARAMETER_NAME" string="true|false">$PARAMETER_VALUE</｜DSML｜parameter>\n...\n</｜DSML｜invoke>\n<｜DSML｜invoke name="$FUNCTION_NAME2">\n...\n</｜DSML｜invoke>\n${close}\n\n` +
        'String and scalar parameters should be specified as is without any escaping or quotes, while lists and objects should use JSON format. The "string" attribute should be set to "true" for string type parameters and "false" for other types (numbers, booleans, arrays, objects).\n\n' +
        `If the thinking_mode is enabled, then after function results you should strongly consider outputting a thinking block. Here is an example:\n\n${open}\n...\n${close}\n\n<function_results>\n...\n</function_results>\n\n<think>...thinking about results</think>\n\n` +
        `Here are the functions available in JSONSchema format:\n<functions>\n${normalizeTools(tools)
          .map((t) =>
            tojson({ name: t.name, description: t.description ?? '', parameters: t.parameters ?? {} }),
          )
          .join('\n')}\n</functions>`,
      opts,
    );
  };

export const v32Prompt = dsmlPrompt('function_calls');
export const v4Prompt = dsmlPrompt('tool_calls');
