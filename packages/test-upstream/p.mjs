import { createRouter, sequentialIds } from '@toolformat/core';
import { readFileSync } from 'node:fs';
import { allPlugins } from './dist/index.js';
const router = createRouter({ plugins: allPlugins });
const cases = readFileSync('../conformance/corpus/precision/seed.jsonl','utf8').trim().split('\n').map(JSON.parse);
for (const id of process.argv.slice(2)) {
  const c = cases.find(x => x.id === id);
  for (const model of ['kimi-k2-instruct','gpt-oss-20b','qwen2.5-7b-instruct','llama-3.1-8b-instruct','glm-4.5', undefined]) {
    const r = router.rescue(c.text, { model, generateId: sequentialIds() });
    const p = model ? router.parse(c.text, { model }) : null;
    console.log(id, model, 'rescue:', JSON.stringify(r.calls.map(x=>x.name)), r.content === c.text ? 'same' : 'CHANGED '+JSON.stringify(r.content).slice(0,80), '| parse:', p ? JSON.stringify(p.calls.map(x=>x.name)) + (p.content===c.text?' same':' CHANGED') : '');
  }
}
