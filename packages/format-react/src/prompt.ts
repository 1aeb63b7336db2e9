/**
 * System prompts that teach each variant. ReAct follows Qwen-Agent's `react_chat.py` and
 * LangChain's `hwchase17/react` (the text models were tuned on), plus the rules a ReAct agent learned
 * the hard way: exact tool names, JSON input, stop after the input, never write the observation.
 * Qwen-Agent's ✿ prompt and Command R's are worded as their own code and chat templates word them.
 */

import type { FlatToolDefinition } from '@toolformat/core';
import type { PromptBuilder, PythonTypeSpelling } from '@toolformat/core/kit';
import { getOwn, isPlainObject, normalizeTools, pythonType, withPreamble } from '@toolformat/core/kit';

function schemaOf(tool: FlatToolDefinition): Record<string, unknown> {
  return tool.parameters ?? { type: 'object', properties: {} };
}

function description(tool: FlatToolDefinition): string {
  return tool.description?.trim() ?? '';
}

/** One tool for the ReAct prompt: its exact name, what it does, its parameters' JSON Schema. */
function reactTool(tool: FlatToolDefinition): string {
  const about = description(tool);
  return `${tool.name}: ${about === '' ? '(no description)' : about}\n  Parameters (JSON Schema): ${JSON.stringify(schemaOf(tool))}`;
}

export const reactPrompt: PromptBuilder = (tools, opts) => {
  const flat = normalizeTools(tools);
  const names = flat.map((t) => t.name).join(', ');
  return withPreamble(
    opts,
    'Answer the following request as best you can. You have access to the following tools:\n\n' +
      (flat.length === 0 ? '(no tools)' : flat.map(reactTool).join('\n\n')) +
      '\n\nUse the following format:\n\n' +
      'Thought: you should always think about what to do\n' +
      `Action: the action to take, should be one of [${names}]\n` +
      'Action Input: the input to the action, as a JSON object\n' +
      'Observation: the result of the action\n' +
      '... (this Thought/Action/Action Input/Observation can repeat N times)\n' +
      'Thought: I now know the final answer\n' +
      'Final Answer: the final answer to the original request\n\n' +
      'Rules:\n' +
      `1. Action must be exactly one of these tool names: ${names === '' ? '(none)' : names}.\n` +
      '2. Action Input must be a single valid JSON object with the parameters the tool declares, e.g. {"param": "value"}.\n' +
      '3. After Action Input, STOP. The Observation is given to you; never write an Observation yourself.\n' +
      '4. Wait for the Observation before the next Thought.\n' +
      '5. When you can answer without a tool, or have the information you need, write Thought and then Final Answer.\n' +
      '6. Only the text after Final Answer is shown to the user.\n\n' +
      'Begin!',
  );
};

/** Qwen-Agent `qwen_fncall_prompt.py` (English, one call per step). */
export const qwenAgentPrompt: PromptBuilder = (tools, opts) => {
  const flat = normalizeTools(tools);
  const descs = flat
    .map(
      (t) =>
        `### ${t.name}\n\n${t.name}: ${description(t)} Parameters: ${JSON.stringify(schemaOf(t))} Format the arguments as a JSON object.`,
    )
    .join('\n\n');
  return withPreamble(
    opts,
    `# Tools\n\n## You have access to the following tools:\n\n${descs}\n\n` +
      '## When you need to call a tool, please insert the following command in your reply, which can be called zero or multiple times according to your needs:\n\n' +
      `✿FUNCTION✿: The tool to use, should be one of [${flat.map((t) => t.name).join(',')}]\n` +
      '✿ARGS✿: The input of the tool\n' +
      '✿RESULT✿: Tool results\n' +
      '✿RETURN✿: Reply based on tool results. Images need to be rendered as ![](url)',
  );
};

/** The key-value line (LLxprt Code’s text parser). */
export const keyValuePrompt: PromptBuilder = (tools, opts) => {
  const flat = normalizeTools(tools);
  return withPreamble(
    opts,
    'You have access to the following tools:\n\n' +
      flat.map(reactTool).join('\n\n') +
      '\n\nTo call a tool, write one line of its own:\n' +
      '✦ tool_call: TOOL_NAME for KEY VALUE KEY VALUE\n' +
      'for example: ✦ tool_call: list_directory for path /home/user ignore *.log\n' +
      'Use the exact tool and parameter names; put a value that contains spaces in double quotes. ' +
      'Then stop and wait for the result.',
  );
};

/** The template's `json_to_python_type` macro spells containers `List[…]`, `Dict[str, …]`. */
const PYTHON_SPELLING: PythonTypeSpelling = { list: 'List', dict: 'Dict', bareDict: false };

/** A tool as the Command R tool_use template writes it: a Python stub with a docstring. */
function pythonStub(tool: FlatToolDefinition): string {
  const params = schemaOf(tool);
  const props = getOwn(params, 'properties');
  const required = getOwn(params, 'required');
  const entries = isPlainObject(props) ? Object.entries(props) : [];
  const isRequired = (name: string) => Array.isArray(required) && required.includes(name);
  const typed = (name: string, schema: unknown) =>
    isRequired(name)
      ? pythonType(schema, PYTHON_SPELLING)
      : `Optional[${pythonType(schema, PYTHON_SPELLING)}]`;
  const signature = entries
    .map(([name, schema]) => `${name}: ${typed(name, schema)}${isRequired(name) ? '' : ' = None'}`)
    .join(', ');
  let doc = description(tool);
  if (entries.length > 0) {
    doc += `\n\n    Args:\n        ${entries
      .map(([name, schema]) => {
        const about = isPlainObject(schema) ? getOwn(schema, 'description') : undefined;
        return `${name} (${typed(name, schema)}): ${typeof about === 'string' ? about : ''}`;
      })
      .join('\n        ')}`;
  }
  return `\`\`\`python\ndef ${tool.name}(${signature}) -> List[Dict]:\n    """${doc}\n    """\n    pass\n\`\`\``;
}

/** Command R / R+ (2024 tool_use template): tools as Python stubs, then the Action instruction. */
export const commandRPrompt: PromptBuilder = (tools, opts) =>
  withPreamble(
    opts,
    '## Available Tools\nHere is a list of tools that you have available to you:\n\n' +
      normalizeTools(tools).map(pythonStub).join('\n\n') +
      "\n\nWrite 'Action:' followed by a json-formatted list of actions that you want to perform in order to produce a good response to the user's last input. " +
      'You can use any of the supplied tools any number of times, but you should aim to execute the minimum number of necessary actions for the input. ' +
      'You should use the `directly-answer` tool if calling the other tools is unnecessary. ' +
      'The list of actions you want to call should be formatted as a list of json objects, for example:\n' +
      '```json\n[\n    {\n        "tool_name": title of the tool in the specification,\n' +
      '        "parameters": a dict of parameters to input into the tool as they are defined in the specs, or {} if it takes no parameters\n    }\n]```',
  );

/** Command R7B / Command A (their template's "Tool Use" and "Available Tools" sections). */
export const commandR7bPrompt: PromptBuilder = (tools, opts) =>
  withPreamble(
    opts,
    '## Tool Use\nThink about how you can make best use of the provided tools to help with the task and come up with a high level plan that you will execute first.\n\n' +
      '0. Start by writing <|START_THINKING|> followed by a detailed step by step plan of how you will solve the problem. When you finish, close it out with <|END_THINKING|>.\n' +
      '    You can optionally choose to skip this step when the user request is so straightforward to address that only a trivial plan would be needed.\n\n' +
      'Then carry out your plan by repeatedly executing the following steps.\n' +
      '1. Action: write <|START_ACTION|> followed by a list of JSON-formatted tool calls, with each one containing "tool_name" and "parameters" fields.\n' +
      '    When there are multiple tool calls which are completely independent of each other (i.e. they can be executed in parallel), you should list them out all together in one step. When you finish, close it out with <|END_ACTION|>.\n' +
      '2. Observation: you will then receive results of those tool calls in JSON format in the very next turn, wrapped around by <|START_TOOL_RESULT|> and <|END_TOOL_RESULT|>. NEVER hallucinate results.\n' +
      '3. Reflection: start the next turn by writing <|START_THINKING|> followed by what you have figured out so far and what you will do next, then <|END_THINKING|>.\n\n' +
      "4. Response: then break out of the loop and write <|START_RESPONSE|> followed by a piece of text which serves as a response to the user's last request. When you finish, close it out with <|END_RESPONSE|>.\n\n" +
      '## Available Tools\nHere is the list of tools that you have available to you.\n' +
      'You can ONLY use the tools listed here. When a tool is not listed below, it is NOT available and you should NEVER attempt to use it.\n' +
      'Each tool is represented as a JSON object with fields like "name", "description", "parameters" (per JSON Schema), and optionally, "responses" (per JSON Schema).\n\n' +
      '```json\n[\n' +
      normalizeTools(tools)
        .map(
          (t) =>
            `    ${JSON.stringify({ name: t.name, description: description(t), parameters: schemaOf(t), responses: null })}`,
        )
        .join(',\n') +
      '\n]\n```',
  );
