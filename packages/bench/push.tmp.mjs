import { typicalResponse } from './dist/payloads.js';
import { allFormatsRouter } from './dist/router.js';
const router = allFormatsRouter();
const hermes = router.get('hermes');
const chars = [...typicalResponse()];
let sink = 0;
function run() { const p = hermes.createStreamParser({}); for (const ch of chars) sink += p.push(ch).length; sink += p.end().length; }
function floor() { for (const ch of chars) sink += [{ type: 'text', text: ch }].length; }
function time(f, n) { for (let i = 0; i < 2000; i++) f(); const ts = []; for (let r = 0; r < 15; r++) { const t = process.hrtime.bigint(); for (let i = 0; i < n; i++) f(); ts.push(Number(process.hrtime.bigint() - t) / n / 1e3); } ts.sort((a, b) => a - b); return ts[7]; }
const iters = +(process.argv[2] ?? 200);
const a = time(run, iters), b = time(floor, iters);
console.log('push1 µs', a.toFixed(1), 'floor', b.toFixed(1), 'ratio', (a / b).toFixed(2));
