import { createRouter, definePlugin, sequentialIds } from '@toolformat/core';
import { type BodyParser, defineFormat, isPlainObject, parseJsonLadder } from '@toolformat/core/kit';
import { describe, expect, it } from 'vitest';
import defaultExport, { xmlPlugin } from './index.js';
import { createXmlFormat } from './plugin.js';
import { callsOf } from './test-support/harness.js';

/**
 * A stand-in for the JSON-in-tags format (format packages do not import each other): the same
 * markers, JSON guard and prose check as Hermes's `<tool_call>`, `<function=` and `<tool>`.
 */
const jsonBody: BodyParser = (body) => {
  const parsed = parseJsonLadder(body.trim());
  if (!parsed.ok || !isPlainObject(parsed.value) || typeof parsed.value.name !== 'string') {
    return { calls: [], error: 'not a JSON call' };
  }
  return { calls: [{ name: parsed.value.name, arguments: parsed.value.arguments ?? {} }] };
};
const functionTagBody: BodyParser = (body) => {
  const gt = body.indexOf('>');
  const parsed = parseJsonLadder(body.slice(gt + 1).trim());
  if (gt < 1 || !parsed.ok || !isPlainObject(parsed.value)) return { calls: [], error: 'not JSON' };
  return { calls: [{ name: body.slice(0, gt), arguments: parsed.value }] };
};
const jsonPlugin = definePlugin({
  id: 'jsontags',
  create: () =>
    defineFormat({
      markup: {
        id: 'jsontags',
        blocks: [
          { open: '<tool_call>', close: '</tool_call>', guard: 'json', bodyStart: '{[', body: jsonBody },
          { open: '<tool>', close: '</tool>', guard: 'json', bodyStart: '{[', body: jsonBody },
          { open: '<function=', close: '</function>', guard: 'json', body: functionTagBody },
        ],
      },
      systemPrompt: () => '',
      stopSequences: [],
      formatToolCalls: () => '',
      formatResult: () => '',
    }),
});

const router = createRouter({ plugins: [xmlPlugin, jsonPlugin] });

describe('the plugin', () => {
  it('is the default export too', () => {
    expect(defaultExport).toBe(xmlPlugin);
    expect(xmlPlugin.id).toBe('xml');
  });

  it('answers to every family id it serves, each naming its variant', () => {
    const ids: Record<string, string> = {
      xml: 'xml',
      claude: 'xml',
      'qwen3-coder': 'xml:qwen3-coder',
      'qwen3.5': 'xml:qwen3.5',
      glm: 'xml:glm',
      'glm-4.7': 'xml:glm-4.7',
      minimax: 'xml:minimax',
      'seed-oss': 'xml:seed-oss',
      step3: 'xml:step3',
    };
    for (const [alias, id] of Object.entries(ids)) expect(router.get(alias).id, alias).toBe(id);
  });

  it('picks the variant from the model name', () => {
    const cases: Array<[string, string]> = [
      ['Qwen/Qwen3-Coder-30B-A3B-Instruct', 'xml:qwen3-coder'],
      ['qwen3-coder:30b', 'xml:qwen3-coder'],
      ['Qwen/Qwen3.5-4B', 'xml:qwen3.5'],
      ['nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16', 'xml:qwen3-coder'],
      ['stepfun-ai/Step-3.5-Flash', 'xml:qwen3-coder'],
      ['stepfun-ai/step3', 'xml:step3'],
      ['zai-org/GLM-4.5-Air', 'xml:glm'],
      ['zai-org/GLM-4.6', 'xml:glm'],
      ['zai-org/GLM-4.7-Flash', 'xml:glm-4.7'],
      ['MiniMaxAI/MiniMax-M2', 'xml:minimax'],
      ['ByteDance-Seed/Seed-OSS-36B-Instruct', 'xml:seed-oss'],
      ['claude-3-haiku', 'xml'],
    ];
    for (const [model, id] of cases) expect(router.forModel(model).id, model).toBe(id);
  });

  it('lists its aliases, variants and model patterns', () => {
    const info = router.formats().find((f) => f.id === 'xml')!;
    expect(info.aliases).toEqual(
      expect.arrayContaining(['qwen3-coder', 'glm', 'minimax', 'seed-oss', 'step3', 'claude']),
    );
    expect(info.variants).toEqual(
      expect.arrayContaining(['qwen3-coder', 'qwen3.5', 'glm', 'glm-4.7', 'minimax', 'seed-oss', 'step3']),
    );
    expect(info.modelPatterns.length).toBeGreaterThan(10);
  });
});

describe('auto mode, next to a format that reads JSON in the same tags', () => {
  const auto = router.get('auto');
  const parse = (text: string) => auto.parse(text, { generateId: sequentialIds() });

  it('reads JSON bodies as JSON and XML bodies as XML, naming each', () => {
    const r = parse(
      '<tool_call>{"name": "a", "arguments": {"s": "</tool_call>"}}</tool_call>\n' +
        '<tool_call>\n<function=b>\n<parameter=x>\n5" screen\n</parameter>\n</function>\n</tool_call>\n' +
        '<tool_call>c<arg_key>k</arg_key><arg_value>v</arg_value></tool_call>',
    );
    expect(callsOf(r)).toEqual([
      { name: 'a', arguments: { s: '</tool_call>' } },
      { name: 'b', arguments: { x: '5" screen' } },
      { name: 'c', arguments: { k: 'v' } },
    ]);
    expect(r.format).toBe('jsontags');
    expect(parse('<tool_call>c<arg_key>k</arg_key><arg_value>v</arg_value></tool_call>').format).toBe(
      'xml:glm',
    );
  });

  it('tries the JSON reader first where both read a body', () => {
    expect(parse('<function=f>{"a": 1}</function>').format).toBe('jsontags');
    expect(parse('<function=f>\n<parameter=a>\n1\n</parameter>\n</function>').format).toBe('xml:qwen3-coder');
  });

  it('keeps the trailing <parameter> lines of Atlas AnyLegal’s tags and the other XML wrappers', () => {
    const r = parse(
      '<tool>plan</tool>\n<parameter name="why">x</parameter>\n<minimax:tool_call><invoke name="m"></invoke></minimax:tool_call>',
    );
    expect(callsOf(r)).toEqual([
      { name: 'plan', arguments: { why: 'x' } },
      { name: 'm', arguments: {} },
    ]);
  });

  it('does not read Morph tags (only explicit formats with declared tools do)', () => {
    const text = '<get_weather><city>SF</city></get_weather>';
    expect(parse(text).calls).toEqual([]);
    expect(router.get('xml').parse(text, { tools: [{ name: 'get_weather' }] }).calls).toHaveLength(1);
  });
});

describe('detect and rescue', () => {
  const xml = createXmlFormat();

  it('scores the markup only where a block would open', () => {
    expect(xml.detect('<minimax:tool_call>\n<invoke name="f">')).toBe(0.95);
    expect(xml.detect('<tool_call>\n<function=f>')).toBe(0.9);
    expect(xml.detect('<tool_call>get_weather<arg_key>')).toBe(0.9);
    expect(xml.detect('<tool_call>{"name": "f"}</tool_call>')).toBe(0);
    expect(xml.detect('Use <tool_call> tags.')).toBe(0);
    expect(xml.detect('plain text')).toBe(0);
  });

  it('rescue finds a leaked call', () => {
    const r = router.rescue(
      'Sure.\n<tool_call>\n<function=f>\n<parameter=a>1</parameter>\n</function>\n</tool_call>',
    );
    expect(callsOf(r)).toEqual([{ name: 'f', arguments: { a: 1 } }]);
    expect(r.content).toBe('Sure.');
  });
});

describe('sanitize', () => {
  it('removes the markup and stray tags, and leaves code alone', () => {
    const xml = createXmlFormat();
    expect(
      xml.sanitize(
        'Checking.\n<function=f>\n<parameter=a>1</parameter>\n</function>\n</tool_call>\nDone.\n</invoke>\n```\n</invoke>\n```',
      ),
    ).toBe('Checking.\nDone.\n```\n</invoke>\n```');
  });
});
