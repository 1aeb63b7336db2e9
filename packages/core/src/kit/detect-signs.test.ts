import { describe, expect, it } from 'vitest';
import { bodyStarts, type DetectSign, detectSigns, markupSigns } from './detect-signs.js';
import type { BlockSpec } from './markup-spec.js';

const body = () => ({ calls: [] });

describe('detectSigns', () => {
  it('gives the score of the first sign that holds, in the declared order', () => {
    const detect = detectSigns([
      ['<call>', 0.95],
      ['<calls>', 0.9],
      ['<|end|>', 0.5],
    ]);
    expect(detect('a <calls> b <|end|>')).toBe(0.9);
    expect(detect('<|end|> then <call>')).toBe(0.95);
    expect(detect('just prose')).toBe(0);
  });

  it('keeps the declared order over a higher score further down', () => {
    const detect = detectSigns([
      ['<a>', 0.5],
      ['<b>', 0.9],
    ]);
    expect(detect('<a><b>')).toBe(0.5);
  });

  it('asks the fallback only when no sign holds', () => {
    const detect = detectSigns([['<call>', 0.9]], (text) => (text.startsWith('{') ? 0.3 : 0));
    expect(detect('{"name": "f"}')).toBe(0.3);
    expect(detect('{"name": "f"} <call>')).toBe(0.9);
    expect(detect('prose')).toBe(0);
  });

  it('counts a marker with a follow only where some occurrence is followed so', () => {
    const json = bodyStarts('{[');
    const detect = detectSigns([['<tool_call>', 0.9, json]]);
    expect(detect('Wrap calls in <tool_call> tags')).toBe(0);
    expect(detect('Wrap calls in <tool_call> tags.\n<tool_call>\n {"name": "f"}')).toBe(0.9);
    expect(detect('<tool_call>')).toBe(0);
  });

  it('takes a tight character directly after the marker, not after a blank', () => {
    const follow = bodyStarts('<', 'abc');
    const detect = detectSigns([['<tool_call>', 0.9, follow]]);
    expect(detect('<tool_call>abc')).toBe(0.9);
    expect(detect('<tool_call> abc')).toBe(0);
    expect(detect('<tool_call>\n<function=f>')).toBe(0.9);
  });

  it('scores nothing for what is not a string', () => {
    expect(detectSigns([['x', 1]])(undefined as unknown as string)).toBe(0);
  });
});

describe('markupSigns', () => {
  it('reads open markers and fences off blocks, surest first, equal scores in order', () => {
    const blocks: BlockSpec[] = [
      { open: '<a>', close: '</a>', body, confidence: 0.5 },
      { open: ['<b>', '<c>'], close: '</b>', body, bodyStart: '{' },
      { fence: 'tool_call', body, confidence: 0.95 },
    ];
    const signs: readonly DetectSign[] = markupSigns(blocks);
    expect(signs.map(([marker, score, follow]) => [marker, score, follow !== undefined])).toEqual([
      ['```tool_call', 0.95, true],
      ['<b>', 0.9, true],
      ['<c>', 0.9, true],
      ['<a>', 0.5, false],
    ]);
    const detect = detectSigns(signs);
    expect(detect('<b> prose')).toBe(0);
    expect(detect('<b>{"name": "f"}')).toBe(0.9);
    expect(detect('```tool_call\n{}')).toBe(0.95);
    expect(detect('```tool_calls')).toBe(0);
    expect(detect('<a>')).toBe(0.5);
  });
});
