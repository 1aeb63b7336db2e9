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
});
