import { definePlugin } from '@toolformat/core';
import { defineFormat } from '@toolformat/core/kit';
import { afterAll, describe, expect, it } from 'vitest';
import { run, scratchDir } from './test-support/fake-io.js';
import { toyCall, toyPlugin } from './test-support/toy-format.js';

const scratch = scratchDir('inspect');
afterAll(() => scratch.cleanup());

/** A second format, so detect has something to rank. */
const pipePlugin = definePlugin({
  id: 'pipe',
  modelPatterns: [{ match: 'pipe-*', variant: 'v2' }],
  create: () =>
    defineFormat({
      markup: {
        id: 'pipe',
        blocks: [{ open: '|call|', close: '|end|', body: () => ({ calls: [] }), confidence: 0.5 }],
      },
      systemPrompt: () => 'pipe',
      stopSequences: [],
      formatToolCalls: () => '',
      formatResult: () => '',
    }),
});
const plugins = { plugins: [toyPlugin, pipePlugin] };

describe('toolformat formats', () => {
  it('lists ids, aliases, variants and model patterns as JSON', async () => {
    const r = await run(['formats'], '', plugins);
    expect(r.code).toBe(0);
    expect(r.json()).toEqual([
      { id: 'toy', aliases: ['toy-alias'], variants: [], modelPatterns: ['toy-*'] },
      { id: 'pipe', aliases: [], variants: ['v2'], modelPatterns: ['pipe-*'] },
    ]);
  });

  it('prints a table with --text', async () => {
    const r = await run(['formats', '--text'], '', plugins);
    expect(r.stdout.split('\n')).toEqual([
      'ID    ALIASES    VARIANTS  MODEL PATTERNS',
      'toy   toy-alias  -         toy-*',
      'pipe  -          v2        pipe-*',
      '',
    ]);
  });
});

describe('toolformat detect', () => {
  it('ranks the formats, surest first', async () => {
    const r = await run(['detect'], `text ${toyCall('f', {})} and |call|`, plugins);
    expect(r.code).toBe(0);
    expect(r.json()).toEqual({
      format: 'toy',
      scores: [
        { id: 'toy', score: 0.9 },
        { id: 'pipe', score: 0.5 },
      ],
    });
  });

  it('says null when no format is present, and reads FILE', async () => {
    const file = scratch.file('plain.txt', 'Nothing to see.');
    const r = await run(['detect', file], '', plugins);
    expect(r.json()).toEqual({
      format: null,
      scores: [
        { id: 'pipe', score: 0 },
        { id: 'toy', score: 0 },
      ],
    });
  });
});

describe('toolformat prompt', () => {
  const tools = scratch.file(
    'tools.json',
    JSON.stringify([{ name: 'get_weather' }, { type: 'function', function: { name: 'get_time' } }]),
  );

  it('prints the system prompt and stop sequences as JSON', async () => {
    const r = await run(['prompt', '--format', 'toy-alias', '--tools', tools]);
    expect(r.code).toBe(0);
    expect(r.json()).toEqual({
      format: 'toy',
      systemPrompt: 'Call a tool as <call>{"name": …, "arguments": …}</call>. Tools: get_weather, get_time',
      stop: ['</call>'],
    });
  });

  it('prints the prompt and then the stops with --text', async () => {
    const r = await run(['prompt', '--format', 'toy', '--tools', tools, '--text']);
    expect(r.stdout).toBe(
      'Call a tool as <call>{"name": …, "arguments": …}</call>. Tools: get_weather, get_time\n\nStop sequences:\n  "</call>"\n',
    );
  });

  it("adds a models.yaml rule's stop sequences for --model", async () => {
    const config = scratch.file(
      'models.yaml',
      'models:\n  - match: "my-*"\n    format: toy\n    stop: ["<|eot|>"]\n',
    );
    const r = await run(['prompt', '--model', 'my-model', '--config', config, '--tools', tools]);
    expect(r.json()).toMatchObject({ format: 'toy', stop: ['</call>', '<|eot|>'] });
  });
});

describe('wrapList', () => {
  it('wraps a long list at the width, keeping the commas', async () => {
    const { wrapList } = await import('./formats-command.js');
    expect(wrapList(['alpha', 'beta', 'gamma', 'delta'], 12)).toBe('alpha, beta,\ngamma, delta');
    expect(wrapList([])).toBe('-');
  });
});
