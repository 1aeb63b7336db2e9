import { describe, expect, it } from 'vitest';
import { recordings } from './recordings.js';
import { splitTokens } from './tokens.js';

describe('splitTokens', () => {
  it('adds up to the text for every recording', () => {
    for (const r of Object.values(recordings)) expect(splitTokens(r.content).join('')).toBe(r.content);
  });

  it('keeps special tokens whole and splits markers the way servers do', () => {
    expect(splitTokens('<|call|><tool_call>')).toEqual(['<|call|>', '<', 'tool_c', 'all', '>']);
    expect(splitTokens(' get_weather(')).toEqual([' get_we', 'ather', '(']);
  });
});
