/**
 * A small format for the CLI tests, so they do not depend on any real format package being
 * finished: `<call>{"name", "arguments"}</call>`, like core's own test format.
 */
import { definePlugin } from '@toolformat/core';
import { type BodyParser, defineFormat, isPlainObject, parseJsonLadder } from '@toolformat/core/kit';

const body: BodyParser = (text) => {
  const parsed = parseJsonLadder(text.trim());
  if (!parsed.ok) return { calls: [], error: parsed.error };
  const v = parsed.value;
  if (!isPlainObject(v) || typeof v.name !== 'string')
    return { calls: [], error: 'not a {"name", "arguments"} object' };
  return { calls: [{ name: v.name, arguments: v.arguments ?? {} }] };
};

export const toyPlugin = definePlugin({
  id: 'toy',
  aliases: ['toy-alias'],
  modelPatterns: [{ match: 'toy-*' }],
  create: () =>
    defineFormat({
      markup: { id: 'toy', blocks: [{ open: '<call>', close: '</call>', guard: 'json', body }] },
      systemPrompt: (tools) =>
        `Call a tool as <call>{"name": …, "arguments": …}</call>. Tools: ${tools.map((t) => ('function' in t ? t.function.name : t.name)).join(', ')}`,
      stopSequences: ['</call>'],
      formatToolCalls: (calls) =>
        calls.map((c) => `<call>${JSON.stringify({ name: c.name, arguments: c.arguments })}</call>`).join(''),
      formatResult: (r) => `<result>${JSON.stringify(r.content)}</result>`,
    }),
});

export const toyCall = (name: string, args: Record<string, unknown>) =>
  `<call>${JSON.stringify({ name, arguments: args })}</call>`;
