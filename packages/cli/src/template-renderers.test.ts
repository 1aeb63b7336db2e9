/**
 * The renderers of the variants added for templates that no variant wrote before, against the real
 * chat templates: each template is rendered with `@huggingface/jinja` (through core's
 * `renderChatTemplate`, the engine `forTemplate` probes with) over a two-call weather conversation,
 * and the rendered text must hold the variant's calls, result and prompt exactly.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRouter } from '@toolformat/core';
import { renderChatTemplate } from '@toolformat/core/template';
import { WEATHER_CALLS, WEATHER_TOOL } from '@toolformat/core/testing';
import { describe, expect, it } from 'vitest';
import { builtinPlugins } from './builtin-formats.js';

const dir = fileURLToPath(new URL('./test-fixtures/templates/', import.meta.url));
const router = createRouter({ plugins: builtinPlugins });
const RESULT = { id: 'call_1', name: 'get_weather', content: '{"temperature": 22, "condition": "sunny"}' };

/** The conversation as an OpenAI client sends it: arguments as JSON text (or, as vLLM passes them to some templates, objects). */
function conversation(argumentsAs: 'text' | 'object') {
  return [
    { role: 'user', content: "What's the weather in Paris and London?" },
    {
      role: 'assistant',
      content: null,
      tool_calls: WEATHER_CALLS.map((c, i) => ({
        id: `call_${i + 1}`,
        type: 'function',
        function: {
          name: c.name,
          arguments:
            argumentsAs === 'text'
              ? // Python's json.dumps spelling, as the OpenAI SDK sends it.
                JSON.stringify(c.arguments).replaceAll('":"', '": "').replaceAll('","', '", "')
              : c.arguments,
        },
      })),
    },
    { role: 'tool', tool_call_id: 'call_1', name: 'get_weather', content: RESULT.content },
  ];
}

const render = (file: string, argumentsAs: 'text' | 'object', extra: Record<string, unknown> = {}) =>
  renderChatTemplate(readFileSync(join(dir, file), 'utf8'), {
    messages: conversation(argumentsAs),
    tools: [WEATHER_TOOL],
    add_generation_prompt: false,
    ...extra,
  });

describe('renderers against the real chat templates', () => {
  it('hermes:firefunction writes what firefunction_v2.jinja writes', () => {
    const handler = router.get('hermes', 'firefunction');
    const functions = JSON.stringify([WEATHER_TOOL.function]).replaceAll('":', '": ').replaceAll(',"', ', "');
    const text = render('firefunction_v2.jinja', 'text', { functions, datetime: '2024-07-26' });
    expect(text).toContain(
      `<|start_header_id|>assistant<|end_header_id|>\n\n${handler.formatToolCalls(WEATHER_CALLS)}<|eot_id|>`,
    );
    expect(text).toContain(
      `<|start_header_id|>tool<|end_header_id|>\n\n${handler.formatResult(RESULT)}<|eot_id|>`,
    );
    expect(text).toContain(`${handler.systemPrompt([WEATHER_TOOL])}\nToday is 2024-07-26.<|eot_id|>`);
    expect(handler.stopSequences()).toEqual(['<|eot_id|>']);
  });

  it('hermes:granite-20b-fc writes what vllm_granite_20b_fc.jinja writes', () => {
    const handler = router.get('hermes', 'granite-20b-fc');
    const text = render('vllm_granite_20b_fc.jinja', 'object');
    expect(text).toContain(`\nASSISTANT:\n${handler.formatToolCalls(WEATHER_CALLS)}\n<|endoftext|>`);
    expect(text).toContain(`<|endoftext|>\n${handler.formatResult(RESULT)}`);
    // The tool library line by line (the template leaves the description's closing quote out and
    // escapes the no-function example's quotes; the prompt writes them as JSON).
    const prompt = handler.systemPrompt([WEATHER_TOOL]);
    expect(text).toContain(prompt.split('\n')[0]);
    expect(prompt).toContain('<function_call> {"name": "no_function", "arguments": {}}');
  });

  it('hermes:phi4-mini-json writes what vllm_phi4_mini.jinja writes', () => {
    const handler = router.get('hermes', 'phi4-mini-json');
    const text = render('vllm_phi4_mini.jinja', 'text');
    expect(text).toContain(`<|assistant|>${handler.formatToolCalls(WEATHER_CALLS)}<|end|>`);
    expect(text).toContain(`<|tool|>${handler.formatResult(RESULT)}<|end|>`);
    // The template's `{%-` glues its rules to the system message and the tools to the rules; the
    // prompt keeps line breaks there and is otherwise the same text.
    const squeeze = (s: string) => s.replace(/\s+/g, '');
    expect(squeeze(text)).toContain(
      squeeze(`<|system|>You are a helpful assistant.${handler.systemPrompt([WEATHER_TOOL])}<|end|>`),
    );
  });

  it('each variant reads back the calls its renderer writes', () => {
    for (const variant of ['firefunction', 'granite-20b-fc', 'phi4-mini-json']) {
      const handler = router.get('hermes', variant);
      const r = handler.parse(handler.formatToolCalls(WEATHER_CALLS), { tools: [WEATHER_TOOL] });
      expect(
        r.calls.map((c) => ({ name: c.name, arguments: c.arguments })),
        variant,
      ).toEqual(WEATHER_CALLS.map((c) => ({ name: c.name, arguments: c.arguments })));
    }
  });
});
