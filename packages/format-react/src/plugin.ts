/**
 * The plugin the router registers: the family id `react`, an alias per variant (`keyvalue` and
 * `command-r` are family ids of the peer conformance corpus), and the model names
 * whose native form is one of them. ReAct itself is a prompt any model can follow, so no model
 * name selects it: a models.yaml rule (`format: react`) does.
 */
import { definePlugin, type FormatAlias, type ModelPattern } from '@toolformat/core';
import { createReactFormat } from './format.js';

const aliases: FormatAlias[] = [
  { id: 'keyvalue', variant: 'keyvalue' },
  { id: 'qwen-agent', variant: 'qwen-agent' },
  { id: 'command-r', variant: 'command-r' },
  { id: 'command-r7b', variant: 'command-r7b' },
  { id: 'command-a', variant: 'command-r7b' },
  // vLLM's Cohere parsers: `cohere_command4` (Command A Vision / MoE) writes Command A's action
  // block; only its answer wrapper differs (`<|START_TEXT|>`, stripped like `<|START_RESPONSE|>`).
  { id: 'cohere_command3', variant: 'command-r7b' },
  { id: 'cohere_command4', variant: 'command-r7b' },
  { id: 'cohere-command4', variant: 'command-r7b' },
];

const modelPatterns: ModelPattern[] = [
  // The more specific R7B / Command A patterns win over `command-r*`.
  { match: 'c4ai-command-r7b*', variant: 'command-r7b' },
  { match: 'command-r7b*', variant: 'command-r7b' },
  { match: 'c4ai-command-a*', variant: 'command-r7b' },
  { match: 'command-a-*', variant: 'command-r7b' },
  { match: 'command-a:*', variant: 'command-r7b' },
  { match: 'c4ai-command-r*', variant: 'command-r' },
  { match: 'command-r*', variant: 'command-r' },
];

export const reactPlugin = definePlugin({
  id: 'react',
  aliases,
  modelPatterns,
  create: (options) => createReactFormat(typeof options?.variant === 'string' ? options.variant : 'react'),
});
