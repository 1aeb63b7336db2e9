/**
 * Inkling (`hermes:inkling`, vLLM's `inkling`): typed blocks between special tokens — a call is
 * `{"name": …, "args": {…}}` in a tool block, reasoning a thinking block, text a text block.
 */
import { createRouter } from '@toolformat/core';
import { findStreamingMismatch } from '@toolformat/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHermesFormat, hermesPlugin } from './plugin.js';

const inkling = createHermesFormat('inkling');
const router = createRouter({ plugins: [hermesPlugin] });
const TURN =
  '<|content_thinking|>I should check.<|end_message|><|message_model|><|content_text|>Let me check.<|end_message|>' +
  '<|message_model|><|content_invoke_tool_json|>{"name":"get_weather","args":{"city":"SF"}}<|end_message|>';

describe('Inkling', () => {
  it('routes Inkling model names and the vLLM parser name', () => {
    expect(router.forModel('inkling-large').id).toBe('hermes:inkling');
    expect(router.get('inkling').id).toBe('hermes:inkling');
  });

  it('reads the tool block, the thinking block as reasoning and the text block as the reply', () => {
    const r = inkling.parse(TURN);
    expect(r.calls.map((c) => [c.name, c.arguments])).toEqual([['get_weather', { city: 'SF' }]]);
    expect(r.reasoning).toBe('I should check.');
    expect(r.content).toBe('Let me check.');
    expect(r.format).toBe('hermes:inkling');
  });

  it('shows a raw tool-text or tool-error block as text, and auto mode reads the calls', () => {
    expect(inkling.parse('<|content_tool_error|>boom<|end_message|>').content).toBe('boom');
    expect(router.get('auto').parse(TURN).calls).toHaveLength(1);
  });

  it('renders calls that read back to themselves', () => {
    const calls = [
      { id: '1', name: 'a', arguments: {} },
      { id: '2', name: 'b', arguments: { x: [1, 2] } },
    ];
    const text = inkling.formatToolCalls(calls);
    expect(text).toBe(
      '<|content_invoke_tool_json|>{"name":"a","args":{}}<|end_message|><|message_model|><|content_invoke_tool_json|>{"name":"b","args":{"x":[1,2]}}<|end_message|>',
    );
    expect(inkling.parse(text).calls.map((c) => c.arguments)).toEqual([{}, { x: [1, 2] }]);
    expect(inkling.systemPrompt([{ name: 'f' }])).toContain('<|content_invoke_tool_json|>');
  });

  it('streams exactly as it parses, however the text is cut', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (before, value) => {
        expect(findStreamingMismatch(inkling, `${before}${TURN.replace('SF', value)}`, {})).toBeNull();
      }),
      { numRuns: 100 },
    );
  });
});
