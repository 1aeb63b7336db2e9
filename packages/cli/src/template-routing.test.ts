import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRouter } from '@toolformat/core';
import { ggufHeader } from '@toolformat/core/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { builtinPlugins } from './builtin-formats.js';
import { run, scratchDir } from './test-support/fake-io.js';

const dir = fileURLToPath(new URL('./test-fixtures/templates/', import.meta.url));
const scratch = scratchDir('template');
afterAll(() => scratch.cleanup());

/**
 * One row per template file: the handler its rendered probe call picks, or null when the template
 * writes no tool-call markup (no guess). Every row's handler reads the rendered call back exactly
 * and its renderer writes the template's call markup.
 */
const TABLE: Record<string, string | null> = {
  'apertus.jinja': 'hermes:apertus',
  'cogito_gguf.jinja': 'hermes:qwen',
  'command_a_gguf.jinja': 'react:command-r7b',
  'command_r7b_gguf.jinja': 'react:command-r7b',
  'command_r7b_tool_use.jinja': 'react:command-r7b',
  'command_r_plus_tool_use.jinja': 'react:command-r',
  // The R1 GGUF templates write V3's calls and results byte for byte, and no tool prompt: deepseek
  // and deepseek:r1 render them identically (r1 differs only in its tool prompt), so the plain one.
  'deepseek_r1_0528_gguf.jinja': 'deepseek',
  'deepseek_r1_671b_r1-1776_gguf.jinja': 'deepseek',
  'deepseek_r1_distill_llama.jinja': 'deepseek',
  'deepseek_r1_llamacpp_fixed.jinja': 'deepseek:r1',
  'deepseek_v2.5_gguf.jinja': 'deepseek',
  'deepseek_v3.1.jinja': 'deepseek:v3.1',
  'deepseek_v3.2_llamacpp.jinja': 'deepseek:v3.2',
  'deepseek_v3_gguf.jinja': 'deepseek',
  'firefunction_v2.jinja': 'hermes:firefunction',
  'functionary_v3.1.jinja': 'llama:functionary-v3.1',
  'functionary_v3.2.jinja': 'llama:functionary',
  'gemma2.jinja': null,
  'gemma3_gguf.jinja': null,
  'gemma4.jinja': 'gemma:gemma4',
  'glm4_9b_gguf.jinja': null,
  'glm_4.6.jinja': 'xml:glm',
  'glm_4.7_flash.jinja': 'xml:glm-4.7',
  'gpt_oss.jinja': 'harmony',
  'granite_3.2_gguf.jinja': 'hermes:granite',
  'granite_3.3.jinja': 'hermes:granite',
  'granite_4.0.jinja': 'hermes:qwen',
  'granite_4.0_gguf.jinja': 'hermes:qwen',
  'hermes2pro_llama3_tool_use.jinja': 'hermes',
  'kimi_k2_0905_official.jinja': 'kimi',
  'kimi_k2_instruct.jinja': 'kimi',
  'kimi_k2_llamacpp_simplified.jinja': 'kimi',
  'kimi_k2_thinking.jinja': 'kimi',
  'lfm2.5_8b_a1b.jinja': 'hermes:lfm2',
  'lfm2.5_instruct.jinja': null,
  'lfm2_8b_a1b.jinja': null,
  'lfm2_llamacpp.jinja': null,
  'llama3.1.jinja': 'llama',
  'llama3.2.jinja': 'llama',
  'llama3.2_vision_gguf.jinja': 'llama',
  'llama4_gguf.jinja': 'llama',
  'minimax_m2.jinja': 'xml:minimax',
  'mistral_devstral_small_2507.jinja': 'mistral',
  'mistral_ministral3_reasoning_2512.jinja': 'mistral',
  'mistral_nemo_2407.jinja': 'mistral:v3',
  'mistral_small_24b_gguf.jinja': null,
  'mistral_small_3.2_2506.jinja': 'mistral:v11',
  'nemotron_mini_gguf.jinja': null,
  'nemotron_nano_v2.jinja': 'hermes:nemotron',
  'phi4_mini_gguf.jinja': null,
  'phi4_mini_llamacpp.jinja': 'hermes:phi4',
  'qwen2.5_instruct.jinja': 'hermes:qwen',
  'qwen3.5.jinja': 'xml:qwen3.5',
  'qwen3.jinja': 'hermes:qwen',
  'qwen3_coder.jinja': 'xml:qwen3-coder',
  'qwen3_coder_30b_a3b_minja.jinja': 'xml:qwen3-coder',
  'qwen3_coder_30b_gguf.jinja': 'xml:qwen3-coder',
  'qwen3_next_gguf.jinja': 'hermes:qwen',
  'qwq_32b.jinja': 'hermes:qwen',
  'seed_oss.jinja': 'xml:seed-oss',
  'smollm3.jinja': null,
  'vllm_deepseek_r1.jinja': 'deepseek:r1',
  'vllm_deepseek_v3.1.jinja': 'deepseek:v3.1',
  'vllm_deepseek_v3.jinja': 'deepseek',
  'vllm_functiongemma.jinja': 'gemma:functiongemma',
  'vllm_gemma3_pythonic.jinja': 'gemma:pythonic',
  'vllm_glm4.jinja': 'xml:glm',
  'vllm_granite.jinja': 'hermes:granite',
  'vllm_granite_20b_fc.jinja': 'hermes:granite-20b-fc',
  'vllm_hermes.jinja': 'hermes',
  'vllm_hunyuan_a13b.jinja': 'hermes:hunyuan',
  'vllm_internlm2.jinja': 'hermes:internlm',
  'vllm_llama3.1_json.jinja': 'llama',
  'vllm_llama3.2_json.jinja': 'llama',
  'vllm_llama3.2_pythonic.jinja': 'llama:pythonic',
  'vllm_llama4_json.jinja': 'llama',
  'vllm_llama4_pythonic.jinja': 'llama:llama4',
  'vllm_minimax_m1.jinja': 'hermes:minimax-m1',
  'vllm_mistral.jinja': 'mistral:v3',
  'vllm_mistral3.jinja': 'mistral:v3',
  'vllm_mistral_parallel.jinja': 'mistral:v3',
  // Past calls as bare JSON objects, the prompt asking for `functools[…]` (vLLM's phi4_mini_json).
  'vllm_phi4_mini.jinja': 'hermes:phi4-mini-json',
  'vllm_qwen3coder.jinja': 'xml:qwen3-coder',
  'vllm_toolace.jinja': 'llama:pythonic',
  'vllm_xlam_llama.jinja': 'hermes:json',
  'vllm_xlam_qwen.jinja': 'hermes:json',
};

describe('the format from a chat template', () => {
  it('picks the handler and variant of every template, and no format for one without tool markup', async () => {
    const router = createRouter({ plugins: builtinPlugins });
    const files = readdirSync(dir).filter((f) => f.endsWith('.jinja'));
    expect(files.sort()).toEqual(Object.keys(TABLE).sort());
    const got: Record<string, string | null> = {};
    for (const f of files)
      got[f] = (await router.forTemplate(readFileSync(join(dir, f), 'utf8'))).handler?.id ?? null;
    expect(got).toEqual(TABLE);
  }, 300_000);

  it('returns no format, not a guess, for text that is not a template with tool markup', async () => {
    const router = createRouter({ plugins: builtinPlugins });
    for (const source of ['', 'Hello {{ messages[0].content }}', '{% if %}', '{{ raise_exception("no") }}']) {
      const r = await router.forTemplate(source);
      expect(r.format).toBeNull();
      expect(r.reason).toMatch(/^No format: /);
    }
  });

  it('detect --template prints the format, variant and the probe parse that matched', async () => {
    const r = await run(['detect', '--template', join(dir, 'qwen3_coder.jinja')], '', {
      plugins: builtinPlugins,
    });
    expect(r.code).toBe(0);
    const out = r.json() as {
      format: string;
      variant: string;
      handler: string;
      method: string;
      reason: string;
    };
    expect(out).toMatchObject({
      format: 'xml',
      variant: 'qwen3-coder',
      handler: 'xml:qwen3-coder',
      method: 'render',
    });
    expect(out.reason).toContain('read the rendered probe call back exactly');
  });
});

describe('the format from a GGUF file', () => {
  it('detect --gguf reads tokenizer.chat_template from the header and routes by it', async () => {
    const file = join(scratch.dir, 'model.gguf');
    await writeFile(
      file,
      ggufHeader({
        'general.architecture': 'qwen2',
        'tokenizer.chat_template': readFileSync(join(dir, 'qwen2.5_instruct.jinja'), 'utf8'),
      }),
    );
    const r = await run(['detect', '--gguf', file], '', { plugins: builtinPlugins });
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ format: 'hermes', variant: 'qwen', handler: 'hermes:qwen' });
  });

  it('says so when the file has no chat template, and refuses what is not a GGUF file', async () => {
    const bare = join(scratch.dir, 'bare.gguf');
    await writeFile(bare, ggufHeader({ 'general.architecture': 'llama' }));
    const r = await run(['detect', '--gguf', bare], '', { plugins: builtinPlugins });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('has no tokenizer.chat_template');
    const junk = join(scratch.dir, 'junk.gguf');
    await writeFile(junk, 'not a model');
    const j = await run(['detect', '--gguf', junk], '', { plugins: builtinPlugins });
    expect(j.code).not.toBe(0);
    expect(j.stderr).toContain('cannot read its header');
  });
});

describe('models.yaml template: and gguf: (the format from the model file named in the config)', () => {
  it('parse --model routes by the template a rule names, before the name patterns', async () => {
    await writeFile(
      join(scratch.dir, 'coder.gguf'),
      ggufHeader({
        'general.architecture': 'qwen3moe',
        'tokenizer.chat_template': readFileSync(join(dir, 'qwen3_coder.jinja'), 'utf8'),
      }),
    );
    const config = join(scratch.dir, 'models-template.yaml');
    await writeFile(
      config,
      [
        'models:',
        // A fine-tune's name no pattern knows: its template says hermes:qwen.
        '  - match: "my-qwen-*"',
        `    template: ${join(dir, 'qwen2.5_instruct.jinja')}`,
        // qwen3-* alone would be hermes:qwen: the GGUF's template says Qwen3-Coder's XML.
        '  - match: "qwen3-local"',
        '    gguf: coder.gguf',
        '',
      ].join('\n'),
    );
    const xml =
      '<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>\n</tool_call>';
    const r = await run(['parse', '--config', config, '--model', 'qwen3-local'], xml, {
      plugins: builtinPlugins,
    });
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({
      format: 'xml:qwen3-coder',
      calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
    });
    const { loadDefaultRouter } = await import('./builtin-formats.js');
    const { router } = await loadDefaultRouter(config, builtinPlugins);
    expect(router.resolveModel('qwen3-local')).toMatchObject({
      source: 'config',
      template: { key: 'gguf', file: 'coder.gguf' },
    });
    expect(router.resolveModel('qwen3-local').handler.id).toBe('xml:qwen3-coder');
    expect(router.resolveModel('my-qwen-7b').handler.id).toBe('hermes:qwen');
    expect(router.resolveModel('qwen3-8b').source).toBe('pattern');
  }, 60_000);

  it('refuses a template with no tool markup at load, naming the line and what to do', async () => {
    const config = join(scratch.dir, 'models-plain.yaml');
    await writeFile(config, `models:\n  - match: "gemma-2-*"\n    template: ${join(dir, 'gemma2.jinja')}\n`);
    const r = await run(['parse', '--config', config, '--model', 'gemma-2-9b'], 'hi', {
      plugins: builtinPlugins,
    });
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(
      `${config}:3: models.0.template: the chat template in '${join(dir, 'gemma2.jinja')}' writes no tool-call markup a registered format reads`,
    );
    expect(r.stderr).toContain('give format: for this model instead');
  }, 60_000);
});
