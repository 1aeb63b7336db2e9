/**
 * The plugin through the router: ids, aliases, model patterns, detection, and auto mode — where
 * only the strong markers of the family take part, so prose is never read as a ReAct call.
 */
import { createRouter, ToolFormatConfigError } from '@toolformat/core';
import { describe, expect, it } from 'vitest';
import defaultExport, { reactPlugin } from './index.js';
import { createReactFormat } from './plugin.js';
import { callsOf, TOOLS } from './test-support/harness.js';
import { VARIANTS } from './variants.js';

const detectReact = (text: string) => createReactFormat().detect(text);

const router = createRouter({ plugins: [reactPlugin] });

describe('the plugin', () => {
  it('is the default export too', () => {
    expect(defaultExport).toBe(reactPlugin);
    expect(reactPlugin.id).toBe('react');
  });

  it('answers to the family ids it covers, each naming its variant', () => {
    for (const [id, handler] of [
      ['react', 'react'],
      ['keyvalue', 'react:keyvalue'],
      ['qwen-agent', 'react:qwen-agent'],
      ['command-r', 'react:command-r'],
      ['command-r7b', 'react:command-r7b'],
      ['command-a', 'react:command-r7b'],
    ]) {
      expect(router.get(id!).id).toBe(handler);
    }
  });

  it('picks the Command variant from the model name', () => {
    for (const [model, id] of [
      ['CohereForAI/c4ai-command-r-plus-08-2024', 'react:command-r'],
      ['command-r:35b', 'react:command-r'],
      ['CohereForAI/c4ai-command-r7b-12-2024', 'react:command-r7b'],
      ['command-r7b-arabic', 'react:command-r7b'],
      ['CohereLabs/c4ai-command-a-03-2025', 'react:command-r7b'],
    ]) {
      expect(router.forModel(model!).id, model).toBe(id);
    }
  });

  it('refuses an unknown variant with the known ones', () => {
    expect(() => reactPlugin.create({ variant: 'nope' })).toThrow(ToolFormatConfigError);
  });
});

describe('detect', () => {
  it('is sure of the distinctive markers and of a whole ReAct step, not of prose', () => {
    expect(detectReact('x ✿FUNCTION✿: f')).toBe(0.95);
    expect(detectReact('<|START_ACTION|>[')).toBe(0.95);
    expect(detectReact('✦ tool_call: f for a b')).toBe(0.9);
    expect(detectReact('Thought: t\nAction: search\nAction Input: {}')).toBe(0.8);
    expect(detectReact('Action:\n```json\n[]```')).toBe(0.7);
    expect(detectReact('Action: we act now.\nThought: fine.')).toBe(0);
    expect(detectReact('No markup. Action Input: alone')).toBe(0);
    expect(detectReact('a\nAction: x\nAction: y\n' + 'Action: z\n'.repeat(1000))).toBe(0);
  });
});

describe('auto mode', () => {
  const auto = router.get('auto');

  it('reads the strong forms', () => {
    expect(callsOf(auto.parse('✿FUNCTION✿: search\n✿ARGS✿: {"query": "q"}', { tools: TOOLS }))).toEqual([
      { name: 'search', arguments: { query: 'q' } },
    ]);
    expect(callsOf(auto.parse('✦ tool_call: search for query q', { tools: TOOLS }))).toEqual([
      { name: 'search', arguments: { query: 'q' } },
    ]);
    const r7b = auto.parse(
      '<|START_THINKING|>plan<|END_THINKING|><|START_ACTION|>[{"tool_call_id": "0", "tool_name": "search", "parameters": {"query": "q"}}]<|END_ACTION|>',
    );
    expect(r7b).toMatchObject({ reasoning: 'plan', format: 'react:command-r', content: null });
    expect(r7b.calls).toEqual([{ id: '0', name: 'search', arguments: { query: 'q' } }]);
  });

  it('leaves ReAct keys, which prose writes too, as prose', () => {
    const text =
      'Thought: that is a good question.\nAction: none needed.\nAction: search\nAction Input: {"query": "q"}\nObservation: fine\nFinal Answer: 42';
    const r = auto.parse(text, { tools: TOOLS });
    expect(r.calls).toEqual([]);
    expect(r.content).toBe(text);
    expect(r.reasoning).toBeNull();
  });
});

/**
 * sanitize: what the user may see of an output. Scaffolding — Thought, Action, Action Input,
 * Observation, the ✿ and ✦ markers, Command R's tokens, leaked `<tool_call>` blocks — never; code
 * examples, untouched. Includes the regression a ReAct agent reported (`Done. Next I'm going to delete…
 * <tool_call>…`), which must never reach the user raw.
 */
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
