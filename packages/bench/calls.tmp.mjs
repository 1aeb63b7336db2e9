import { callHeavy } from './dist/payloads.js';
import { allFormatsRouter } from './dist/router.js';

const router = allFormatsRouter();
const h = router.get('hermes');
const { text, payloads } = callHeavy(1 << 20, 1000);
const iters = +(process.argv[2] ?? 200);
function time(f) {
  for (let i = 0; i < 20; i++) f();
  const ts = [];
  for (let i = 0; i < iters; i++) {
    const t = process.hrtime.bigint();
    f();
    ts.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  ts.sort((a, b) => a - b);
  return ts[ts.length >> 1];
}
const a = time(() => h.parse(text, {}));
const b = time(() => {
  for (const p of payloads) JSON.parse(p);
});
console.log('parse', a.toFixed(3), 'JSON.parse', b.toFixed(3), 'ratio', (a / b).toFixed(2));
