/** Seed 001: no markup reaches the user, real code examples do. */
import { describe, expect, it } from 'vitest';
import { createHermesFormat, sanitizeContent } from './format.js';
import { SEED_001_EXAMPLE } from './test-support/seeds.js';

const hermes = createHermesFormat();

describe('sanitize', () => {
  it('removes the example call of a malformed-call proposal together with its label', () => {
    expect(hermes.sanitize(SEED_001_EXAMPLE)).toBe('');
    expect(hermes.sanitize(`I'll create your boat profile now.\n\n${SEED_001_EXAMPLE}\n\nDone!`)).toBe(
      "I'll create your boat profile now.\n\nDone!",
    );
  });

  it('removes every block of the family, parsed or not, and a label before it on the same line', () => {
    const text =
      'Checking. TOOL CALL: <tool_call>{"name": "a", "arguments": {}}</tool_call>\n' +
      '<tools>{"name": broken</tools>\n<|tool_call_start|>[f(x=1)]<|tool_call_end|>\nBye.<|im_end|>';
    expect(hermes.sanitize(text)).toBe('Checking. Bye.');
  });

  it('removes stray tags and bare JSON call lines', () => {
    expect(hermes.sanitize('Done.</tool_call>')).toBe('Done.');
    expect(hermes.sanitize('Here:\n{"name": "search", "arguments": {"q": "x"}}\nok')).toBe('Here:\nok');
  });

  it('leaves code examples alone: fences, inline code, a labelled fence of real code', () => {
    const text =
      'Call it like this:\n```json\n{"name": "search", "arguments": {"q": "x"}}\n```\n' +
      'or write `<tool_call>` yourself.\n\n**Tool call:**\n```python\nrun()\n```';
    expect(hermes.sanitize(text)).toBe(text);
    const xml = 'Format:\n```xml\n<tool_call>{"name": "a"}</tool_call>\n```';
    expect(hermes.sanitize(xml)).toBe(xml);
  });

  it('leaves prose about tool calls alone', () => {
    const text = 'A tool call: the model asks for a function.\nThis is my tool call';
    expect(hermes.sanitize(text)).toBe(text);
  });

  it('is what parse leaves when there is nothing of the family', () => {
    const text = 'Plain answer.\n\n\n\nWith paragraphs.';
    expect(sanitizeContent(text)).toBe('Plain answer.\n\nWith paragraphs.');
  });
});
