/**
 * vLLM's `cohere_command4` (Command A Vision / MoE): Command A's action block, the answer framed
 * by `<|START_TEXT|>` instead of `<|START_RESPONSE|>`, citations inline in the grounded answer.
 */
import { createRouter } from '@toolformat/core';
import { findStreamingMismatch } from '@toolformat/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createReactFormat, reactPlugin, removeCitations } from './plugin.js';

const router = createRouter({ plugins: [reactPlugin] });
const command4 = router.get('cohere_command4');
const ACTION =
  '<|START_THINKING|>first foo<|END_THINKING|><|START_ACTION|>\n[\n    {"tool_call_id": "0", "tool_name": "foo", "parameters": {"query": "q"}},\n' +
  '    {"tool_call_id": "1", "tool_name": "bar", "parameters": {"x": 42}}\n]\n<|END_ACTION|>';

describe('Command 4 (cohere_command4)', () => {
  it("is Command A's variant under vLLM's parser names", () => {
    expect(command4.id).toBe(createReactFormat('command-r7b').id);
    expect(router.get('cohere_command3').id).toBe(command4.id);
    expect(router.forModel('CohereLabs/command-a-vision-07-2025').id).toBe(command4.id);
  });

  it('reads the action block and strips the <|START_TEXT|> answer wrapper', () => {
    const r = command4.parse(ACTION);
    expect(r.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['foo', { query: 'q' }],
      ['bar', { x: 42 }],
    ]);
    expect(r.reasoning).toBe('first foo');
    expect(command4.parse('<|START_TEXT|>Hello.<|END_TEXT|>').content).toBe('Hello.');
  });

  it('sanitize keeps the cited text and drops the citation tags; a lone <co> is text', () => {
    expect(command4.sanitize('<|START_TEXT|>foo <co>bar</co: 0:[1,2],1:[3,4]><|END_TEXT|>')).toBe('foo bar');
    expect(removeCitations('a <co> b')).toBe('a <co> b');
    expect(removeCitations('x </co: not a citation>')).toBe('x </co: not a citation>');
  });

  it('streams exactly as it parses, however the text is cut', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (before, value) => {
        expect(
          findStreamingMismatch(command4, `${before}${ACTION.replace('"q"', JSON.stringify(value))}`, {}),
        ).toBeNull();
      }),
      { numRuns: 100 },
    );
  });
});
