import { describe, expect, it } from 'vitest';
import { createSolarFormat } from './format.js';

const solar = createSolarFormat();

describe('sanitize', () => {
  it('removes calls, reasoning and segment tokens, keeps the answer', () => {
    const text =
      '<|think|>hmm<|end|><|begin|>assistant<|content|>Here you go.<|end|><|begin|>assistant<|tool_calls|><|tool_call:begin|>0<|tool_call:name|>f<|tool_call:args|>{}<|tool_call:end|><|calls|>';
    expect(solar.sanitize(text)).toBe('Here you go.');
  });

  it('removes stray tokens that opened nothing; a line of nothing else goes too', () => {
    expect(solar.sanitize('A<|tool_call:args|>B\n<|tool_call:end|>\n<|begin|>\nC<|tool_response:end|>')).toBe(
      'AB\nC',
    );
  });

  it('leaves code alone', () => {
    const text = 'Use:\n```\n<|tool_call:end|>\n```\nand `<|tool_call:name|>`.';
    expect(solar.sanitize(text)).toBe(text);
  });

  it('text without markup is unchanged', () => {
    expect(solar.sanitize('Plain answer.')).toBe('Plain answer.');
  });
});
