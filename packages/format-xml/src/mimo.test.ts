/**
 * MiMo (`xml:mimo`, vLLM's `mimo`): Qwen3-Coder's markup written compactly, each value exactly the
 * text between its tags.
 */
import { createRouter } from '@toolformat/core';
import { findStreamingMismatch } from '@toolformat/core/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createXmlFormat, xmlPlugin } from './plugin.js';

const mimo = createXmlFormat('mimo');
const router = createRouter({ plugins: [xmlPlugin] });
const CALL =
  '<tool_call>\n<function=write>\n<parameter=text>\nline one\n</parameter>\n</function>\n</tool_call>';

describe('MiMo', () => {
  it('routes MiMo model names and the vLLM parser name', () => {
    expect(router.forModel('XiaomiMiMo/MiMo-V2-Flash').id).toBe('xml:mimo');
    expect(router.get('mimo').id).toBe('xml:mimo');
  });

  it('keeps a string value verbatim, where Qwen3-Coder takes the newlines around it for layout', () => {
    expect(mimo.parse(CALL).calls[0]?.arguments).toEqual({ text: '\nline one\n' });
    expect(createXmlFormat('qwen3-coder').parse(CALL).calls[0]?.arguments).toEqual({ text: 'line one' });
    expect(mimo.parse(CALL).format).toBe('xml:mimo');
  });

  it('trims the blanks before what ended a value the model left unclosed', () => {
    const r = mimo.parse('<tool_call> <function=sh> <parameter=command>ls -la </tool_call>');
    expect(r.calls[0]?.arguments).toEqual({ command: 'ls -la' });
  });

  it('renders calls that read back to themselves', () => {
    const calls = [{ id: '1', name: 'write', arguments: { text: '\n  indented\n', n: 2 } }];
    const text = mimo.formatToolCalls(calls);
    expect(text).toContain('<parameter=n>2</parameter>');
    expect(mimo.parse(text).calls[0]?.arguments).toEqual(calls[0]?.arguments);
    expect(mimo.stopSequences()).toEqual(['<|im_end|>', '<|endoftext|>']);
  });

  it('streams exactly as it parses, however the text is cut', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), (before, value) => {
        expect(findStreamingMismatch(mimo, `${before}${CALL.replace('line one', value)}`, {})).toBeNull();
      }),
      { numRuns: 100 },
    );
  });
});
