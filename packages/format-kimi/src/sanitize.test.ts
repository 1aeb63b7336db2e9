import { describe, expect, it } from 'vitest';
import { createKimiFormat } from './format.js';

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
