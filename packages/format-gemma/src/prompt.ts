/**
 * System prompts worded as Google's docs, the chat templates and LM Studio word them (models
 * follow their training text best), as the templates render them when tools are passed.
 */
import type { FlatToolDefinition, SystemPromptOptions } from '@toolformat/core';
import {
  isPlainObject,
  normalizeTools,
  openAiToolShape,
  type PromptBuilder,
  tojson,
  tojsonIndented,
  withPreamble,
} from '@toolformat/core/kit';
import { formatGemmaValue } from './render.js';
import { ESCAPE, QUOTE_TOKEN } from './tokens.js';

function preamble(opts: SystemPromptOptions | undefined): string {
  return opts?.preamble?.trim() ?? '';
}

const PY_TYPES: Record<string, string> = {
  string: 'str',
  integer: 'int',
  number: 'float',
  boolean: 'bool',
  array: 'list',
  object: 'dict',
};

/** A tool as a python signature with a Google-style docstring (the cookbook's form). */
export function pythonSignature(tool: FlatToolDefinition): string {
  const params = isPlainObject(tool.parameters) ? tool.parameters : {};
  const props = isPlainObject(params.properties) ? params.properties : {};
  const required = new Set(Array.isArray(params.required) ? params.required : []);
  const names = Object.keys(props);
  const ordered = [...names.filter((n) => required.has(n)), ...names.filter((n) => !required.has(n))];
  const args = ordered.map((n) => {
    const p = props[n];
    const t = isPlainObject(p) && typeof p.type === 'string' ? (PY_TYPES[p.type] ?? 'Any') : 'Any';
    return required.has(n) ? `${n}: ${t}` : `${n}: ${t} = None`;
  });
  const lines = [`def ${tool.name}(${args.join(', ')}) -> dict:`, `    """${tool.description ?? ''}`];
  if (ordered.length > 0) {
    lines.push('', '    Args:');
    for (const n of ordered) {
      const p = props[n];
      const d = isPlainObject(p) && typeof p.description === 'string' ? p.description : '';
      const e =
        isPlainObject(p) && Array.isArray(p.enum) ? ` (one of: ${p.enum.map(String).join(', ')})` : '';
      lines.push(`      ${n}: ${d}${e}`);
    }
  }
  lines.push('    """');
  return lines.join('\n');
}

/** Gemma 2 / 3 / 3n: the `tool_code` prompt of Google's Gemma cookbook. */
export const toolCodePrompt: PromptBuilder = (tools, opts) =>
  withPreamble(
    opts,
    'At each turn, if you decide to invoke any of the function(s), it should be wrapped with ```tool_code```. ' +
      'The python methods described below are imported and available, you can only use defined methods. ' +
      'The generated code should be readable and efficient. ' +
      'The response to a method will be wrapped in ```tool_output``` use it to call more tools or generate a helpful, friendly response. ' +
      'When using a ```tool_call``` think step by step why and how it should be used.\n\n' +
      'The following Python methods are available:\n\n```python\n' +
      normalizeTools(tools).map(pythonSignature).join('\n\n') +
      '\n```',
  );

/** vLLM's Gemma 3 pythonic template (`vllm_gemma3_pythonic.jinja`). */
export const pythonicPrompt: PromptBuilder = (tools, opts) =>
  withPreamble(
    opts,
    'Tools (functions) are available. If you decide to invoke one or more of the tools, you must respond with a python list of the function calls.\n' +
      'Example Format: [func_name1(params_name1=params_value1, params_name2=params_value2...), func_name2(params)] \n' +
      'Do not use variables. DO NOT USE MARKDOWN SYNTAX. You SHOULD NOT include any other text in the response if you call a function. If none of the functions can be used, point it out. If you lack the parameters required by the function, also point it out.\n' +
      'Here is a list of functions in JSON format that you can invoke.\n' +
      tojsonIndented(normalizeTools(tools).map(openAiToolShape)),
  );

/** LM Studio's default tool use (its docs, shown with gemma-2-2b-it). */
export const toolRequestPrompt: PromptBuilder = (tools, opts) =>
  withPreamble(
    opts,
    'You are a tool-calling AI. You can request calls to available tools with this EXACT format:\n' +
      '[TOOL_REQUEST]{"name": "tool_name", "arguments": {"param1": "value1"}}[END_TOOL_REQUEST]\n\n' +
      `AVAILABLE TOOLS:\n${tojson({ type: 'toolArray', tools: normalizeTools(tools).map(openAiToolShape) })}\n\n` +
      'RULES:\n' +
      '- Only use tools from AVAILABLE TOOLS\n' +
      '- Include all required arguments\n' +
      '- Use one [TOOL_REQUEST] block per tool\n' +
      '- Never use [TOOL_RESULT]\n' +
      '- If you decide to call one or more tools, there should be no other text in your message\n\n' +
      'Examples:\n' +
      '"Check Paris weather"\n[TOOL_REQUEST]{"name": "get_weather", "arguments": {"location": "Paris"}}[END_TOOL_REQUEST]',
  );

/** FunctionGemma's developer turn (Ollama's renderer test; `<escape>` strings). */
export const functionGemmaPrompt: PromptBuilder = (tools, opts) => {
  const p = preamble(opts);
  const decls = normalizeTools(tools)
    .map((t) => `<start_function_declaration>${formatDeclaration(t, ESCAPE)}<end_function_declaration>`)
    .join('');
  return `${p ? `${p}\n` : ''}You can do function calling with the following functions:${decls}`;
};

/** Gemma 4's system turn: the caller's text, then `<|tool>declaration:…<tool|>` per tool. */
export const gemma4Prompt: PromptBuilder = (tools, opts) =>
  preamble(opts) +
  normalizeTools(tools)
    .map((t) => `<|tool>${formatDeclaration(t, QUOTE_TOKEN)}<tool|>`)
    .join('');

/**
 * A tool as FunctionGemma and Gemma 4 declare it in the prompt (`format_function_declaration` of
 * the Gemma 4 template; Ollama's FunctionGemma renderer writes the same with `<escape>`):
 * `declaration:get_weather{description:…,parameters:{properties:{…},required:[…],type:<|"|>OBJECT<|"|>}}`.
 */
const STANDARD = new Set(['description', 'type', 'properties', 'required', 'nullable']);

function upper(type: unknown): string {
  return typeof type === 'string' ? type.toUpperCase() : '';
}

function strings(list: unknown, q: string): string {
  return Array.isArray(list) ? list.map((s) => `${q}${String(s)}${q}`).join(',') : '';
}

/** The template's `format_parameters`: properties sorted, each with description, enum, items, type. */
function properties(props: Record<string, unknown>, q: string): string {
  const out: string[] = [];
  for (const key of Object.keys(props).sort()) {
    if (STANDARD.has(key)) continue;
    const v = props[key];
    const value = isPlainObject(v) ? v : {};
    const parts: string[] = [];
    if (typeof value.description === 'string' && value.description !== '')
      parts.push(`description:${q}${value.description}${q}`);
    const type = upper(value.type);
    if (type === 'STRING' && Array.isArray(value.enum)) parts.push(`enum:${formatGemmaValue(value.enum, q)}`);
    if (type === 'ARRAY' && isPlainObject(value.items)) {
      const items: string[] = [];
      for (const k of Object.keys(value.items).sort()) {
        const item = value.items[k];
        if (item === null || item === undefined) continue;
        if (k === 'properties' && isPlainObject(item)) items.push(`properties:{${properties(item, q)}}`);
        else if (k === 'required') items.push(`required:[${strings(item, q)}]`);
        else if (k === 'type') items.push(`type:${formatGemmaValue(upper(item), q)}`);
        else items.push(`${k}:${formatGemmaValue(item, q)}`);
      }
      parts.push(`items:{${items.join(',')}}`);
    }
    if (value.nullable === true) parts.push('nullable:true');
    if (type === 'OBJECT') {
      if (isPlainObject(value.properties)) parts.push(`properties:{${properties(value.properties, q)}}`);
      if (Array.isArray(value.required) && value.required.length > 0)
        parts.push(`required:[${strings(value.required, q)}]`);
    }
    parts.push(`type:${q}${type}${q}`);
    out.push(`${key}:{${parts.join(',')}}`);
  }
  return out.join(',');
}

export function formatDeclaration(tool: FlatToolDefinition, q: string): string {
  let out = `declaration:${tool.name}{description:${q}${tool.description ?? ''}${q}`;
  const params = tool.parameters;
  if (isPlainObject(params)) {
    const parts: string[] = [];
    if (isPlainObject(params.properties) && Object.keys(params.properties).length > 0)
      parts.push(`properties:{${properties(params.properties, q)}}`);
    if (Array.isArray(params.required) && params.required.length > 0)
      parts.push(`required:[${strings(params.required, q)}]`);
    if (typeof params.type === 'string') parts.push(`type:${q}${upper(params.type)}${q}`);
    out += `,parameters:{${parts.join(',')}}`;
  }
  return `${out}}`;
}
