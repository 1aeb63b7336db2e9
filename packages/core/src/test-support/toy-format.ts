/**
 * A small format used by the core tests: `<call>{"name", "arguments"}</call>` blocks with a JSON
 * guard, ```call fences, `<|eot|>` stripped, and a bare JSON array as whole output.
 */
import { defineFormat } from '../define-format.js';
import { definePlugin } from '../handler.js';
import { announceJsonCall } from '../kit/json-call-name.js';
import { parseJsonLadder } from '../kit/json-ladder.js';
import type { BodyParser, BodyResult, MarkupSpec, RawCall } from '../kit/markup-spec.js';
import { isPlainObject } from '../kit/safe-object.js';

export const jsonCallsBody: BodyParser = (body): BodyResult => {
  const parsed = parseJsonLadder(body.trim());
  if (!parsed.ok) return { calls: [], error: parsed.error };
  const items = Array.isArray(parsed.value) ? parsed.value : [parsed.value];
  const calls: RawCall[] = [];
  for (const item of items) {
    if (!isPlainObject(item) || typeof item.name !== 'string')
      return { calls: [], error: 'not a {"name", "arguments"} object' };
    calls.push({ name: item.name, arguments: item.arguments ?? {} });
  }
  const issues = parsed.repaired
    ? [
        {
          kind: 'json-repaired',
          message: `repaired: ${parsed.repairs.join(', ') || parsed.repaired}`,
          raw: body,
        },
      ]
    : [];
  return { calls, issues };
};

/** A format that is only its markup: what a test of the engine needs (it never teaches a model). */
export function markupFormat(markup: MarkupSpec) {
  return defineFormat({
    markup,
    systemPrompt: () => '',
    stopSequences: [],
    formatToolCalls: () => '',
    formatResult: () => '',
  });
}

export function createToyFormat(id = 'toy') {
  return defineFormat({
    markup: {
      id,
      blocks: [
        { open: '<call>', close: '</call>', guard: 'json', body: jsonCallsBody, announce: announceJsonCall },
        { fence: 'call', body: jsonCallsBody },
        { open: '<|json|>', close: 'json-end', body: jsonCallsBody },
      ],
      strip: ['<|eot|>'],
      whole: { startChars: '[', body: jsonCallsBody, onlyDeclaredTools: true },
    },
    systemPrompt: (tools) => `Call tools as <call>{"name": …, "arguments": …}</call>. Tools: ${tools.length}`,
    stopSequences: ['<|eot|>'],
    formatToolCalls: (calls) =>
      calls.map((c) => `<call>${JSON.stringify({ name: c.name, arguments: c.arguments })}</call>`).join('\n'),
    formatResult: (r) =>
      `<result>${typeof r.content === 'string' ? r.content : JSON.stringify(r.content)}</result>`,
  });
}

export const toyPlugin = definePlugin({
  id: 'toy',
  aliases: ['toy-alias', { id: 'toy-v2', variant: 'v2' }],
  modelPatterns: [{ match: 'toy-*' }, { match: 'toy-large-*', variant: 'v2' }],
  create: (options) => createToyFormat(options?.variant ? `toy:${options.variant}` : 'toy'),
});
