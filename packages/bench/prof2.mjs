import { defineFormat } from '@toolformat/core';
import { prose, typicalResponse } from './dist/payloads.js';

const h = defineFormat({
  markup: {
    id: 'x',
    blocks: [
      {
        open: '<tool_call>',
        close: '</tool_call>',
        guard: 'json',
        body: (b) => ({ calls: [{ name: 'f', arguments: JSON.parse(b) }] }),
      },
    ],
  },
  systemPrompt: () => '',
  stopSequences: [],
  formatToolCalls: () => '',
  formatResult: () => '',
});
const pl = prose(2048);
for (let k = 0; k < 3; k++) {
  const s = performance.now();
  for (let i = 0; i < 50000; i++) h.parse(pl);
  console.log('plain parse ns', ((performance.now() - s) / 50000) * 1e6);
}
const t = typicalResponse();
const chars = [...t];
for (let k = 0; k < 3; k++) {
  const s = performance.now();
  for (let i = 0; i < 200; i++) {
    const p = h.createStreamParser();
    for (const c of chars) p.push(c);
    p.end();
  }
  console.log('stream per push ns', ((performance.now() - s) / 200 / chars.length) * 1e6);
}
