/**
 * An example third-party format, written the way any plugin should be: a markup declaration
 * over the core kit, a prompt, renderers, and a default export made with definePlugin.
 *
 * The (invented) Acme models write `<<call NAME>>{json arguments}<<end>>`.
 * architecture/adding-a-format.md walks through this file.
 */
import { definePlugin } from '@toolformat/core';
import { type BodyParser, defineFormat, parseJsonLadder } from '@toolformat/core/kit';

const acmeBody: BodyParser = (body) => {
  const close = body.indexOf('>>');
  if (close === -1) return { calls: [], error: 'expected NAME>> after <<call' };
  const name = body.slice(0, close).trim();
  const args = parseJsonLadder(body.slice(close + 2).trim() || '{}');
  if (!args.ok) return { calls: [], error: args.error };
  const call = { name, arguments: args.value };
  // The ladder repaired the JSON (JSON5, or a truncated end closed): keep the call, say what changed.
  if (args.repaired === null) return { calls: [call] };
  return {
    calls: [call],
    issues: [{ kind: 'json-repaired', message: `Repaired JSON: ${args.repairs.join('; ')}.` }],
  };
};

export function createAcmeFormat() {
  return defineFormat({
    markup: { id: 'acme', blocks: [{ open: '<<call ', close: '<<end>>', guard: 'json', body: acmeBody }] },
    systemPrompt: (tools) =>
      `To use a tool, write <<call NAME>>{"arg": "value"}<<end>> and stop.\nTools: ${tools
        .map((t) => ('function' in t ? t.function.name : t.name))
        .join(', ')}`,
    stopSequences: ['<<result'],
    formatToolCalls: (calls) =>
      calls.map((c) => `<<call ${c.name}>>${JSON.stringify(c.arguments)}<<end>>`).join('\n'),
    formatResult: (r) =>
      `<<result ${r.name}>>${typeof r.content === 'string' ? r.content : JSON.stringify(r.content)}<<end>>`,
  });
}

export default definePlugin({
  id: 'acme',
  aliases: ['acme-v1'],
  modelPatterns: [{ match: 'acme-*' }],
  create: () => createAcmeFormat(),
});
