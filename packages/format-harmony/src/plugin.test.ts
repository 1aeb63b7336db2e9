import { createRouter } from '@toolformat/core';
import { findStreamingMismatch } from '@toolformat/core/testing';
import { describe, expect, it } from 'vitest';
import defaultExport, { createHarmonyFormat, harmonyPlugin } from './index.js';
import { callsOf, parseWith } from './test-support/harness.js';

const router = createRouter({ plugins: [harmonyPlugin] });

const CALL =
  '<|channel|>analysis<|message|>Need the file.<|end|><|start|>assistant<|channel|>commentary to=functions.read_file <|constrain|>json<|message|>{"path": "a.txt"}<|call|>';

describe('the plugin', () => {
  it('is the default export too', () => {
    expect(defaultExport).toBe(harmonyPlugin);
    expect(harmonyPlugin.id).toBe('harmony');
  });

  it("answers to the family id and to the models' name", () => {
    expect(router.get('harmony').id).toBe('harmony');
    expect(router.get('gpt-oss').id).toBe('harmony');
  });

  it('serves the names gpt-oss goes by', () => {
    for (const model of [
      'openai/gpt-oss-20b',
      'openai/gpt-oss-120b',
      'gpt-oss:20b',
      'gpt-oss-120b',
      'unsloth/gpt-oss-20b-GGUF',
      'ggml-org/gpt-oss-120b-GGUF',
      'openai/gpt-oss-120b:free',
      'OpenAI/GPT-OSS-20B',
    ])
      expect([model, router.forModel(model).id]).toEqual([model, 'harmony']);
    expect(router.forModel('gpt-4o').id).toBe('auto');
  });

  it("a model resolves with the format's stops", () => {
    expect(router.resolveModel('openai/gpt-oss-20b').stop).toEqual(['<|call|>', '<|return|>']);
  });
});

describe('auto mode and rescue', () => {
  const auto = router.get('auto');

  it('auto mode reads the same calls, reasoning and content', () => {
    const r = parseWith(auto, CALL);
    expect(callsOf(r)).toEqual([{ name: 'read_file', arguments: { path: 'a.txt' } }]);
    expect(r.reasoning).toBe('Need the file.');
    expect(parseWith(auto, `${CALL}<|start|>assistant<|channel|>final<|message|>Done.`).content).toBe(
      'Done.',
    );
    expect(
      callsOf(parseWith(auto, ' to=functions.read_file<|channel|>commentary json<|message|>{}')),
    ).toEqual([{ name: 'read_file', arguments: {} }]);
  });

  it('auto mode streams as it parses', () => {
    expect(findStreamingMismatch(auto, CALL)).toBeNull();
  });

  it('rescue finds the calls of leaked harmony text', () => {
    const r = router.rescue(CALL, { model: 'some-unknown-model' });
    expect(callsOf(r)).toEqual([{ name: 'read_file', arguments: { path: 'a.txt' } }]);
    expect(r.format).toBe('harmony');
  });

  it('the auto handler detects it', () => {
    expect(auto.detect(CALL)).toBeGreaterThan(0.9);
    expect(createHarmonyFormat().detect('no markup here')).toBe(0);
  });
});
