import { describe, expect, it } from 'vitest';
import { median, wallTimes } from './measure.js';

describe('wallTimes', () => {
  it('times the calls in turn, so a slow spell of the machine falls on all of them', () => {
    const order: string[] = [];
    const times = wallTimes([() => order.push('a'), () => order.push('b')], 3);
    expect(order).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
    expect(times).toHaveLength(2);
    for (const t of times) expect(t).toBeGreaterThanOrEqual(0);
  });

  it('gives the median of the runs of each call', () => {
    // The second call is slow once in five runs: its median is a fast run.
    let run = 0;
    const spin = (ms: number) => {
      const end = performance.now() + ms;
      while (performance.now() < end) {}
    };
    const [, slowOnce = 0] = wallTimes([() => {}, () => spin(run++ === 2 ? 40 : 0)], 5);
    expect(slowOnce).toBeLessThan(20);
  });
});

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});
