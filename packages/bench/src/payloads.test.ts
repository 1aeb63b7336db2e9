import { describe, expect, it } from 'vitest';
import { ADVERSARIAL } from './payloads.js';
import { allFormatsRouter } from './router.js';

const router = allFormatsRouter();

describe('the adversarial set', () => {
  it('covers every format, every variant and auto', () => {
    const covered = new Set(ADVERSARIAL.map(({ format, variant }) => router.get(format, variant).id));
    const all = router
      .formats()
      .flatMap((info) => [undefined, ...info.variants].map((variant) => router.get(info.id, variant).id));
    expect(all.length).toBeGreaterThan(50);
    expect(all.filter((id) => !covered.has(id))).toEqual([]);
    expect(covered.has('auto')).toBe(true);
  });

  it('builds each input at the size asked for (give or take a closing marker)', () => {
    for (const { format, name, make } of ADVERSARIAL) {
      expect(Math.abs(make(4096).length - 4096), `${format}: ${name}`).toBeLessThanOrEqual(64);
    }
  });

  it('gives every variant an input that opens its own markup', () => {
    for (const { format, variant, make } of ADVERSARIAL.filter((row) => row.name.endsWith('repeated'))) {
      if (format === 'auto') continue;
      // Opening markup never parses to a call: every copy is cut inside its arguments.
      const result = router.get(format, variant).parse(make(4096), { maxCalls: 10_000 });
      expect(result.calls.filter((call) => call.name === 'f' && call.arguments.a === 'x')).toEqual([]);
    }
  });
});
