import { createRouter, ToolFormatConfigError } from '@toolformat/core';
import { describe, expect, it } from 'vitest';
import defaultExport, { hermesPlugin } from './index.js';
import { createHermesFormat, sanitizeContent } from './plugin.js';
import { SEED_001_EXAMPLE } from './test-support/seeds.js';

const router = createRouter({ plugins: [hermesPlugin] });

describe('the plugin', () => {
  it('is the default export too', () => {
    expect(defaultExport).toBe(hermesPlugin);
    expect(hermesPlugin.id).toBe('hermes');
  });

  it('answers to every family id of the corpus it covers, each naming its variant', () => {
    for (const id of [
      'hermes',
      'json',
      'granite',
      'lfm2',
      'phi4',
      'apertus',
      'internlm',
      'qwen',
      'nemotron',
    ]) {
      const handler = router.get(id);
      expect(handler.id).toBe(id === 'hermes' ? 'hermes' : `hermes:${id}`);
    }
  });

  it('picks the variant from the model name', () => {
    const cases: Array<[string, string]> = [
      ['NousResearch/Hermes-3-Llama-3.1-8B', 'hermes'],
      ['Qwen/Qwen2.5-7B-Instruct', 'hermes:qwen'],
      ['qwen3-32b', 'hermes:qwen'],
      ['Qwen/QwQ-32B', 'hermes:qwen'],
      ['ibm-granite/granite-3.3-8b-instruct', 'hermes:granite'],
      ['ibm-granite/granite-4.0-h-small', 'hermes:qwen'],
      ['LiquidAI/LFM2-1.2B', 'hermes:lfm2'],
      ['Salesforce/xLAM-2-8b-fc-r', 'hermes:json'],
      ['microsoft/Phi-4-mini-instruct', 'hermes:phi4'],
      ['accounts/fireworks/models/firefunction-v2', 'hermes:firefunction'],
      ['ibm-granite/granite-20b-functioncalling', 'hermes:granite-20b-fc'],
      ['nvidia/NVIDIA-Nemotron-Nano-9B-v2', 'hermes:nemotron'],
      ['swiss-ai/Apertus-8B-Instruct-2509', 'hermes:apertus'],
      ['internlm/internlm2_5-7b-chat', 'hermes:internlm'],
      ['tencent/Hunyuan-A13B-Instruct', 'hermes:hunyuan'],
      ['MiniMaxAI/MiniMax-M1-80k', 'hermes:minimax-m1'],
      ['baidu/ERNIE-4.5-21B-A3B-PT', 'hermes:ernie'],
    ];
    for (const [model, id] of cases) expect(router.forModel(model).id, model).toBe(id);
  });

  it('refuses an unknown variant with a message that lists the known ones', () => {
    expect(() => hermesPlugin.create({ variant: 'nope' })).toThrow(ToolFormatConfigError);
    expect(() => hermesPlugin.create({ variant: 'nope' })).toThrow(/known variants: hermes, qwen, json/);
  });

  it('lists its aliases and variants for `toolformat formats`', () => {
    const info = router.formats().find((f) => f.id === 'hermes');
    expect(info?.aliases).toEqual(
      expect.arrayContaining(['json', 'granite', 'lfm2', 'phi4', 'apertus', 'internlm']),
    );
    expect(info?.variants).toEqual(expect.arrayContaining(['qwen', 'granite', 'json']));
  });
});

describe('detect', () => {
  const hermes = router.get('hermes');
  it('is sure where a tag of the family is followed by JSON', () => {
    expect(hermes.detect('<tool_call>\n{"name": "a"}')).toBe(0.9);
    expect(hermes.detect('x <|tool_call|>[{"name": "a"}]')).toBe(0.95);
    expect(hermes.detect('<tools>{"name": "a"}</tools>')).toBeGreaterThan(0.5);
  });

  it('is not, for prose that mentions a tag, or for plain text', () => {
    expect(hermes.detect('Wrap calls in <tool_call> tags.')).toBe(0);
    expect(hermes.detect('Hello there')).toBe(0);
    expect(hermes.detect('import functools')).toBe(0);
  });

  it('gives bare JSON calls a low score (the json variant a higher one)', () => {
    expect(hermes.detect('[{"name": "a", "arguments": {}}]')).toBe(0.3);
    expect(router.get('json').detect('[{"name": "a", "arguments": {}}]')).toBe(0.6);
  });
});

describe('auto mode', () => {
  it('reads the family through the merged markup', () => {
    const auto = router.get('auto');
    const r = auto.parse('Sure.\n<|tool_call|>[{"name": "a", "arguments": {"x": 1}}]');
    expect(r.calls.map((c) => c.name)).toEqual(['a']);
    expect(r).toMatchObject({ content: 'Sure.', format: 'hermes:granite' });
    expect(auto.parse('Use <tool_call> tags.').content).toBe('Use <tool_call> tags.');
  });

  it('reads bare JSON without declared tools only in the exact call shape', () => {
    const auto = router.get('auto');
    const list =
      '[{"name": "get_weather", "arguments": {"city": "Dallas"}}, {"name": "get_time", "arguments": {}}]';
    expect(auto.parse(list).calls.map((c) => c.name)).toEqual(['get_weather', 'get_time']);
    // Answers that happen to be JSON with a "name" stay answers.
    for (const answer of ['{"name": "Alice", "age": 30}', '[{"name": "Alice"}, {"name": "Bob"}]']) {
      expect(auto.parse(answer)).toMatchObject({ calls: [], content: answer });
    }
    // With tools declared, the names decide, as before.
    const declared = auto.parse('{"name": "lookup", "arguments": {"id": 7}, "reason": "asked"}', {
      tools: [{ name: 'lookup' }],
    });
    expect(declared.calls.map((c) => c.name)).toEqual(['lookup']);
    expect(auto.parse('{"name": "lookup", "arguments": {}}', { tools: [{ name: 'other' }] }).calls).toEqual(
      [],
    );
  });
});

/** Seed 001: no markup reaches the user, real code examples do. */
const hermes = createHermesFormat();

describe('sanitize', () => {
  it('removes the example call of a malformed-call proposal together with its label', () => {
    expect(hermes.sanitize(SEED_001_EXAMPLE)).toBe('');
    expect(hermes.sanitize(`I'll create your boat profile now.\n\n${SEED_001_EXAMPLE}\n\nDone!`)).toBe(
      "I'll create your boat profile now.\n\nDone!",
    );
  });

  it('removes every block of the family, parsed or not, and a label before it on the same line', () => {
    const text =
      'Checking. TOOL CALL: <tool_call>{"name": "a", "arguments": {}}</tool_call>\n' +
      '<tools>{"name": broken</tools>\n<|tool_call_start|>[f(x=1)]<|tool_call_end|>\nBye.<|im_end|>';
    expect(hermes.sanitize(text)).toBe('Checking. Bye.');
  });

  it('removes stray tags and bare JSON call lines', () => {
    expect(hermes.sanitize('Done.</tool_call>')).toBe('Done.');
    expect(hermes.sanitize('Here:\n{"name": "search", "arguments": {"q": "x"}}\nok')).toBe('Here:\nok');
  });

  it('leaves code examples alone: fences, inline code, a labelled fence of real code', () => {
    const text =
      'Call it like this:\n```json\n{"name": "search", "arguments": {"q": "x"}}\n```\n' +
      'or write `<tool_call>` yourself.\n\n**Tool call:**\n```python\nrun()\n```';
    expect(hermes.sanitize(text)).toBe(text);
    const xml = 'Format:\n```xml\n<tool_call>{"name": "a"}</tool_call>\n```';
    expect(hermes.sanitize(xml)).toBe(xml);
  });

  it('leaves prose about tool calls alone', () => {
    const text = 'A tool call: the model asks for a function.\nThis is my tool call';
    expect(hermes.sanitize(text)).toBe(text);
  });

  it('is what parse leaves when there is nothing of the family', () => {
    const text = 'Plain answer.\n\n\n\nWith paragraphs.';
    expect(sanitizeContent(text)).toBe('Plain answer.\n\nWith paragraphs.');
  });
});
