import { createRouter, ToolFormatConfigError } from '@toolformat/core';
import { describe, expect, it } from 'vitest';
import defaultExport, { createSolarFormat, solarPlugin } from './index.js';

const router = createRouter({ plugins: [solarPlugin] });

describe('the plugin', () => {
  it('is the default export too', () => {
    expect(defaultExport).toBe(solarPlugin);
    expect(solarPlugin.id).toBe('solar');
  });

  it('answers to the family id and the alias', () => {
    expect(router.get('solar').id).toBe('solar');
    expect(router.get('solar-open').id).toBe('solar');
  });

  it('serves Solar Open model names', () => {
    for (const model of [
      'upstage/Solar-Open-100B',
      'solar-open-100b',
      'unsloth/Solar-Open-100B-GGUF',
      'solar_open',
    ]) {
      expect([model, router.forModel(model).id]).toEqual([model, 'solar']);
    }
  });

  it('does not claim the other Solar models', () => {
    const patterns = (solarPlugin.modelPatterns ?? []).map((p) => String(p.match));
    for (const p of patterns) expect(p.toLowerCase()).toMatch(/solar[-_]open/);
  });

  it('auto mode reads Solar output, ids included', () => {
    const text =
      '<|content|>Sure.<|end|><|begin|>assistant<|tool_calls|><|tool_call:begin|>42<|tool_call:name|>f<|tool_call:args|>{"a": 1}<|tool_call:end|>';
    const r = router.get('auto').parse(text);
    expect(r.calls).toMatchObject([{ id: '42', name: 'f', arguments: { a: 1 } }]);
    expect(r.content).toBe('Sure.');
  });

  it('detects the call token, the calls token, and the answer segment', () => {
    const solar = createSolarFormat();
    expect(solar.detect('<|tool_call:begin|>0<|tool_call:name|>f')).toBe(0.95);
    expect(solar.detect('<|tool_calls|>')).toBe(0.9);
    expect(solar.detect('<|begin|>assistant<|content|>Hi')).toBe(0.5);
    expect(solar.detect('<tool_call>{"name": "f"}</tool_call>')).toBe(0);
    expect(solar.detect('plain text')).toBe(0);
  });

  it('rejects an unknown variant, naming the one there is', () => {
    expect(() => createSolarFormat('pro')).toThrow(ToolFormatConfigError);
    expect(() => createSolarFormat('pro')).toThrow(/known variants: open/);
  });
});

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
