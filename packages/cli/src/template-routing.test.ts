import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRouter } from '@toolformat/core';
import { afterAll, describe, expect, it } from 'vitest';
import { builtinPlugins } from './builtin-formats.js';
import { run, scratchDir } from './test-support/fake-io.js';

const dir = fileURLToPath(new URL('./test-fixtures/templates/', import.meta.url));
const scratch = scratchDir('template');
afterAll(() => scratch.cleanup());

/** template file → the handler its rendered probe call picks (null: the template writes no tool markup). */
const TABLE: Record<string, string | null> = {
  'apertus.jinja': 'hermes:apertus',
  'command_r7b_tool_use.jinja': 'react:command-r7b',
  'command_r_plus_tool_use.jinja': 'react:command-r',
  'deepseek_v3.1.jinja': 'deepseek:v3.1',
  'deepseek_v3.2_llamacpp.jinja': 'deepseek:v3.2',
  'deepseek_v3_gguf.jinja': 'deepseek',
  'functionary_v3.1.jinja': 'llama:functionary-v3.1',
  'functionary_v3.2.jinja': 'llama:functionary',
  'gemma2.jinja': null,
  'gemma3_gguf.jinja': null,
  'glm_4.6.jinja': 'xml:glm',
  'glm_4.7_flash.jinja': 'xml:glm-4.7',
  'gpt_oss.jinja': 'harmony',
  'hermes2pro_llama3_tool_use.jinja': 'hermes',
  'kimi_k2_llamacpp_simplified.jinja': 'kimi',
  'lfm2.5_8b_a1b.jinja': 'hermes:lfm2',
  'minimax_m2.jinja': 'xml:minimax',
  'mistral_devstral_small_2507.jinja': 'mistral',
  'mistral_nemo_2407.jinja': 'mistral:v3',
  'mistral_small_24b_gguf.jinja': null,
  'mistral_small_3.2_2506.jinja': 'mistral:v11',
  'qwen2.5_instruct.jinja': 'hermes:qwen',
  'qwen3.5.jinja': 'xml:qwen3.5',
  'qwen3.jinja': 'hermes:qwen',
  'qwen3_coder.jinja': 'xml:qwen3-coder',
  'seed_oss.jinja': 'xml:seed-oss',
  'vllm_deepseek_r1.jinja': 'deepseek:r1',
  'vllm_functiongemma.jinja': 'gemma:functiongemma',
  'vllm_glm4.jinja': 'xml:glm',
  'vllm_granite.jinja': 'hermes:granite',
  'vllm_internlm2.jinja': 'hermes:internlm',
  'vllm_minimax_m1.jinja': 'hermes:minimax-m1',
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
  }, 60_000);

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

/** A GGUF v3 header with no tensors and these string key/values (little-endian). */
function ggufHeader(kv: Record<string, string>): Buffer {
  const parts: Buffer[] = [Buffer.from('GGUF', 'latin1')];
  const u32 = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    return b;
  };
  const u64 = (n: number) => {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(n));
    return b;
  };
  const str = (s: string) => {
    const bytes = Buffer.from(s, 'utf8');
    return Buffer.concat([u64(bytes.length), bytes]);
  };
  parts.push(u32(3), u64(0), u64(Object.keys(kv).length));
  for (const [k, v] of Object.entries(kv)) parts.push(str(k), u32(8 /* STRING */), str(v));
  return Buffer.concat(parts);
}

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
