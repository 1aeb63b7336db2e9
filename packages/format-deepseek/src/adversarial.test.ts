/**
 * Inputs that make regex-based parsers hang. The budget (1 MiB in under 50 ms, linear growth) is
 * measured by `pnpm bench` (packages/bench/src/payloads.ts), not here: tests assert behaviour, never
 * time. Here every input must return, report no internal error, and lose nothing.
 */
import { describe, expect, it } from 'vitest';
import { createDeepseekFormat } from './plugin.js';

const MiB = 1 << 20;
/** `repeat` builds a rope; text from a socket is flat. */
const flat = (s: string) => Buffer.from(s, 'utf8').toString('utf8');
const fill = (unit: string, size = MiB) => flat(unit.repeat(Math.ceil(size / unit.length)));
const handlers = [createDeepseekFormat(), createDeepseekFormat('v3.2')];

describe('1 MiB of hostile input returns', () => {
  const inputs: Array<[string, string]> = [
    [
      '<｜tool▁calls▁begin｜> then <｜tool▁sep｜> repeated, no fence (17 s for a peer)',
      `<｜tool▁calls▁begin｜>${fill('<｜tool▁sep｜>')}`,
    ],
    ['(<｜tool▁calls▁begin｜><｜tool▁sep｜>) repeated', fill('<｜tool▁calls▁begin｜><｜tool▁sep｜>')],
    ['function<｜tool▁sep｜> repeated in a call', `<｜tool▁call▁begin｜>${fill('function<｜tool▁sep｜>')}`],
    [
      'unclosed <｜DSML｜invoke name=" in a block',
      `<｜DSML｜function_calls>${fill('<｜DSML｜invoke name="')}`,
    ],
    [
      'unclosed parameters',
      `<｜DSML｜function_calls><｜DSML｜invoke name="f">${fill('<｜DSML｜parameter name="a" string="true">x')}`,
    ],
    ['spaces in an open block', `<｜tool▁calls▁begin｜>${' '.repeat(MiB)}`],
    ['<｜ repeated', fill('<｜')],
  ];
  for (const [label, text] of inputs) {
    it(label, () => {
      for (const h of handlers) {
        const r = h.parse(text);
        expect(r.issues.some((i) => i.kind === 'internal-error')).toBe(false);
      }
    });
  }
  it('keeps the 17-second input as text (no call token, nothing lost)', () => {
    const text = `<｜tool▁calls▁begin｜>${fill('<｜tool▁sep｜>', 4096)}`;
    expect(createDeepseekFormat().parse(text).content).toBe(text);
  });
});
