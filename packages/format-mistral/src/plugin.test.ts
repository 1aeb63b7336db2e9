import { createRouter, ToolFormatConfigError } from '@toolformat/core';
import { describe, expect, it } from 'vitest';
import defaultExport, { createMistralFormat, mistralPlugin } from './index.js';

const router = createRouter({ plugins: [mistralPlugin] });

describe('the plugin', () => {
  it('is the default export too', () => {
    expect(defaultExport).toBe(mistralPlugin);
    expect(mistralPlugin.id).toBe('mistral');
  });

  it('answers to the family id and an alias per generation', () => {
    expect(router.get('mistral').id).toBe('mistral');
    expect(router.get('mistral-v3').id).toBe('mistral:v3');
    expect(router.get('mistral-v11').id).toBe('mistral:v11');
    expect(router.get('mistral-v13').id).toBe('mistral');
  });

  it('picks the generation from the model name', () => {
    const cases: Array<[string, string]> = [
      ['mistralai/Mistral-7B-Instruct-v0.3', 'mistral:v3'],
      ['mistralai/Mistral-Nemo-Instruct-2407', 'mistral:v3'],
      ['mistral-nemo:12b', 'mistral:v3'],
      ['mistralai/Mistral-Small-24B-Instruct-2501', 'mistral:v3'],
      ['mistralai/Mistral-Small-3.1-24B-Instruct-2503', 'mistral:v3'],
      ['mistralai/Mistral-Small-3.2-24B-Instruct-2506', 'mistral:v11'],
      ['mistralai/Magistral-Small-2506', 'mistral:v11'],
      ['mistralai/Magistral-Small-2509', 'mistral'],
      ['mistralai/Devstral-Small-2507', 'mistral'],
      ['mistralai/Devstral-Small-2505', 'mistral:v3'],
      ['mistralai/Ministral-8B-Instruct-2410', 'mistral:v3'],
      ['mistralai/Ministral-3-14B-Reasoning-2512', 'mistral'],
    ];
    for (const [model, id] of cases) expect([model, router.forModel(model).id]).toEqual([model, id]);
  });

  it('rejects an unknown variant, naming the known ones', () => {
    expect(() => createMistralFormat('v99')).toThrow(ToolFormatConfigError);
    expect(() => createMistralFormat('v99')).toThrow(/v3, v11, v13/);
  });
});
