import { createRouter } from '@toolformat/core';
import { parseWithIds } from '@toolformat/core/testing';
import { describe, expect, it } from 'vitest';
import { llamaPlugin } from './index.js';

const auto = createRouter({ plugins: [llamaPlugin] }).get('auto');
const names = (text: string, opts = {}) => parseWithIds(auto, text, opts).calls.map((c) => c.name);

describe('auto mode: bare calls where the output starts with them', () => {
  it('reads Llama 3 JSON calls separated by ";" without declared tools', () => {
    const text = '{"name": "search", "parameters": {"q": "a"}}; {"name": "incidents", "parameters": {}}';
    expect(names(text)).toEqual(['search', 'incidents']);
  });

  it('reads a pythonic list, and keeps the text after it as content', () => {
    const r = parseWithIds(auto, "[get_weather(location='Tokyo')] Here's the forecast:");
    expect(r.calls).toEqual([{ id: 'call_1', name: 'get_weather', arguments: { location: 'Tokyo' } }]);
    expect(r.content).toBe("Here's the forecast:");
  });

  it('leaves answers that only look like calls as text', () => {
    for (const text of [
      '[len(x)]',
      '[1, 2, 3]',
      '{"name": "Alice Smith", "parameters": {"age": 30}}',
      '{"name": "search", "parameters": {}, "confidence": 0.9}',
      "See [get_weather(city='Paris')] for the call.",
    ]) {
      expect(parseWithIds(auto, text)).toMatchObject({ calls: [], content: text });
    }
  });

  it('with declared tools, takes any shape that names them, and nothing else', () => {
    const tools = [
      { name: 'lookup', parameters: { type: 'object', properties: { id: { type: 'integer' } } } },
    ];
    expect(names('[lookup(7)]', { tools })).toEqual(['lookup']);
    expect(names("[search(q='x')]", { tools })).toEqual([]);
  });
});
