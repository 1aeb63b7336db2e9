import { createRouter } from '@toolformat/core';
import { describe, expect, it } from 'vitest';
import { builtinPlugins } from './index.js';

describe('builtinPlugins', () => {
  it('holds the ten built-in families once each, hermes first', () => {
    expect(builtinPlugins.map((p) => p.id)).toEqual([
      'hermes',
      'xml',
      'react',
      'llama',
      'deepseek',
      'mistral',
      'gemma',
      'kimi',
      'solar',
      'harmony',
    ]);
    expect(Object.isFrozen(builtinPlugins)).toBe(true);
  });

  it('gives a router that reads every family and routes a model name to its format', () => {
    const router = createRouter({ plugins: builtinPlugins });
    const text = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';
    const result = router.parse(text, { model: 'qwen2.5-7b-instruct' });
    expect(result.calls.map((c) => [c.name, c.arguments])).toEqual([['get_weather', { city: 'Paris' }]]);
    expect(
      router.parse('[TOOL_CALLS][{"name": "f", "arguments": {}}]', { format: 'auto' }).calls,
    ).toHaveLength(1);
  });

  it("reads back every format's own call when an argument says 'end-of-output' or 'json-end'", () => {
    // Words that name how a block ends in a format's declaration; once they closed the block.
    const router = createRouter({ plugins: builtinPlugins });
    const tools = [{ name: 'f', parameters: { type: 'object', properties: { a: { type: 'string' } } } }];
    const args = { a: 'stop at end-of-output, or at json-end' };
    const missed: string[] = [];
    for (const info of router.formats()) {
      for (const variant of [undefined, ...info.variants]) {
        const handler = router.get(info.id, variant);
        const written = handler.formatToolCalls([{ id: 'call_1', name: 'f', arguments: args }]);
        const read = handler.parse(written, { tools }).calls.map((c) => c.arguments);
        if (JSON.stringify(read) !== JSON.stringify([args])) missed.push(handler.id);
      }
    }
    expect(missed).toEqual([]);
  });
});
