/**
 * System prompts that teach the format, worded as each model's chat template words them when
 * tools are passed. Models follow their training text
 * best; the tool list is written in the template's own JSON spelling (see py-json.ts).
 */

import type { FlatToolDefinition } from '@toolformat/core';
import type { PromptBuilder, PythonTypeSpelling } from '@toolformat/core/kit';
import {
  getOwn,
  isPlainObject,
  normalizeTools,
  openAiToolShape,
  tojson as pyJson,
  tojsonIndented as pyJsonIndented,
  pythonType,
  withPreamble,
} from '@toolformat/core/kit';

/** Qwen2.5 / Qwen3 / QwQ (`qwen3.jinja`, `qwen2.5_instruct.jinja`). */
export const qwenPrompt: PromptBuilder = (tools, opts) =>
  withPreamble(
    opts,
    '# Tools\n\nYou may call one or more functions to assist with the user query.\n\n' +
      'You are provided with function signatures within <tools></tools> XML tags:\n<tools>' +
      normalizeTools(tools)
        .map((t) => `\n${pyJson(openAiToolShape(t))}`)
        .join('') +
      '\n</tools>\n\nFor each function call, return a json object with function name and arguments within ' +
      '<tool_call></tool_call> XML tags:\n<tool_call>\n{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call>',
  );

/** The template's `json_to_python_type` macro spells containers `list[…]`, `dict`. */
const PYTHON_SPELLING: PythonTypeSpelling = { list: 'list', dict: 'dict', bareDict: true };

/** One tool as the Hermes 2 Pro template writes it: the description rewritten as a Python docstring. */
function hermesTool(tool: FlatToolDefinition): string {
  const props = isPlainObject(tool.parameters) ? getOwn(tool.parameters, 'properties') : undefined;
  const entries = isPlainObject(props) ? Object.entries(props) : [];
  const signature = entries
    .map(([name, schema]) => `${name}: ${pythonType(schema, PYTHON_SPELLING)}`)
    .join(', ');
  let description = `${tool.name}(${signature}) - ${tool.description ?? ''}\n\n`;
  entries.forEach(([name, schema], i) => {
    if (i === 0) description += '    Args:\n';
    const text = isPlainObject(schema) ? getOwn(schema, 'description') : undefined;
    description += `        ${name}(${pythonType(schema, PYTHON_SPELLING)}): ${typeof text === 'string' ? text.trim() : ''}`;
  });
  // The template pastes the description unescaped; so do we (it is what the model was trained on).
  const parameters = entries.length === 0 ? '{}' : pyJson(tool.parameters);
  return `{"type": "function", "function": {"name": "${tool.name}", "description": "${description}", "parameters": ${parameters}}`;
}

/** Hermes 2 Pro / Hermes 3 (`hermes2pro_llama3_tool_use.jinja`). */
export const hermesPrompt: PromptBuilder = (tools, opts) =>
  withPreamble(
    opts,
    "You are a function calling AI model. You are provided with function signatures within <tools></tools> XML tags. You may call one or more functions to assist with the user query. Don't make assumptions about what values to plug into functions. Here are the available tools: <tools> " +
      normalizeTools(tools).map(hermesTool).join('\n') +
      ' </tools>Use the following pydantic model json schema for each tool call you will make: ' +
      '{"properties": {"name": {"title": "Name", "type": "string"}, "arguments": {"title": "Arguments", "type": "object"}}, "required": ["name", "arguments"], "title": "FunctionCall", "type": "object"}}\n' +
      'For each function call return a json object with function name and arguments within <tool_call></tool_call> XML tags as follows:\n' +
      '<tool_call>\n{"name": <function-name>, "arguments": <args-dict>}\n</tool_call>',
  );

/** Granite 3.x: the template's default system message, then its `available_tools` turn. */
export const granitePrompt: PromptBuilder = (tools, opts) =>
  withPreamble(
    opts,
    "You are Granite, developed by IBM. You are a helpful assistant with access to the following tools. When a tool is required to answer the user's query, respond only with <|tool_call|> followed by a JSON list of tools used. If a tool does not exist in the provided list of tools, notify the user that you do not have the ability to fulfill the request.\n\n" +
      pyJsonIndented(normalizeTools(tools).map(openAiToolShape)),
  );

/** xLAM-2 (`vllm_xlam_qwen.jinja`). */
export const xlamPrompt: PromptBuilder = (tools, opts) =>
  withPreamble(
    opts,
    'You have access to a set of tools. When using tools, make calls in a single JSON array: \n\n' +
      '[{"name": "tool_call_name", "arguments": {"arg1": "value1", "arg2": "value2"}}, ... (additional parallel tool calls as needed)]\n\n' +
      "If no tool is suitable, state that explicitly. If the user's input lacks required parameters, ask for clarification. Do not interpret or respond until tool results are returned. Once they are available, process them or make additional calls if needed. For tasks that don't require tools, such as casual conversation or general advice, respond directly in plain text. The available tools are:" +
      normalizeTools(tools)
        .map((t) => `\n${pyJsonIndented(openAiToolShape(t))}`)
        .join(''),
  );

/** LFM2 (`lfm2_8b_a1b.jinja`). */
export const lfm2Prompt: PromptBuilder = (tools, opts) =>
  withPreamble(
    opts,
    `List of tools: <|tool_list_start|>${pyJson(normalizeTools(tools).map(openAiToolShape))}<|tool_list_end|>`,
  );

/** Nemotron Nano v2 (`nemotron_nano_v2.jinja`). */
export const nemotronPrompt: PromptBuilder = (tools, opts) =>
  withPreamble(
    opts,
    `You can use the following tools to assist the user if required:\n<AVAILABLE_TOOLS>${pyJson(normalizeTools(tools))}</AVAILABLE_TOOLS>\n\n` +
      'If you decide to call any tool(s), use the following format:\n' +
      '<TOOLCALL>[{{"name": "tool_name1", "arguments": "tool_args1"}}, {{"name": "tool_name2", "arguments": "tool_args2"}}]</TOOLCALL>\n\n' +
      'The user will execute tool-calls and return responses from tool(s) in this format:\n' +
      '<TOOL_RESPONSE>[{{"tool_response1"}}, {{"tool_response2"}}]</TOOL_RESPONSE>\n\n' +
      'Based on the tool responses, you can call additional tools if needed, correct tool calls if any errors are found, or just respond to the user.',
  );

/** MiniMax-M1 (`vllm_minimax_m1.jinja`). */
export const minimaxM1Prompt: PromptBuilder = (tools, opts) =>
  withPreamble(
    opts,
    'You are provided with these tools:\n<tools>' +
      normalizeTools(tools)
        .map((t) => `\n${pyJson(openAiToolShape(t))}`)
        .join('') +
      '\n</tools>\n\nIf you need to call tools, please respond with <tool_calls></tool_calls> XML tags, and provide tool-name and json-object of arguments, following the format below:\n' +
      '<tool_calls>\n{"name": <tool-name>, "arguments": <args-json-object>}\n...\n</tool_calls>',
  );

/** Jamba, Hunyuan (Hunyuan's template says this in Chinese). */
export const toolCallsArrayPrompt: PromptBuilder = (tools, opts) =>
  withPreamble(
    opts,
    'You are a function composition expert. You are given a question and a set of possible functions. Based on the question, you need to make one or more function/tool calls to achieve the purpose. ' +
      'If you decide to call any function, you must format it as <tool_calls>[{"name": "func_name1", "arguments": {"argument1": "value1", "argument2": "value2"}},...]</tool_calls>. Here is a list of functions you can call, in JSON format.\n\n' +
      pyJson(normalizeTools(tools).map(openAiToolShape)),
  );

/** Phi-4-mini / Firefunction (`vllm_phi4_mini.jinja`), with Ollama's working markers. */
export const phi4Prompt: PromptBuilder = (tools, opts) =>
  withPreamble(
    opts,
    'In addition to plain text responses, you can choose to call one or more of the provided functions.\n\n' +
      'If you decide to call functions:\n' +
      '  * all function calls should be generated in a single JSON list formatted as <|tool_call|>[{"name": [function name], "arguments": [function arguments as JSON]}, ...]<|/tool_call|>\n' +
      '  * follow the provided JSON schema. Do not hallucinate arguments or values.\n\n' +
      `<|tool|>${pyJson(normalizeTools(tools).map(openAiToolShape))}<|/tool|>`,
  );

/** The rules Firefunction v2's template (and vLLM's Phi-4-mini template, its typos fixed) writes before the tools. */
const functoolsRules = (spelling: 'firefunction' | 'phi4-mini') =>
  `In addition to plain text responses, you can ${spelling === 'firefunction' ? 'chose' : 'choose'} to call one or more of the provided functions.\n\n` +
  'Use the following rule to decide when to call a function:\n' +
  '  * if the response can be generated from your internal knowledge (e.g., as in the case of queries like "What is the capital of Poland?"), do so\n' +
  '  * if you need external information that can be obtained by calling one or more of the provided functions, generate a function calls\n\n' +
  'If you decide to call functions:\n' +
  '  * prefix function calls with functools marker (no closing marker required)\n' +
  '  * all function calls should be generated in a single JSON list formatted as functools[{"name": [function name], "arguments": [function arguments as JSON]}, ...]\n' +
  '  * follow the provided JSON schema. Do not hallucinate arguments or values. Do to blindly copy values from the provided samples\n' +
  `  * respect the argument type formatting. E.g., if the type ${spelling === 'firefunction' ? 'if' : 'is'} number and format is float, write value 7 as 7.0\n` +
  '  * make sure you pick the right functions that match the user intent';

/**
 * Firefunction v2 (`firefunction_v2.jinja`): the rules, then the functions as one JSON list. The
 * template's "Today is DATE." line, from its serving code, is left to the caller's preamble.
 */
export const firefunctionPrompt: PromptBuilder = (tools, opts) =>
  withPreamble(
    opts,
    `${functoolsRules('firefunction')}\n\nAvailable functions as JSON spec:\n${pyJson(normalizeTools(tools))}`,
  );

/** vLLM's Phi-4-mini template (`vllm_phi4_mini.jinja`): the same rules, each tool indented by 4. */
export const phi4MiniJsonPrompt: PromptBuilder = (tools, opts) =>
  withPreamble(
    opts,
    `${functoolsRules('phi4-mini')}\n\n\n${normalizeTools(tools)
      .map((t) => `${pyJsonIndented(openAiToolShape(t))}\n\n`)
      .join('')}`.trimEnd(),
  );

/**
 * Granite-20B-FunctionCalling (`vllm_granite_20b_fc.jinja`): one JSON line per function under
 * `<|function_call_library|>`, then the no-function rule (the template's `\"` escapes, which it
 * writes as text, are left out).
 */
export const granite20bFcPrompt: PromptBuilder = (tools, opts) =>
  withPreamble(
    opts,
    `<|function_call_library|>\n${normalizeTools(tools)
      .map(
        (t) =>
          `{"name": "${t.name}", "description": "${t.description ?? ''}", "parameters": ${
            isPlainObject(t.parameters) &&
            isPlainObject(getOwn(t.parameters, 'properties')) &&
            Object.keys(getOwn(t.parameters, 'properties') as object).length > 0
              ? pyJson(t.parameters)
              : '{}'
          }}`,
      )
      .join('\n')}\n` +
      'If none of the functions are relevant or the given question lacks the parameters required by the function, please output "<function_call> {"name": "no_function", "arguments": {}}".',
  );

/** Apertus: its template writes tools as TypeScript-like declarations under "Tool Capabilities". */
export const apertusPrompt: PromptBuilder = (tools, opts) =>
  withPreamble(
    opts,
    `Tool Capabilities:\n${normalizeTools(tools).map(typescriptDeclaration).join('\n')}\n\n` +
      'To call tools, write <|tools_prefix|>[{"tool_name": {"arg": "value"}}]<|tools_suffix|>.',
  );

function typescriptType(schema: unknown): string {
  if (!isPlainObject(schema)) return 'any';
  const members = getOwn(schema, 'enum');
  if (Array.isArray(members)) return members.map((m) => JSON.stringify(m)).join(' | ');
  const type = getOwn(schema, 'type');
  if (type === 'string') return 'string';
  if (type === 'number' || type === 'integer') return 'number';
  if (type === 'boolean') return 'boolean';
  if (type === 'null') return 'null';
  if (type === 'array') return `${typescriptType(getOwn(schema, 'items'))}[]`;
  if (type === 'object') return 'object';
  return 'any';
}

function typescriptDeclaration(tool: FlatToolDefinition): string {
  const params = tool.parameters;
  const props = isPlainObject(params) ? getOwn(params, 'properties') : undefined;
  const required = isPlainObject(params) ? getOwn(params, 'required') : undefined;
  const lines: string[] = [];
  if (tool.description) lines.push(`// ${tool.description}`);
  lines.push(`type ${tool.name} = (_: {`);
  for (const [name, schema] of isPlainObject(props) ? Object.entries(props) : []) {
    const description = isPlainObject(schema) ? getOwn(schema, 'description') : undefined;
    if (typeof description === 'string') lines.push(`// ${description}`);
    const optional = Array.isArray(required) && required.includes(name) ? '' : '?';
    lines.push(`${name}${optional}: ${typescriptType(schema)},`);
  }
  lines.push('}) => any;');
  return lines.join('\n');
}

/** InternLM2 (`vllm_internlm2.jinja`): the plugin list, and how to call one. */
export const internlmPrompt: PromptBuilder = (tools, opts) =>
  withPreamble(
    opts,
    'You can call the following plugins. To call one, write <|action_start|><|plugin|>\n{"name": <plugin-name>, "arguments": <args-json-object>}<|action_end|>\n\n' +
      pyJson(normalizeTools(tools)),
  );

/** A Qwen-style prompt for families that write Hermes-like tags of their own (LongCat). */
export function taggedPrompt(open: string, close: string): PromptBuilder {
  return (tools, opts) =>
    qwenPrompt(tools, opts)
      .replace('<tool_call></tool_call>', `${open}${close}`)
      .replace('<tool_call>\n{"name"', `${open}\n{"name"`)
      .replace('}\n</tool_call>', `}\n${close}`);
}
