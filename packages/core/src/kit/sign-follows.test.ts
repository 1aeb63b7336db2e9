import { describe, expect, it } from 'vitest';
import { detectSigns } from './detect-signs.js';
import { atLineStart, lineKeyLater, startsAfterBlanks } from './sign-follows.js';

describe('sign follows', () => {
  const detect = detectSigns([
    ['Action:', 0.8, atLineStart('Action:', lineKeyLater('Action Input:'))],
    ['Action:', 0.7, atLineStart('Action:', startsAfterBlanks(['```json', '[']))],
  ]);

  it('counts a marker only at the start of a line or of the text', () => {
    expect(detect('Action: f\nAction Input: {}')).toBe(0.8);
    expect(detect('x\nAction: f\nAction Input: {}')).toBe(0.8);
    expect(detect('Reaction: f\nAction Input: {}')).toBe(0);
  });

  it('lineKeyLater wants the key on a later line', () => {
    expect(detect('Action Input: {}\nAction: f')).toBe(0);
    expect(detect('Action: f Action Input: {}')).toBe(0);
  });

  it('startsAfterBlanks reads past JSON blanks', () => {
    expect(detect('Action: \n ```json\n[]')).toBe(0.7);
    expect(detect('Action: [{"tool_name": "f"}]')).toBe(0.7);
    expect(detect('Action: search')).toBe(0);
  });

  it('stays fast on many occurrences', () => {
    const text = '\nAction:'.repeat(200_000);
    const t = Date.now();
    expect(detect(text)).toBe(0);
    expect(Date.now() - t).toBeLessThan(2000);
  });
});
