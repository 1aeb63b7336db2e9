import { createRouter, ToolFormatConfigError } from '@toolformat/core';
import { describe, expect, it } from 'vitest';
import defaultExport, { createKimiFormat, kimiPlugin } from './index.js';

const router = createRouter({ plugins: [kimiPlugin] });

describe('the plugin', () => {
  it('is the default export too', () => {
    expect(defaultExport).toBe(kimiPlugin);
    expect(kimiPlugin.id).toBe('kimi');
  });

  it('answers to the family id and an alias per model', () => {
    expect(router.get('kimi').id).toBe('kimi');
    expect(router.get('kimi-k2').id).toBe('kimi');
    expect(router.get('kimi-k2-0905').id).toBe('kimi:0905');
    expect(router.get('kimi-k2-thinking').id).toBe('kimi:thinking');
  });

  it('picks the variant from the model name', () => {
    const cases: Array<[string, string]> = [
      ['moonshotai/Kimi-K2-Instruct', 'kimi'],
      ['moonshotai/Kimi-K2-Base', 'kimi'],
      ['kimi-k2:1t-cloud', 'kimi'],
      ['kimi-k2-turbo-preview', 'kimi'],
      ['moonshotai/Kimi-K2-Instruct-0905', 'kimi:0905'],
      ['moonshotai/kimi-k2-0905', 'kimi:0905'],
      ['moonshotai/Kimi-K2-Thinking', 'kimi:thinking'],
      ['unsloth/Kimi-K2-Thinking-GGUF', 'kimi:thinking'],
      ['kimi-k2-thinking:cloud', 'kimi:thinking'],
    ];
    for (const [model, id] of cases) expect([model, router.forModel(model).id]).toEqual([model, id]);
  });

  it('auto mode reads Kimi output', () => {
    const text =
      'Sure.<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"a": 1}<|tool_call_end|><|tool_calls_section_end|>';
    const r = router.get('auto').parse(text);
    expect(r.calls).toMatchObject([{ id: 'functions.f:0', name: 'f', arguments: { a: 1 } }]);
    expect(r.content).toBe('Sure.');
    expect(router.get('auto').detect(text)).toBe(0.95);
  });

  it('detects the call token and the section token, nothing else', () => {
    const kimi = createKimiFormat();
    expect(kimi.detect('<|tool_call_begin|>functions.f:0')).toBe(0.95);
    expect(kimi.detect('<|tool_calls_section_begin|>')).toBe(0.9);
    expect(kimi.detect('<|tool_call_section_begin|>')).toBe(0.9);
    expect(kimi.detect('<tool_call>{"name": "f"}</tool_call>')).toBe(0);
  });

  it('rejects an unknown variant, naming the known ones', () => {
    expect(() => createKimiFormat('k9')).toThrow(ToolFormatConfigError);
    expect(() => createKimiFormat('k9')).toThrow(/instruct, 0905, thinking, k3/);
  });
});

const kimi = createKimiFormat();

describe('sanitize', () => {
  it('removes calls, sections, reasoning and the end of turn', () => {
    const text =
      '<think>plan</think>Checking.<|tool_calls_section_begin|><|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"a": 1}<|tool_call_end|><|tool_calls_section_end|><|im_end|>';
    expect(kimi.sanitize(text)).toBe('Checking.');
  });

  it('removes stray tokens that opened nothing, and lines that held nothing else', () => {
    const text =
      'invalid_tool:0<|tool_call_argument_begin|>{"city": "Paris"}<|tool_call_end|><|tool_calls_section_end|>\n<|im_system|>\nok';
    expect(kimi.sanitize(text)).toBe('invalid_tool:0{"city": "Paris"}\nok');
  });

  it('removes a cut-off call', () => {
    expect(kimi.sanitize('Hi<|tool_call_begin|>functions.f:0<|tool_call_argument_begin|>{"a": ')).toBe('Hi');
  });

  it('leaves code alone', () => {
    const text = 'Use `<|tool_call_end|>` like this:\n```\n<|tool_call_argument_begin|>\n```';
    expect(kimi.sanitize(text)).toBe(text);
  });
});
