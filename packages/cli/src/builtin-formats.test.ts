/**
 * The built-in formats together, as the CLI and a proxy use them: auto mode streams a call as
 * each format does alone, announced early, its arguments as they arrive where they are JSON.
 */
import { createRouter, foldEvents, type StreamEvent, sequentialIds } from '@toolformat/core';
import { streamAll } from '@toolformat/core/kit';
import { findEventProtocolError } from '@toolformat/core/testing';
import { describe, expect, it } from 'vitest';
import { builtinPlugins } from './builtin-formats.js';

const auto = createRouter({ plugins: builtinPlugins }).get('auto');

function streamChars(text: string): Array<{ at: number; e: StreamEvent }> {
  const parser = auto.createStreamParser();
  const seen = [...text].flatMap((ch, at) => parser.push(ch).map((e) => ({ at, e })));
  return [...seen, ...parser.end().map((e) => ({ at: text.length, e }))];
}

describe('auto mode streams calls (architecture/semantics.md, guarantee 7)', () => {
  it.each([
    [
      'hermes JSON',
      '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "days": 3}}\n</tool_call>',
      true,
    ],
    [
      'Qwen3-Coder XML in the same tag',
      '<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=days>\n3\n</parameter>\n</function>\n</tool_call>',
      false,
    ],
    ['mistral', '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris", "days": 3}', true],
    [
      'kimi',
      '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris", "days": 3}<|tool_call_end|><|tool_calls_section_end|>',
      true,
    ],
  ])('%s: announced before the arguments end', (_, text, streamsArguments) => {
    const seen = streamChars(text);
    const start = seen.find(({ e }) => e.type === 'tool-call-start')!;
    expect(start.e).toMatchObject({ name: 'get_weather' });
    expect(start.at).toBeLessThan(text.indexOf('days'));
    const deltas = seen.flatMap(({ e }) => (e.type === 'tool-call-delta' ? [e.argumentsDelta] : []));
    expect(deltas.join('')).toBe('{"city":"Paris","days":3}');
    expect(deltas.length > 1).toBe(streamsArguments);
    expect(findEventProtocolError(seen.map(({ e }) => e))).toBeNull();
  });
});

describe("rescue reads the declared tools' own shapes under any model's route", () => {
  const router = createRouter({ plugins: builtinPlugins });
  const tools = [
    { name: 'list_memories', parameters: { type: 'object', properties: {} } },
    { name: 'get_weather', parameters: { type: 'object', properties: { location: { type: 'string' } } } },
  ];
  const rescue = (text: string, model: string, opts = {}) => {
    const batch = router.rescue(text, { model, tools, generateId: sequentialIds(), ...opts });
    const parser = router.createRescueParser({ model, tools, generateId: sequentialIds(), ...opts });
    const streamed = foldEvents(streamAll(parser, [...text]), parser.format);
    const { evidence: _, ...result } = batch;
    expect(streamed).toEqual(result);
    return batch;
  };

  it('a tag named after a declared tool (a Cline-style prompt), on strong evidence', () => {
    const r = rescue('<list_memories></list_memories>', 'devstral');
    expect(r.calls.map((c) => [c.name, c.arguments])).toEqual([['list_memories', {}]]);
    expect(r.evidence).toMatchObject({ source: 'other-format', strength: 'strong' });
    for (const text of [
      'Use <list_memories></list_memories> to see what I remember.',
      '<list_memories></list_memories>\nThis tag lists what is stored.',
    ])
      expect(rescue(text, 'devstral')).toMatchObject({ calls: [], content: text });
    // Without the tool declared, a tag is a tag.
    expect(rescue('<list_memories></list_memories>', 'devstral', { tools: undefined }).calls).toEqual([]);
  });

  it('a declared tool called in Python, alone in the output', () => {
    const text = 'get_weather(location="San Francisco")';
    for (const model of ['devstral', 'ibm-granite/granite-3.3-8b-instruct', 'qwen3:32b', 'llama3.2']) {
      const r = rescue(text, model);
      expect(r.calls.map((c) => [c.name, c.arguments])).toEqual([
        ['get_weather', { location: 'San Francisco' }],
      ]);
    }
    for (const prose of ['Call get_weather(location="Paris") for that.', `Sure:\n${text}`])
      expect(rescue(prose, 'devstral')).toMatchObject({ calls: [], content: prose });
  });
});

describe('the built-in formats route model names together', () => {
  const router = createRouter({ plugins: builtinPlugins });
  it.each([
    ['NousResearch/Hermes-3-Llama-3.1-8B', 'hermes'],
    ['NousResearch/DeepHermes-3-Llama-3-8B-Preview', 'hermes'],
    ['meta-llama/Llama-3.1-8B-Instruct', 'llama'],
    ['meta-llama/Llama-3.2-3B-Instruct', 'llama:pythonic'],
    ['Qwen/Qwen2.5-7B-Instruct', 'hermes:qwen'],
    ['Qwen/Qwen3-Coder-30B-A3B-Instruct', 'xml:qwen3-coder'],
    ['deepseek-ai/DeepSeek-V3.1', 'deepseek:v3.1'],
    ['openai/gpt-oss-20b', 'harmony'],
  ])('%s → %s', (model, id) => {
    expect(router.forModel(model).id).toBe(id);
  });
});
