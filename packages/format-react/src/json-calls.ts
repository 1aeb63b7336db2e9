/**
 * JSON call lists as the line-keyed families write them: Command R's `[{"tool_name", "parameters"}]`
 * after `Action:`, Command R7B's `<|START_ACTION|>[{"tool_call_id", "tool_name", "parameters"}]`,
 * and the `<tool_call>{"name", "arguments"}` a ReAct-prompted model drifts into (a ReAct agent’s
 * drift). Read by the kit's JSON-call reader with this declaration.
 */
import type { JsonCallsOptions } from '@toolformat/core/kit';

/**
 * Command R's keys first; its `directly-answer` pseudo-tool is a choice, not a call. One value per
 * block, and JSON that breaks off inside a string is a call the output ended inside of.
 */
export const REACT_JSON: JsonCallsOptions = {
  nameKeys: ['tool_name', 'name', 'function', 'tool'],
  argumentKeys: ['parameters', 'arguments', 'args', 'input'],
  ids: ['tool_call_id', 'id'],
  noCall: new Set(['directly-answer', 'directly_answer']),
  openAi: false,
  values: 'one',
  brokenOff: 'partial-call',
};
