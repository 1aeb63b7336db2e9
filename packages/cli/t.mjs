import { createRouter } from '@toolformat/core';

const names = ['hermes', 'xml', 'react', 'llama', 'deepseek', 'mistral', 'gemma', 'kimi', 'solar', 'harmony'];
const plugins = [];
for (const n of names) {
  const m = await import(`@toolformat/format-${n}`);
  plugins.push(m.default);
}
const router = createRouter({ plugins });
const text = process.argv[2];
const h = router.get(process.argv[3] ?? 'hermes');
const p = h.createStreamParser({ generateId: () => 'id' });
for (let i = 0; i < text.length; i++) {
  for (const e of p.push(text[i])) console.log(i + 1, JSON.stringify(e));
}
for (const e of p.end()) console.log('end', JSON.stringify(e));
