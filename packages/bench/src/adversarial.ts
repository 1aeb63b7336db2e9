/**
 * `node dist/adversarial.js [filter]`: every adversarial input at 1 MiB and 2 MiB, one line each
 * (wall-time medians of runs taken in turn; growth is time at 2 MiB over time at 1 MiB).
 */
import { wallTimes } from './measure.js';
import { ADVERSARIAL } from './payloads.js';
import { allFormatsRouter } from './router.js';

const router = allFormatsRouter();
const filter = process.argv[2];
const MiB = 1024 * 1024;
const opts = { generateId: () => 'id' };
for (const { format, variant, name, make } of ADVERSARIAL) {
  if (filter && !`${format}: ${name}`.includes(filter)) continue;
  const handler = router.get(format, variant);
  const one = make(MiB);
  const two = make(2 * MiB);
  handler.parse(one, opts);
  handler.parse(two, opts);
  const [t1 = 0, t2 = 0] = wallTimes([() => handler.parse(one, opts), () => handler.parse(two, opts)]);
  console.log(`${t1.toFixed(1).padStart(8)} ms  ×${(t2 / t1).toFixed(2)}  ${format}: ${name}`);
}
