import { describe, expect, it } from 'vitest';
import { cleanProse } from './clean-prose.js';

const noStars = (line: string) => line.split('**').join('');

describe('cleanProse', () => {
  it('cleans prose lines, drops a line the cleaning emptied or refused, leaves code alone', () => {
    const text = 'a **b**\n**\nDROP me\n```\n**code**\n```\nend';
    const out = cleanProse(text, (line) => (line.startsWith('DROP') ? null : noStars(line)));
    expect(out).toBe('a b\n```\n**code**\n```\nend');
  });

  it('closes the gaps removed lines leave to one blank line, but not inside code', () => {
    const text = 'a\n\nDROP\n\nb\n```\n\n\n\n```';
    const drop = (line: string) => (line === 'DROP' ? null : line);
    expect(cleanProse(text, drop)).toBe('a\n\n\nb\n```\n\n\n\n```');
    expect(cleanProse(text, drop, { collapseBlanks: true })).toBe('a\n\nb\n```\n\n\n\n```');
  });

  it('drops a last prose line the rule names, after trailing blanks', () => {
    const isLabel = (line: string) => line === 'Tool call:';
    expect(cleanProse('Done.\nTool call:\n\n', (l) => l, { dropLast: isLabel })).toBe('Done.');
    expect(cleanProse('Tool call:\nDone.', (l) => l, { dropLast: isLabel })).toBe('Tool call:\nDone.');
    expect(cleanProse('```\nTool call:', (l) => l, { dropLast: isLabel })).toBe('```\nTool call:');
  });

  it('drops lines that start with a key (after up to three spaces), not inside code', () => {
    const text =
      'Answer.\nAction Input: {}\n   Action Input: x\n    Action Input: indented code\n```\nAction Input: kept\n```';
    expect(cleanProse(text, (l) => l, { dropKeys: ['Action Input:'] })).toBe(
      'Answer.\n    Action Input: indented code\n```\nAction Input: kept\n```',
    );
  });
});
