/**
 * A tool as FunctionGemma and Gemma 4 declare it in the prompt (`format_function_declaration` of
 * the Gemma 4 template; Ollama's FunctionGemma renderer writes the same with `<escape>`):
 * `declaration:get_weather{description:…,parameters:{properties:{…},required:[…],type:<|"|>OBJECT<|"|>}}`.
 */
import type { FlatToolDefinition } from '@toolformat/core';
import { isPlainObject } from '@toolformat/core/kit';
import { formatGemmaValue } from './gemma-value.js';

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
