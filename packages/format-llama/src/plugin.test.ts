import { describe, expect, it } from 'vitest';
import llamaDefault, { createLlamaFormat, llamaPlugin, VARIANT_IDS } from './index.js';

describe('plugin', () => {
  it('is the default export with the corpus aliases', () => {
    expect(llamaDefault).toBe(llamaPlugin);
    expect((llamaPlugin.aliases ?? []).map((a) => (typeof a === 'string' ? a : a.id))).toEqual(
      expect.arrayContaining(['pythonic', 'functionary', 'llama4']),
    );
  });
  it('builds every variant and rejects unknown ones', () => {
    for (const v of VARIANT_IDS) expect(createLlamaFormat(v).stopSequences().length).toBeGreaterThan(0);
    expect(() => createLlamaFormat('nope')).toThrow(/known variants/);
  });
  it('stops as the templates do', () => {
    expect(createLlamaFormat('llama').stopSequences()).toEqual(['<|eot_id|>', '<|eom_id|>']);
    expect(createLlamaFormat('llama4').stopSequences()).toEqual(['<|eot|>', '<|eom|>']);
  });
});
