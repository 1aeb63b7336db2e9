import { describe, expect, it } from 'vitest';
import llamaDefault, { createLlamaFormat, llamaPlugin } from './index.js';
import { VARIANTS } from './variants.js';

describe('plugin', () => {
  it('is the default export with the corpus aliases', () => {
    expect(llamaDefault).toBe(llamaPlugin);
    expect((llamaPlugin.aliases ?? []).map((a) => (typeof a === 'string' ? a : a.id))).toEqual(
      expect.arrayContaining(['pythonic', 'functionary', 'llama4']),
    );
  });
  it('builds every variant and rejects unknown ones', () => {
    for (const v of VARIANTS.ids) expect(createLlamaFormat(v).stopSequences().length).toBeGreaterThan(0);
    expect(() => createLlamaFormat('nope')).toThrow(/known variants/);
  });
  it('stops as the templates do', () => {
    expect(createLlamaFormat('llama').stopSequences()).toEqual(['<|eot_id|>', '<|eom_id|>']);
    expect(createLlamaFormat('llama4').stopSequences()).toEqual(['<|eot|>', '<|eom|>']);
  });
});
