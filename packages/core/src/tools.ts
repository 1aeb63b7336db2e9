/**
 * Declared tools, in whichever shape the caller has them, made into one lookup table.
 * The table is what turns on the allowlist (architecture/semantics.md, guarantee 3) and schema typing (semantics 2).
 */
import type { FlatToolDefinition, JsonSchema, ToolDefinition } from './schemas.js';

/** The flat `{ name, description, parameters }` form of any accepted tool shape. */
export function normalizeTool(tool: ToolDefinition): FlatToolDefinition {
  return 'function' in tool && typeof tool.function === 'object'
    ? tool.function
    : (tool as FlatToolDefinition);
}

export function normalizeTools(tools: readonly ToolDefinition[] | undefined): FlatToolDefinition[] {
  return tools ? tools.map(normalizeTool) : [];
}

export interface ToolIndex {
  readonly tools: readonly FlatToolDefinition[];
  has(name: string): boolean;
  /** The JSON Schema of the tool's parameters, if declared. */
  parameters(name: string): JsonSchema | undefined;
  /** The schema of one parameter (`parameters.properties[key]`), if declared. */
  parameter(name: string, key: string): JsonSchema | undefined;
}

/** A lookup table over the declared tools, or null when none are declared. */
export function createToolIndex(tools: readonly ToolDefinition[] | undefined): ToolIndex | null {
  if (!tools || tools.length === 0) return null;
  const flat = normalizeTools(tools);
  const byName = new Map<string, FlatToolDefinition>();
  for (const t of flat) if (!byName.has(t.name)) byName.set(t.name, t);
  return {
    tools: flat,
    has: (name) => byName.has(name),
    parameters: (name) => byName.get(name)?.parameters,
    parameter(name, key) {
      const props = byName.get(name)?.parameters?.properties;
      if (typeof props !== 'object' || props === null || !Object.hasOwn(props, key)) return undefined;
      const schema = (props as Record<string, unknown>)[key];
      return typeof schema === 'object' && schema !== null ? (schema as JsonSchema) : undefined;
    },
  };
}
