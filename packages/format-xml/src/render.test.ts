/**
 * Prompts, calls and results as the chat templates write them (test-support/rendered.ts), and
 * what a variant writes it reads back.
 */
import { describe, expect, it } from 'vitest';
import { createXmlFormat } from './plugin.js';
import { callsOf, NS, parseWith } from './test-support/harness.js';
import {
  GLM46_CALLS,
  GLM46_SYSTEM,
  GLM47_CALLS,
  GLM47_SYSTEM,
  MINIMAX_CALLS,
  MINIMAX_SYSTEM,
  QWEN3_CODER_CALLS,
  QWEN3_CODER_SYSTEM,
  QWEN35_SYSTEM,
  SEED_CALLS,
  SEED_SYSTEM,
  WEATHER_CALLS,
  WEATHER_TOOL,
} from './test-support/rendered.js';
import { VARIANTS } from './variants.js';

const preamble = 'You are a helpful assistant.';
const prompt = (variant: string) => createXmlFormat(variant).systemPrompt([WEATHER_TOOL], { preamble });

describe('systemPrompt, as the chat templates write the system turn', () => {
  it('Qwen3-Coder: tools as XML, then the format and its reminder', () => {
    expect(prompt('qwen3-coder')).toBe(QWEN3_CODER_SYSTEM);
  });

  it('Qwen3.5: tools as JSON lines, the system message after the format', () => {
    expect(prompt('qwen3.5')).toBe(QWEN35_SYSTEM);
  });

  it('GLM-4.5/4.6 and GLM-4.7 (the caller’s system message is a turn of its own)', () => {
    expect(createXmlFormat('glm').systemPrompt([WEATHER_TOOL])).toBe(GLM46_SYSTEM);
    expect(createXmlFormat('glm-4.7').systemPrompt([WEATHER_TOOL.function])).toBe(GLM47_SYSTEM);
  });

  it('MiniMax-M2', () => {
    expect(prompt('minimax')).toBe(MINIMAX_SYSTEM);
  });

  it('Seed-OSS: each tool as a Python signature', () => {
    expect(prompt('seed-oss')).toBe(SEED_SYSTEM);
  });

  it('Claude style and Step-3 name the tools and show their markup', () => {
    const claude = prompt('claude');
    expect(claude.startsWith(`${preamble}\n\nIn this environment`)).toBe(true);
    expect(claude).toContain(
      '<function>{"description": "Get the current weather for a city.", "name": "get_weather"',
    );
    expect(claude).toContain('<function_calls>\n<invoke name="$FUNCTION_NAME">');
    expect(prompt('step3')).toContain('<steptml:invoke name="example_function_name">');
  });

  it('every variant names each tool and the caller’s instructions', () => {
    for (const variant of VARIANTS.ids) {
      const text = createXmlFormat(variant).systemPrompt([WEATHER_TOOL], { preamble: 'Be brief.' });
      expect(text, variant).toContain('get_weather');
      expect(text, variant).toContain('Be brief.');
    }
  });
});

describe('formatToolCalls, as the chat templates write the assistant turn', () => {
  it('matches the rendered templates', () => {
    expect(createXmlFormat('qwen3-coder').formatToolCalls(WEATHER_CALLS)).toBe(QWEN3_CODER_CALLS);
    expect(createXmlFormat('qwen3.5').formatToolCalls(WEATHER_CALLS)).toBe(QWEN3_CODER_CALLS);
    expect(createXmlFormat('glm').formatToolCalls(WEATHER_CALLS)).toBe(GLM46_CALLS);
    expect(createXmlFormat('glm-4.7').formatToolCalls(WEATHER_CALLS)).toBe(GLM47_CALLS);
    expect(createXmlFormat('minimax').formatToolCalls(WEATHER_CALLS)).toBe(MINIMAX_CALLS);
    expect(createXmlFormat('seed-oss').formatToolCalls(WEATHER_CALLS)).toBe(SEED_CALLS);
  });

  it('Claude style and Step-3', () => {
    expect(createXmlFormat().formatToolCalls(WEATHER_CALLS)).toBe(
      '<function_calls>\n<invoke name="get_weather">\n<parameter name="location">Paris</parameter>\n' +
        '<parameter name="unit">celsius</parameter>\n</invoke>\n<invoke name="get_weather">\n' +
        '<parameter name="location">London</parameter>\n</invoke>\n</function_calls>',
    );
    expect(createXmlFormat('step3').formatToolCalls([WEATHER_CALLS[1]!])).toBe(
      '<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="get_weather">' +
        '<steptml:parameter name="location">London</steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>',
    );
  });

  it('writes scalars as each template does: Python’s str() for Qwen and Seed, JSON elsewhere', () => {
    const call = {
      id: '1',
      name: 'f',
      arguments: { on: true, none: null, n: 3, list: [1, 'a'], obj: { k: 'v' } },
    };
    expect(createXmlFormat('qwen3-coder').formatToolCalls([call])).toBe(
      '<tool_call>\n<function=f>\n<parameter=on>\nTrue\n</parameter>\n<parameter=none>\nNone\n</parameter>\n' +
        '<parameter=n>\n3\n</parameter>\n<parameter=list>\n[1, "a"]\n</parameter>\n<parameter=obj>\n{"k": "v"}\n</parameter>\n' +
        '</function>\n</tool_call>',
    );
    expect(createXmlFormat('glm-4.7').formatToolCalls([call])).toBe(
      '<tool_call>f<arg_key>on</arg_key><arg_value>true</arg_value><arg_key>none</arg_key><arg_value>null</arg_value>' +
        '<arg_key>n</arg_key><arg_value>3</arg_value><arg_key>list</arg_key><arg_value>[1, "a"]</arg_value>' +
        '<arg_key>obj</arg_key><arg_value>{"k": "v"}</arg_value></tool_call>',
    );
  });

  it('renders no calls as nothing', () => {
    for (const variant of VARIANTS.ids)
      expect(createXmlFormat(variant).formatToolCalls([]), variant).toBe('');
  });

  it('reads back what it writes, in every variant, typed by the schema', () => {
    const tools = [
      {
        name: 'f',
        parameters: {
          type: 'object',
          properties: {
            on: { type: 'boolean' },
            none: { type: ['string', 'null'] },
            n: { type: 'integer' },
            zip: { type: 'string' },
            text: { type: 'string' },
            t1: { type: 'string' },
            t2: { type: 'string' },
            t3: { type: 'string' },
            t4: { type: 'string' },
            t5: { type: 'string' },
            t6: { type: 'string' },
            list: { type: 'array' },
            obj: { type: 'object' },
          },
        },
      },
      // Declared too: GLM-4-0414 reads a call only under a declared tool's name.
      { name: 'g', parameters: { type: 'object' } },
    ];
    const call = {
      id: '1',
      name: 'f',
      arguments: {
        on: false,
        none: null,
        n: -3,
        zip: '007',
        text: 'line one\nline two\n  indented </b> & "quoted"',
        t1: 'a &amp; b',
        t2: 'x</parameter>\n',
        t3: '\nwrapped\n',
        t4: 'cdata ]]> end',
        t5: '<![CDATA[x]]>',
        t6: '</arg_value></steptml:parameter>',
        list: [1, 'a', null],
        obj: { k: { deep: [true] } },
      },
    };
    for (const variant of VARIANTS.ids) {
      const handler = createXmlFormat(variant);
      const r = parseWith(handler, handler.formatToolCalls([call, { ...call, name: 'g', arguments: {} }]), {
        tools,
      });
      expect(callsOf(r), variant).toEqual([
        { name: 'f', arguments: call.arguments },
        { name: 'g', arguments: {} },
      ]);
      expect(r.content, variant).toBeNull();
    }
  });

  it('reads back a string that holds the close of its call or block, or a lone newline, in every variant', () => {
    const M3 = ']<]minimax[>[';
    const values = [
      'x </function_calls> y',
      `x </${NS}:function_calls> y`,
      'x </invoke> y',
      'x </steptml:invoke> y',
      'x </function>\n</tool_call> y',
      'x </tool_call> y',
      'x </tool_calls> y',
      'x </minimax:tool_call> y',
      'x </seed:tool_call> y',
      'x <｜tool_calls_end｜> y',
      `x ${M3}</tool_call> y`,
      `x ${M3}<a>1${M3}</a> y`,
      'x <functionĠname= <paramname= yĊ',
      '\n',
      '\n</invoke>\n',
    ];
    const properties = Object.fromEntries(values.map((_, i) => [`a${i}`, { type: 'string' }]));
    const tools = [{ name: 'f', parameters: { type: 'object', properties } }];
    const args = Object.fromEntries(values.map((v, i) => [`a${i}`, v]));
    for (const variant of VARIANTS.ids) {
      const handler = createXmlFormat(variant);
      const r = parseWith(handler, handler.formatToolCalls([{ id: '1', name: 'f', arguments: args }]), {
        tools,
      });
      expect(callsOf(r), variant).toEqual([{ name: 'f', arguments: args }]);
      expect(r.content, variant).toBeNull();
    }
  });
});

describe('formatResult', () => {
  const result = { name: 'get_weather', content: { temperature: 22, condition: 'sunny' } };
  const json = '{"temperature": 22, "condition": "sunny"}';

  it('as each family feeds a result back', () => {
    expect(createXmlFormat('qwen3-coder').formatResult(result)).toBe(
      `<tool_response>\n${json}\n</tool_response>`,
    );
    expect(createXmlFormat('glm').formatResult(result)).toBe(`<tool_response>\n${json}\n</tool_response>`);
    expect(createXmlFormat('glm-4.7').formatResult(result)).toBe(`<tool_response>${json}</tool_response>`);
    expect(createXmlFormat('minimax').formatResult(result)).toBe(`<response>${json}</response>`);
    expect(createXmlFormat('seed-oss').formatResult({ name: 'x', content: 'plain' })).toBe('plain');
  });

  it('Claude style: the tool’s name and stdout, or an error', () => {
    const claude = createXmlFormat();
    expect(claude.formatResult(result)).toBe(
      `<function_results>\n<result>\n<tool_name>get_weather</tool_name>\n<stdout>\n${json}\n</stdout>\n</result>\n</function_results>`,
    );
    expect(claude.formatResult({ name: 'x', content: 'boom', isError: true })).toBe(
      '<function_results>\n<error>\nboom\n</error>\n</function_results>',
    );
  });
});

describe('stopSequences', () => {
  it('stop where each family’s turn ends', () => {
    expect(createXmlFormat().stopSequences()).toEqual(['</function_calls>']);
    expect(createXmlFormat('qwen3-coder').stopSequences()).toEqual(['<|im_end|>', '<|endoftext|>']);
    expect(createXmlFormat('glm').stopSequences()).toEqual(['<|endoftext|>', '<|user|>', '<|observation|>']);
    expect(createXmlFormat('minimax').stopSequences()).toEqual(['[e~[']);
    expect(createXmlFormat('seed-oss').stopSequences()).toEqual(['<seed:eos>']);
  });
});
