/**
 * The tools and tool choice of a Chat Completions request, as toolformat reads them. Only
 * function tools count: a custom tool has no JSON schema to teach or check.
 */
import type { RescueOptions, ToolDefinition } from '@toolformat/core';

/** The parts of a request body this package reads; everything else passes through untouched. */
export interface ChatRequestLike {
  model: string;
  messages: ReadonlyArray<unknown>;
  tools?: ReadonlyArray<unknown> | null;
  tool_choice?: unknown;
  stop?: string | ReadonlyArray<string> | null;
  stream?: boolean | null;
}

/** The request's function tools as toolformat tool definitions. */
export function functionTools(body: Pick<ChatRequestLike, 'tools'>): ToolDefinition[] {
  const out: ToolDefinition[] = [];
  for (const tool of body.tools ?? []) {
    if (typeof tool !== 'object' || tool === null) continue;
    const t = tool as {
      type?: unknown;
      function?: { name?: unknown; description?: unknown; parameters?: unknown };
    };
    if (t.type !== 'function' || typeof t.function?.name !== 'string') continue;
    out.push({
      name: t.function.name,
      ...(typeof t.function.description === 'string' ? { description: t.function.description } : {}),
      ...(typeof t.function.parameters === 'object' && t.function.parameters !== null
        ? { parameters: t.function.parameters as Record<string, unknown> }
        : {}),
    });
  }
  return out;
}

/** The one tool `tool_choice` names (`{ type: 'function', function: { name } }`), or null. */
export function namedToolChoice(toolChoice: unknown): string | null {
  if (typeof toolChoice !== 'object' || toolChoice === null) return null;
  const name = (toolChoice as { function?: { name?: unknown } }).function?.name;
  return typeof name === 'string' ? name : null;
}

export interface RescuePlanOptions {
  /** The model name to route by. Default: the request's `model`. */
  model?: string;
  /** A format id or alias to read with instead of routing by model name. */
  format?: string;
  /** Ids for calls whose format carries none. */
  generateId?: () => string;
}

/**
 * How the answer to this request is rescued, or null when it is passed through: no function
 * tools were declared (a client that declared none can execute none), or `tool_choice: 'none'`.
 * The declared tools are the allowlist, and rescue demands strong evidence (`strict`): the
 * client executes what it gets (architecture/precision.md).
 */
export function rescuePlan(body: ChatRequestLike, options: RescuePlanOptions = {}): RescueOptions | null {
  const tools = functionTools(body);
  if (tools.length === 0 || body.tool_choice === 'none') return null;
  return {
    ...(options.format !== undefined ? { format: options.format } : { model: options.model ?? body.model }),
    tools,
    strict: true,
    ...(options.generateId ? { generateId: options.generateId } : {}),
  };
}
