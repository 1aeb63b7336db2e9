import type { ToolCall } from '@toolformat/core';

/** A toolformat call in the OpenAI shape: `arguments` is the arguments' JSON text. */
export function openAIToolCall(call: ToolCall) {
  return {
    id: call.id,
    type: 'function' as const,
    function: { name: call.name, arguments: JSON.stringify(call.arguments) },
  };
}
