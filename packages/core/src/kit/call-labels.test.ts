import { describe, expect, it } from 'vitest';
import { callLabels } from './call-labels.js';

const labels = callLabels(['tool call', 'function call']);

describe('callLabels', () => {
  it('takes a line that is only a label, with markdown decoration and any case', () => {
    expect(labels.isLabel('**TOOL CALL:**')).toBe(true);
    expect(labels.isLabel('### Function call')).toBe(true);
    expect(labels.isLabel('A tool call')).toBe(false);
    expect(labels.isLabel('')).toBe(false);
  });

  it('removes a label ending the text: a line of its own, or the end of a line', () => {
    expect(labels.stripTrailing('Done.\n**TOOL CALL:**\n')).toBe('Done.\n');
    expect(labels.stripTrailing("I'll create it now. **TOOL CALL:**")).toBe("I'll create it now.");
    expect(labels.stripTrailing('We talked about the tool call')).toBe('We talked about the tool call');
    expect(labels.stripTrailing('see the_tool call:')).toBe('see the_tool call:');
  });
});
