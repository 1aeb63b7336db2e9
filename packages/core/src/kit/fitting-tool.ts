/**
 * The one declared tool whose parameters fit a call's arguments: how a call that names no function
 * (Kimi's bare counter id `0`) is read when tools are declared, as vLLM reads it. Only then: with
 * no tools, no tool that fits or two that do, the answer is null and the call is reported instead
 * (a wrong guess would run the wrong tool).
 */
import type { ToolIndex } from '../tools.js';
import { getOwn, isPlainObject } from './safe-object.js';

/** Whether `args` fits the tool's parameters: every key declared, every required key present. */
function fits(args: Record<string, unknown>, parameters: unknown): boolean {
  if (!isPlainObject(parameters)) return true;
  const properties = getOwn(parameters, 'properties');
  if (isPlainObject(properties)) {
    for (const key of Object.keys(args)) if (!Object.hasOwn(properties, key)) return false;
  }
  const required = getOwn(parameters, 'required');
  if (Array.isArray(required)) {
    for (const key of required) if (typeof key === 'string' && !Object.hasOwn(args, key)) return false;
  }
  return true;
}

/** The one declared tool that fits `args`, or null (none declared, none fits, or several do). */
export function fittingTool(args: unknown, tools: ToolIndex | null): string | null {
  if (tools === null || !isPlainObject(args)) return null;
  let found: string | null = null;
  const seen = new Set<string>();
  for (const tool of tools.tools) {
    if (seen.has(tool.name)) continue;
    seen.add(tool.name);
    if (!fits(args, tool.parameters)) continue;
    if (found !== null) return null;
    found = tool.name;
  }
  return found;
}
