import { describe, expect, it } from 'vitest';
import { fenceTicks, proseLines, removeStrayMarkers, removeStrayTokens } from './prose-lines.js';

describe('prose lines', () => {
  it('marks fenced lines as code, fences included', () => {
    expect(proseLines('a\n```js\nx\n```\nb').map((l) => l.code)).toEqual([false, true, true, true, false]);
    expect(fenceTicks('   ````')).toBe(4);
    expect(fenceTicks('``')).toBe(0);
  });

  it('removes markers outside inline code only', () => {
    expect(removeStrayMarkers('done</tool_call> see `</tool_call>`', ['</tool_call>'])).toBe(
      'done see `</tool_call>`',
    );
  });
});

describe('removeStrayTokens', () => {
  it('removes tokens outside code, and lines that held nothing else', () => {
    const text = 'Done.<|end|>\n<|end|>\n`<|end|>` stays\n```\n<|end|>\n```';
    expect(removeStrayTokens(text, ['<|end|>'])).toBe('Done.\n`<|end|>` stays\n```\n<|end|>\n```');
  });
});
