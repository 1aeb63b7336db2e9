/** @toolformat/format-hermes — placeholder until the format lands (issue 3). */
import { defineFormat, definePlugin } from '@toolformat/core';

export function createHermesFormat() {
  return defineFormat({
    markup: { id: 'hermes', blocks: [] },
    systemPrompt: () => '',
    stopSequences: ['<|im_end|>'],
    formatToolCalls: () => '',
    formatResult: () => '',
  });
}

export const hermesPlugin = definePlugin({ id: 'hermes', create: () => createHermesFormat() });
export default hermesPlugin;
