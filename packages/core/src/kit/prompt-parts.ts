/**
 * Pieces every format's system prompt is assembled from, so the spelling is the same everywhere.
 */
import type { SystemPromptOptions } from '../handler.js';
import type { FlatToolDefinition } from '../schemas.js';
import { getOwn, isPlainObject } from './safe-object.js';

/** `{"type": "function", "function": {name, description?, parameters}}`: how chat templates list a tool. */
export function openAiToolShape(tool: FlatToolDefinition): Record<string, unknown> {
  const fn: Record<string, unknown> = { name: tool.name };
  if (tool.description !== undefined) fn.description = tool.description;
  fn.parameters = tool.parameters ?? { type: 'object', properties: {} };
  return { type: 'function', function: fn };
}

/** The caller's own instructions (`opts.preamble`), a blank line, then the format's text. */
export function withPreamble(opts: SystemPromptOptions | undefined, text: string): string {
  const preamble = opts?.preamble?.trim();
  return preamble ? `${preamble}\n\n${text}` : text;
}

/** How a chat template spells Python's container types in a tool's signature. */
export interface PythonTypeSpelling {
  /** `list` (Hermes) or `List` (Command R, `typing`). */
  list: string;
  /** `dict` or `Dict`. */
  dict: string;
  /** An object without `additionalProperties` is the bare `dict` (Hermes), not `Dict[str, Any]`. */
  bareDict: boolean;
}

const PYTHON_TYPES: Record<string, string> = {
  string: 'str',
  number: 'float',
  integer: 'int',
  boolean: 'bool',
};

/**
 * A JSON Schema as a Python type, the `json_to_python_type` macro of the Hermes and Command R
 * templates: `str`, `list[int]`, `Dict[str, Any]`, `Union[str,int]`; `Any` for what it cannot say.
 */
export function pythonType(schema: unknown, spelling: PythonTypeSpelling): string {
  if (!isPlainObject(schema)) return 'Any';
  const type = getOwn(schema, 'type');
  if (typeof type === 'string' && PYTHON_TYPES[type] !== undefined) return PYTHON_TYPES[type];
  if (type === 'array') return `${spelling.list}[${pythonType(getOwn(schema, 'items'), spelling)}]`;
  if (type === 'object') {
    const extra = getOwn(schema, 'additionalProperties');
    if (extra === undefined && spelling.bareDict) return spelling.dict;
    return `${spelling.dict}[str, ${pythonType(extra, spelling)}]`;
  }
  if (Array.isArray(type)) return `Union[${type.map((t) => pythonType({ type: t }, spelling)).join(',')}]`;
  return 'Any';
}
