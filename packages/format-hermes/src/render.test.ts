import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHermesFormat } from './plugin.js';
import { callsOf, parseWith } from './test-support/harness.js';
import {
  GRANITE_CALLS,
  HERMES_SYSTEM,
  LFM2_CALLS,
  QWEN_SYSTEM,
  WEATHER_CALLS,
  WEATHER_TOOL,
} from './test-support/rendered.js';
import { VARIANTS } from './variants.js';

const result = { name: 'get_weather', content: { temperature: 22, condition: 'sunny' } };

describe('prompts, as the chat templates write them', () => {
  it('Qwen2.5 / Qwen3', () => {
    const prompt = createHermesFormat('qwen').systemPrompt([WEATHER_TOOL], {
      preamble: 'You are a helpful assistant.',
    });
    expect(prompt).toBe(QWEN_SYSTEM);
  });

  it('Hermes 2 Pro / Hermes 3, from flat or OpenAI-shaped tools', () => {
    const hermes = createHermesFormat();
    expect(hermes.systemPrompt([WEATHER_TOOL])).toBe(HERMES_SYSTEM);
    expect(hermes.systemPrompt([WEATHER_TOOL.function])).toBe(HERMES_SYSTEM);
  });

  it('every variant names each tool and the markup it expects', () => {
    for (const variant of VARIANTS.ids) {
      const prompt = createHermesFormat(variant).systemPrompt([WEATHER_TOOL], { preamble: 'Be brief.' });
      expect(prompt.startsWith('Be brief.\n\n'), variant).toBe(true);
      expect(prompt, variant).toContain('get_weather');
    }
  });
});

describe('formatToolCalls, as the chat templates write the assistant turn', () => {
  const cases: Record<string, string> = {
    hermes:
      '<tool_call>\n{"name": "get_weather", "arguments": {"location": "Paris", "unit": "celsius"}}\n</tool_call>\n' +
      '<tool_call>\n{"name": "get_weather", "arguments": {"location": "London"}}\n</tool_call>',
    json: '[{"name": "get_weather", "arguments": {"location": "Paris", "unit": "celsius"}}, {"name": "get_weather", "arguments": {"location": "London"}}]',
    granite: GRANITE_CALLS,
    lfm2: LFM2_CALLS,
    nemotron:
      '<TOOLCALL>[{"name": "get_weather", "arguments": {"location": "Paris", "unit": "celsius"}}, {"name": "get_weather", "arguments": {"location": "London"}}]</TOOLCALL>',
    'minimax-m1':
      '<tool_calls>\n{"name": "get_weather", "arguments": {"location": "Paris", "unit": "celsius"}}\n{"name": "get_weather", "arguments": {"location": "London"}}\n</tool_calls>',
    hunyuan:
      '<tool_calls>[{"name": "get_weather", "arguments": {"location": "Paris", "unit": "celsius"}}, {"name": "get_weather", "arguments": {"location": "London"}}]</tool_calls>',
    apertus:
      '<|tools_prefix|>[{"get_weather": {"location": "Paris", "unit": "celsius"}}, {"get_weather": {"location": "London"}}]<|tools_suffix|>',
    internlm:
      '<|action_start|><|plugin|>\n{"name": "get_weather", "arguments": {"location": "Paris", "unit": "celsius"}}<|action_end|>' +
      '<|action_start|><|plugin|>\n{"name": "get_weather", "arguments": {"location": "London"}}<|action_end|>',
    // rendered/firefunction_v2.txt: after the header, a space, then the list.
    firefunction:
      ' functools[{"name": "get_weather", "arguments": {"location": "Paris", "unit": "celsius"}}, {"name": "get_weather", "arguments": {"location": "London"}}]',
    // rendered/vllm_granite_20b_fc.txt: one line per call.
    'granite-20b-fc':
      '<function_call> {"name": "get_weather", "arguments": {"location": "Paris", "unit": "celsius"}}\n' +
      '<function_call> {"name": "get_weather", "arguments": {"location": "London"}}',
    // rendered/vllm_phi4_mini.txt: bare objects joined by a comma.
    'phi4-mini-json':
      '{"name": "get_weather", "arguments": {"location": "Paris", "unit": "celsius"}},{"name": "get_weather", "arguments": {"location": "London"}}',
  };
  for (const [variant, expected] of Object.entries(cases)) {
    it(variant, () => expect(createHermesFormat(variant).formatToolCalls(WEATHER_CALLS)).toBe(expected));
  }

  it('renders no calls as nothing', () => {
    for (const variant of VARIANTS.ids) expect(createHermesFormat(variant).formatToolCalls([])).toBe('');
  });
});

describe('formatResult', () => {
  it('Hermes / Qwen: a <tool_response> block with the JSON as the template writes it', () => {
    expect(createHermesFormat().formatResult(result)).toBe(
      '<tool_response>\n{"temperature": 22, "condition": "sunny"}\n</tool_response>',
    );
    expect(createHermesFormat('qwen').formatResult({ name: 'x', content: 'plain text' })).toBe(
      '<tool_response>\nplain text\n</tool_response>',
    );
  });

  it('the other variants', () => {
    const json = '{"temperature": 22, "condition": "sunny"}';
    expect(createHermesFormat('granite').formatResult(result)).toBe(json);
    expect(createHermesFormat('lfm2').formatResult(result)).toBe(
      `<|tool_response_start|>${json}<|tool_response_end|>`,
    );
    expect(createHermesFormat('nemotron').formatResult(result)).toBe(
      `<TOOL_RESPONSE>[${json}]</TOOL_RESPONSE>`,
    );
    expect(createHermesFormat('phi4').formatResult(result)).toBe(
      `<|tool_response|>${json}<|/tool_response|>`,
    );
  });
});

describe('stop sequences', () => {
  it('are the end-of-turn tokens of each family', () => {
    expect(createHermesFormat().stopSequences()).toEqual(['<|im_end|>']);
    expect(createHermesFormat('qwen').stopSequences()).toEqual(['<|im_end|>', '<|endoftext|>']);
    expect(createHermesFormat('granite').stopSequences()).toEqual(['<|end_of_text|>']);
  });
});

describe('round trip: what a variant renders, it parses back', () => {
  const name = fc.stringMatching(/^[a-z_][a-z0-9_]{0,15}$/);
  const value = fc.oneof(
    fc.string({ maxLength: 12 }),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.integer(), { maxLength: 3 }),
  );
  const args = fc.dictionary(name, value, { maxKeys: 4 });
  const calls = fc.array(fc.record({ id: fc.constant('x'), name, arguments: args }), {
    minLength: 1,
    maxLength: 3,
  });
  for (const variant of VARIANTS.ids) {
    it(variant, () => {
      const handler = createHermesFormat(variant);
      fc.assert(
        fc.property(calls, (cs) => {
          const r = parseWith(handler, handler.formatToolCalls(cs), {
            tools: cs.map((c) => ({ name: c.name })),
          });
          expect(callsOf(r)).toEqual(cs.map((c) => ({ name: c.name, arguments: c.arguments })));
          expect(r.content).toBeNull();
        }),
        { numRuns: 60 },
      );
    });
  }
});

describe('LFM2 writes its end marker inside a string so that it reads back', () => {
  it('as `\\x3c|tool_call_end|>`, which the Python string decodes', () => {
    const lfm2 = createHermesFormat('lfm2');
    const doc = "ends with <|tool_call_end|> and a backslash \\<|tool_call_end|> and 'quotes'";
    const written = lfm2.formatToolCalls([{ id: 'c0', name: 'save', arguments: { doc } }]);
    expect(written.indexOf('<|tool_call_end|>')).toBe(written.length - '<|tool_call_end|>'.length);
    expect(callsOf(parseWith(lfm2, written))).toEqual([{ name: 'save', arguments: { doc } }]);
  });
});
