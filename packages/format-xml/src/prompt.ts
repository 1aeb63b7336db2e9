/**
 * System prompts that teach the format, worded as each family's chat template words them when
 * tools are passed: models follow their training text best. Only the
 * system text is produced; the turn tokens around it belong to the chat template. The caller's
 * own instructions (`preamble`) go where the template puts the system message.
 */

import type { FlatToolDefinition, SystemPromptOptions, ToolDefinition } from '@toolformat/core';
import type { PromptBuilder } from '@toolformat/core/kit';
import { getOwn, isPlainObject, normalizeTools, pyStr, tojson } from '@toolformat/core/kit';

function preambleOf(opts: SystemPromptOptions | undefined): string | undefined {
  const text = opts?.preamble?.trim();
  return text ? text : undefined;
}

/** `{"type": "function", "function": {…}}`: how templates that print a tool whole see it. */
function openAiShape(tool: FlatToolDefinition): Record<string, unknown> {
  return { type: 'function', function: functionShape(tool) };
}

function functionShape(tool: FlatToolDefinition): Record<string, unknown> {
  const fn: Record<string, unknown> = { name: tool.name };
  if (tool.description !== undefined) fn.description = tool.description;
  fn.parameters = tool.parameters ?? { type: 'object', properties: {} };
  return fn;
}

function properties(tool: FlatToolDefinition): Array<[string, Record<string, unknown>]> {
  const props = isPlainObject(tool.parameters) ? getOwn(tool.parameters, 'properties') : undefined;
  if (!isPlainObject(props)) return [];
  return Object.entries(props).map(([k, v]) => [k, isPlainObject(v) ? v : {}]);
}

// ------------------------------------------------------------------------------- Claude style

/** The Claude-style prompt as widely copied (Claude’s documented tool-use format): tools as JSON in `<functions>`. */
export const claudePrompt: PromptBuilder = (tools, opts) => {
  const text =
    "In this environment you have access to a set of tools you can use to answer the user's question.\n" +
    'You can invoke functions by writing a "<function_calls>" block like the following as part of your reply to the user:\n' +
    '<function_calls>\n<invoke name="$FUNCTION_NAME">\n<parameter name="$PARAMETER_NAME">$PARAMETER_VALUE</parameter>\n...\n</invoke>\n' +
    '<invoke name="$FUNCTION_NAME2">\n...\n</invoke>\n</function_calls>\n\n' +
    'String and scalar parameters should be specified as is, while lists and objects should use JSON format.\n\n' +
    'Here are the functions available in JSONSchema format:\n<functions>\n' +
    normalizeTools(tools)
      .map((t) => {
        const fn: Record<string, unknown> = {};
        if (t.description !== undefined) fn.description = t.description;
        fn.name = t.name;
        fn.parameters = t.parameters ?? { type: 'object', properties: {} };
        return `<function>${tojson(fn)}</function>\n`;
      })
      .join('') +
    '</functions>';
  const preamble = preambleOf(opts);
  return preamble ? `${preamble}\n\n${text}` : text;
};

// ------------------------------------------------------------------------ Qwen3-Coder / Qwen3.5

const QWEN_FORMAT =
  'If you choose to call a function ONLY reply in the following format with NO suffix:\n\n' +
  '<tool_call>\n<function=example_function_name>\n<parameter=example_parameter_1>\nvalue_1\n</parameter>\n' +
  '<parameter=example_parameter_2>\nThis is the value for the second parameter\nthat can span\nmultiple lines\n</parameter>\n' +
  '</function>\n</tool_call>\n\n<IMPORTANT>\nReminder:\n' +
  '- Function calls MUST follow the specified format: an inner <function=...></function> block must be nested within <tool_call></tool_call> XML tags\n' +
  '- Required parameters MUST be specified\n' +
  '- You may provide optional reasoning for your function call in natural language BEFORE the function call, but NOT after\n' +
  '- If there is no function call available, answer the question like normal with your current knowledge and do not tell the user about function calls\n' +
  '</IMPORTANT>';

/** The Coder template's `render_extra_keys`: other keys as `<key>value</key>` lines. */
function extraKeys(object: Record<string, unknown>, handled: readonly string[]): string {
  let out = '';
  for (const [key, value] of Object.entries(object)) {
    if (handled.includes(key) || value === undefined) continue;
    const text = Array.isArray(value) || isPlainObject(value) ? tojson(value) : pyStr(value);
    out += `\n<${key}>${text}</${key}>`;
  }
  return out;
}

/** Python's `str()` of a schema's `type` (a list prints as `['string', 'null']`). */
function typeText(type: unknown): string {
  if (Array.isArray(type))
    return `[${type.map((t) => (typeof t === 'string' ? `'${t}'` : pyStr(t))).join(', ')}]`;
  return pyStr(type);
}

/** Qwen3-Coder (`qwen3_coder.jinja`): tools as XML, then the format and its reminder. */
export const qwenCoderPrompt: PromptBuilder = (tools, opts) => {
  let text =
    preambleOf(opts) ??
    'You are Qwen, a helpful AI assistant that can interact with a computer to solve tasks.';
  text += '\n\n# Tools\n\nYou have access to the following functions:\n\n<tools>';
  for (const tool of normalizeTools(tools)) {
    text += `\n<function>\n<name>${tool.name}</name>`;
    if (tool.description !== undefined) text += `\n<description>${tool.description.trim()}</description>`;
    text += '\n<parameters>';
    for (const [name, fields] of properties(tool)) {
      text += `\n<parameter>\n<name>${name}</name>`;
      if (fields.type !== undefined) text += `\n<type>${typeText(fields.type)}</type>`;
      if (typeof fields.description === 'string')
        text += `\n<description>${fields.description.trim()}</description>`;
      text += `${extraKeys(fields, ['name', 'type', 'description'])}\n</parameter>`;
    }
    if (isPlainObject(tool.parameters)) text += extraKeys(tool.parameters, ['type', 'properties']);
    text += '\n</parameters>';
    text += extraKeys(tool as unknown as Record<string, unknown>, [
      'type',
      'name',
      'description',
      'parameters',
    ]);
    text += '\n</function>';
  }
  return `${text}\n</tools>\n\n${QWEN_FORMAT}`;
};

/** Qwen3.5 (`qwen3.5.jinja`): tools as JSON lines; the system message comes after the format. */
export const qwen35Prompt: PromptBuilder = (tools, opts) => {
  const list = normalizeTools(tools)
    .map((t) => `\n${tojson(openAiShape(t))}`)
    .join('');
  const text = `# Tools\n\nYou have access to the following functions:\n\n<tools>${list}\n</tools>\n\n${QWEN_FORMAT}`;
  const preamble = preambleOf(opts);
  return preamble ? `${text}\n\n${preamble}` : text;
};

// -------------------------------------------------------------------------------------- GLM

/** The tools as JSON lines in `<tools>`, under `# Tools`: the section Qwen-style templates open with. */
function toolsJsonSection(tools: ToolDefinition[]): string {
  const list = normalizeTools(tools)
    .map((t) => `${tojson(openAiShape(t))}\n`)
    .join('');
  return (
    '# Tools\n\nYou may call one or more functions to assist with the user query.\n\n' +
    `You are provided with function signatures within <tools></tools> XML tags:\n<tools>\n${list}</tools>\n\n`
  );
}

function glmPrompt(format: string): PromptBuilder {
  return (tools, opts) => {
    const text =
      toolsJsonSection(tools) +
      `For each function call, output the function name and arguments within the following XML format:\n${format}`;
    // The template opens a second system turn for the caller's system message.
    const preamble = preambleOf(opts);
    return preamble ? `${text}\n\n${preamble}` : text;
  };
}

/** GLM-4.5 / 4.6 (`glm_4.6.jinja`). */
export const glmPrompt46 = glmPrompt(
  '<tool_call>{function-name}\n<arg_key>{arg-key-1}</arg_key>\n<arg_value>{arg-value-1}</arg_value>\n' +
    '<arg_key>{arg-key-2}</arg_key>\n<arg_value>{arg-value-2}</arg_value>\n...\n</tool_call>',
);

/**
 * GLM-4-9B-chat / GLM-4-0414 (`glm4_9b_gguf.jinja`): each tool under its own heading as indented
 * JSON, and the one instruction the template gives (use JSON for the arguments).
 */
export const glm4Prompt: PromptBuilder = (tools, opts) => {
  const list = normalizeTools(tools)
    .map(
      (t) =>
        `\n\n## ${t.name}\n\n${JSON.stringify(functionShape(t), null, 4)}\n在调用上述函数时，请使用 Json 格式表示调用的参数。`,
    )
    .join('');
  return `${preambleOf(opts) ?? '你是一个名为 ChatGLM 的人工智能助手。'}\n\n# 可用工具${list}`;
};

/** GLM-4.7 (`glm_4.7_flash.jinja`): the format on one line. */
export const glmPrompt47 = glmPrompt(
  '<tool_call>{function-name}<arg_key>{arg-key-1}</arg_key><arg_value>{arg-value-1}</arg_value>' +
    '<arg_key>{arg-key-2}</arg_key><arg_value>{arg-value-2}</arg_value>...</tool_call>',
);

// ---------------------------------------------------------------------------------- MiniMax

/** MiniMax-M2 (`minimax_m2.jinja`). */
export const minimaxPrompt: PromptBuilder = (tools, opts) => {
  const list = normalizeTools(tools)
    .map((t) => `<tool>${tojson(functionShape(t))}</tool>\n`)
    .join('');
  const text =
    '# Tools\nYou may call one or more tools to assist with the user query.\n' +
    `Here are the tools available in JSONSchema format:\n\n<tools>\n${list}</tools>\n\n` +
    'When making tool calls, use XML format to invoke tools and pass parameters:\n\n' +
    '<minimax:tool_call>\n<invoke name="tool-name-1">\n<parameter name="param-key-1">param-value-1</parameter>\n' +
    '<parameter name="param-key-2">param-value-2</parameter>\n...\n</invoke>\n</minimax:tool_call>';
  return `${preambleOf(opts) ?? 'You are a helpful assistant.'}\n\n${text}`;
};

// --------------------------------------------------------------------------------- Seed-OSS

/** The Seed template's `py_type` macro. */
function seedType(type: unknown): string {
  if (type === 'string') return 'str';
  if (type === 'number' || type === 'integer') return 'int';
  if (type === 'boolean') return 'bool';
  if (type === 'array') return 'list';
  return 'Any';
}

/** Seed-OSS (`seed_oss.jinja`): each tool as a Python signature with a docstring. */
export const seedPrompt: PromptBuilder = (tools, opts) => {
  let text =
    preambleOf(opts) ??
    'You are Doubao, a helpful AI assistant. You may call one or more functions to assist with the user query.';
  for (const tool of normalizeTools(tools)) {
    const props = properties(tool);
    const required = isPlainObject(tool.parameters) ? getOwn(tool.parameters, 'required') : undefined;
    const isRequired = (name: string) => Array.isArray(required) && required.includes(name);
    text += `\n\nFunction:\ndef ${tool.name}(${props.map(([n, s]) => `${n}: ${seedType(s.type)}`).join(',')}):\n`;
    text += `    """\n    ${(tool.description ?? '').trim()}\n\n`;
    if (props.length > 0) {
      text += '    Args:';
      for (const [name, spec] of props) {
        const description = typeof spec.description === 'string' ? spec.description : '';
        text += `\n    - ${name} (${seedType(spec.type)}) ${isRequired(name) ? '[必填]' : '[选填]'}: ${description}`;
      }
      text += '\n\n';
    }
    text += '    """';
  }
  return (
    `${text}\n工具调用请遵循如下格式:\n<seed:tool_call>\n<function=example_function_name>\n` +
    '<parameter=example_parameter_1>value_1</parameter>\n<parameter=example_parameter_2>This is the value for the second parameter\n' +
    'that can span\nmultiple lines</parameter>\n</function>\n</seed:tool_call>'
  );
};

// ----------------------------------------------------------------------------------- Step-3

/**
 * Step-3: its chat template was not available to render, so this teaches the markup
 * vLLM's and sglang's Step-3 parsers read, in the words of the other XML prompts.
 */
export const step3Prompt: PromptBuilder = (tools, opts) => {
  const list = normalizeTools(tools)
    .map((t) => `\n${tojson(openAiShape(t))}`)
    .join('');
  const text =
    `# Tools\n\nYou may call one or more functions to assist with the user query.\n\n<tools>${list}\n</tools>\n\n` +
    'To call functions, reply in the following format:\n' +
    '<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="example_function_name">' +
    '<steptml:parameter name="example_parameter_1">value_1</steptml:parameter>' +
    '<steptml:parameter name="example_parameter_2">value_2</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>\n\n' +
    'String values are written as is; numbers, booleans, lists and objects as JSON.';
  const preamble = preambleOf(opts);
  return preamble ? `${preamble}\n\n${text}` : text;
};

/**
 * Hunyuan 3 (`hy_v3`), as its chat template (tencent/Hy3-preview's `chat_template.jinja`) words
 * the tools section. The template then appends its reasoning-mode control
 * (`<｜reasoning_mode｜>reasoning_effort:…`), which is the server's switch, not tool markup: left out.
 */
export const hyV3Prompt: PromptBuilder = (tools, opts) => {
  const text =
    toolsJsonSection(tools) +
    'For function call returns, you should first print <tool_calls>\n' +
    'For each function call, you should return object like:\n' +
    '<tool_call>{function-name}<tool_sep>\n<arg_key>{arg-key-1}</arg_key>\n<arg_value>{arg-value-1}</arg_value>\n' +
    '<arg_key>{arg-key-2}</arg_key>\n<arg_value>{arg-value-2}</arg_value>\n...\n</tool_call>\n' +
    'At the end of function call returns, you should print </tool_calls>';
  const preamble = preambleOf(opts);
  return preamble ? `${preamble}\n\n${text}` : text;
};

/**
 * MiniCPM5 (`minicpm5`). Its chat template was not available here, so this is our own text: the
 * tools as JSON and exactly the markup vLLM's parser reads.
 */
export const miniCpm5Prompt: PromptBuilder = (tools, opts) => {
  const text =
    toolsJsonSection(tools) +
    'To call a function, write one <function> element per call, in the following format:\n' +
    '<function name="{function-name}"><param name="{param-name-1}">{value-1}</param>...</function>\n\n' +
    'String values are written as is; numbers, booleans, lists and objects as JSON.';
  const preamble = preambleOf(opts);
  return preamble ? `${preamble}\n\n${text}` : text;
};

/**
 * MiniMax M3 (`minimax_m3`). Its chat template was not available here, so this is M2's text with
 * the markup vLLM's parser and tests read: the namespace marker before every tag, each argument an
 * element named after it, objects as nested elements, lists as `<item>` elements.
 */
export const minimaxM3Prompt: PromptBuilder = (tools, opts) => {
  const ns = ']<]minimax[>[';
  const list = normalizeTools(tools)
    .map((t) => `<tool>${tojson(functionShape(t))}</tool>\n`)
    .join('');
  const text =
    '# Tools\nYou may call one or more tools to assist with the user query.\n' +
    `Here are the tools available in JSONSchema format:\n\n<tools>\n${list}</tools>\n\n` +
    `When making tool calls, write every tag behind the marker ${ns}, one element per parameter:\n\n` +
    `${ns}<tool_call>\n${ns}<invoke name="tool-name">${ns}<param-key-1>value${ns}</param-key-1>` +
    `${ns}<object-key>${ns}<field>value${ns}</field>${ns}</object-key>` +
    `${ns}<list-key>${ns}<item>value${ns}</item>${ns}</list-key>${ns}</invoke>\n${ns}</tool_call>`;
  return `${preambleOf(opts) ?? 'You are a helpful assistant.'}\n\n${text}`;
};
