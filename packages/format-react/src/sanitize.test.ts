/**
 * sanitize: what the user may see of an output. Scaffolding — Thought, Action, Action Input,
 * Observation, the ✿ and ✦ markers, Command R's tokens, leaked `<tool_call>` blocks — never; code
 * examples, untouched. Includes the regression a ReAct agent reported (`Done. Next I'm going to delete…
 * <tool_call>…`), which must never reach the user raw.
 */
import { describe, expect, it } from 'vitest';
import { createReactFormat } from './format.js';
import { VARIANTS } from './variants.js';

const react = createReactFormat();

describe('sanitize', () => {
  it('leaves only the final answer of a ReAct transcript', () => {
    expect(
      react.sanitize(
        'Thought: I need the weather.\nAction: get_weather\nAction Input: {"location": "Paris"}\nObservation: 22\nThought: I now know the final answer\nFinal Answer: It is 22 °C.',
      ),
    ).toBe('');
    expect(react.sanitize('Thought: I now know the final answer\nFinal Answer: It is 22 °C.')).toBe(
      'It is 22 °C.',
    );
  });

  it('removes stray scaffolding the parse keeps as text', () => {
    expect(react.sanitize('Here it is.\nAction Input: {"q": 1}\nBye.')).toBe('Here it is.\nBye.');
    expect(react.sanitize('Answer ✿ARGS✿ here.')).toBe('Answer  here.');
    expect(react.sanitize('Action: I will now restart it.\nDone.')).toBe('Done.');
    expect(react.sanitize('<|START_RESPONSE|>Hi!<|END_RESPONSE|><|END_OF_TURN_TOKEN|>')).toBe('Hi!');
  });

  it('leaves code alone', () => {
    const text = 'Use this format:\n```\nThought: …\nAction: search\nAction Input: {"query": "…"}\n```';
    expect(react.sanitize(text)).toBe(text);
  });

  describe('a ReAct agent’s drift: the call the parser used to miss reaches the user raw', () => {
    const seed = [
      'Done. Next I\'m going to delete... <tool_call>{"name":"delete_user_attribute","arguments":{"query":"qwen"}}</tool_call>',
      'Done. Next I\'m going to delete...\n    <tool_call>\n    {"name":"delete_user_attribute","arguments":{"query":"qwen"}}\n    </tool_call>',
      'Done. Next I\'m going to delete... <tool_call>{"name":"delete_user_attribute","arguments":{"query":"qwen"',
    ];
    it.each(VARIANTS.ids)('never shows the tags or the JSON (%s)', (variant) => {
      const h = createReactFormat(variant);
      for (const text of seed) {
        const out = h.sanitize(text);
        expect(out).toBe("Done. Next I'm going to delete...");
        expect(out).not.toContain('<tool_call>');
        expect(out).not.toContain('delete_user_attribute');
      }
    });

    it('extracts the call, so a tool loop runs it', () => {
      const r = react.parse(seed[0]!);
      expect(r.calls.map((c) => [c.name, c.arguments])).toEqual([
        ['delete_user_attribute', { query: 'qwen' }],
      ]);
    });
  });
});
