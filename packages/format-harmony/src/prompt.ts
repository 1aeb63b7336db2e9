/**
 * The prompt: the developer message of the gpt-oss chat template, as text to put in the system
 * prompt. The template writes the caller's instructions under `# Instructions` and the tools
 * under `# Tools` as a TypeScript-like namespace (`functionsNamespace`, below); a model served
 * without native tool calling reads the same text from the prompt.
 */
import type { SystemPromptOptions, ToolDefinition } from '@toolformat/core';
import { getOwn, isPlainObject, normalizeTools, tojson } from '@toolformat/core/kit';

/**
 * What the template's system message adds when tools are declared. The server's own template
 * writes it where it renders tools natively; a caller that teaches the tools by prompt may add it.
 */
export const TOOL_CHANNEL_NOTE = "Calls to these tools must go to the commentary channel: 'functions'.";

/** The developer message's content, exactly as the template renders it (without its tokens). */
export function harmonyPrompt(tools: ToolDefinition[], opts?: SystemPromptOptions): string {
  const preamble = opts?.preamble?.trim() ?? '';
  const parts: string[] = [];
  if (preamble !== '') parts.push(`# Instructions\n\n${preamble}`);
  if (tools.length > 0) parts.push(`# Tools\n\n${functionsNamespace(tools)}`);
  return parts.join('\n\n');
}

/**
 * Tool declarations as gpt-oss reads them: a TypeScript-like `namespace functions { … }` written
 * from the tools' JSON Schema, exactly as the chat template's `render_tool_namespace` and
 * `render_typescript_type` macros write it — quirks included (the indented line break before the
 * type of a nested property, `// default:` comments before the comma), because the model was
 * trained on what the template renders, not on tidy TypeScript.
 *
 * Schemas are caller data: a non-object schema reads as `any`, nesting stops at MAX_DEPTH, and
 * only own properties are read.
 */
/** Past this depth a nested schema is written `any` (a schema object may even contain itself). */
const MAX_DEPTH = 32;

/** What the template's whitespace leaves before the type of a nested object's property. */
const NESTED_TYPE_INDENT = `\n${' '.repeat(16)}`;
/** …and before a `oneOf` variant's default. */
const VARIANT_DEFAULT_INDENT = ' '.repeat(20);

type Schema = Record<string, unknown>;

/** Jinja truthiness of a schema field: missing, null, false, 0, '' and empty lists or maps are false. */
function truthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isPlainObject(value)) return Object.keys(value).length > 0;
  return true;
}

/** How Jinja prints a value concatenated into the text (`str()` of it). */
function str(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (value === null || value === undefined) return 'None';
  return tojson(value);
}

function requiredOf(schema: Schema): readonly unknown[] {
  const required = getOwn(schema, 'required');
  return Array.isArray(required) ? required : [];
}

/** `render_typescript_type(param_spec, required_params)`. */
export function typescriptType(spec: unknown, depth = 0): string {
  if (!isPlainObject(spec) || depth > MAX_DEPTH) return 'any';
  const type = getOwn(spec, 'type');
  const nullable = truthy(getOwn(spec, 'nullable'));
  if (type === 'array') {
    const items = getOwn(spec, 'items');
    let out: string;
    if (truthy(items) && isPlainObject(items)) {
      const itemType = getOwn(items, 'type');
      if (itemType === 'string') out = 'string[]';
      else if (itemType === 'number' || itemType === 'integer') out = 'number[]';
      else if (itemType === 'boolean') out = 'boolean[]';
      else {
        const inner = typescriptType(items, depth + 1);
        out = inner === 'object | object' || inner.length > 50 ? 'any[]' : `${inner}[]`;
      }
    } else {
      out = 'any[]';
    }
    return nullable ? `${out} | null` : out;
  }
  if (Array.isArray(type) && type.length > 0) {
    return type.length > 1 ? type.map(str).join(' | ') : str(type[0]);
  }
  const oneOf = getOwn(spec, 'oneOf');
  if (truthy(oneOf) && Array.isArray(oneOf)) {
    // The template means to write `any` for unions of objects, but its flag is set inside the
    // loop, where Jinja scopes it away: every union is written out.
    return oneOf
      .map((variant, i) => {
        let out = typescriptType(variant, depth + 1);
        if (isPlainObject(variant)) {
          const description = getOwn(variant, 'description');
          if (truthy(description)) out += `// ${str(description)}`;
          if (Object.hasOwn(variant, 'default'))
            out += `${VARIANT_DEFAULT_INDENT}// default: ${tojson(getOwn(variant, 'default'))}`;
        }
        return i < oneOf.length - 1 ? `${out} | \n` : out;
      })
      .join('');
  }
  if (type === 'string') {
    const values = getOwn(spec, 'enum');
    if (truthy(values) && Array.isArray(values)) return `"${values.map(str).join('" | "')}"`;
    return nullable ? 'string | null' : 'string';
  }
  if (type === 'number' || type === 'integer') return 'number';
  if (type === 'boolean') return 'boolean';
  if (type === 'object') {
    const properties = getOwn(spec, 'properties');
    if (!truthy(properties) || !isPlainObject(properties)) return 'object';
    const required = requiredOf(spec);
    const names = Object.keys(properties);
    const parts = names.map((name, i) => {
      const optional = required.includes(name) ? '' : '?';
      const inner = typescriptType(getOwn(properties, name), depth + 1);
      return `${name}${optional}: ${NESTED_TYPE_INDENT}${inner}${i < names.length - 1 ? ', ' : ''}`;
    });
    return `{\n${parts.join('')}}`;
  }
  return 'any';
}

/** One parameter line of a function's declaration, with its comment and default. */
function parameterLines(name: string, spec: unknown, required: readonly unknown[]): string {
  let out = '';
  const schema: Schema = isPlainObject(spec) ? spec : {};
  const description = getOwn(schema, 'description');
  if (truthy(description)) out += `// ${str(description)}\n`;
  out += `${name}${required.includes(name) ? '' : '?'}: ${typescriptType(spec)}`;
  if (Object.hasOwn(schema, 'default')) {
    const value = getOwn(schema, 'default');
    if (truthy(getOwn(schema, 'enum'))) out += `, // default: ${str(value)}`;
    else if (truthy(getOwn(schema, 'oneOf'))) out += `// default: ${str(value)}`;
    else out += `, // default: ${tojson(value)}`;
  }
  return `${out},\n`;
}

/** `render_tool_namespace("functions", tools)`: `## functions` and the namespace block. */
export function functionsNamespace(tools: readonly ToolDefinition[]): string {
  let out = '## functions\n\nnamespace functions {\n\n';
  for (const tool of normalizeTools(tools)) {
    // The template requires a description; without one the comment line is left out.
    if (truthy(tool.description)) out += `// ${str(tool.description)}\n`;
    out += `type ${tool.name} = `;
    const parameters: unknown = tool.parameters;
    const properties = isPlainObject(parameters) ? getOwn(parameters, 'properties') : undefined;
    if (isPlainObject(parameters) && truthy(properties) && isPlainObject(properties)) {
      out += '(_: {\n';
      const required = requiredOf(parameters);
      for (const name of Object.keys(properties))
        out += parameterLines(name, getOwn(properties, name), required);
      out += '}) => any;\n\n';
    } else {
      out += '() => any;\n\n';
    }
  }
  return `${out}} // namespace functions`;
}
