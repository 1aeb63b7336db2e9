/**
 * Inputs that make regex-based parsers hang (the issue's budget: 1 MiB under 50 ms, linear). The
 * bench measures time; these tests only check that a parse returns and says something sensible.
 */
import { describe, expect, it } from 'vitest';
import { createHermesFormat } from './plugin.js';

const MiB = 1 << 20;
const fill = (unit: string) => unit.repeat(Math.ceil(MiB / unit.length));
const hermes = createHermesFormat();
const json = createHermesFormat('json');

describe('1 MiB of adversarial input returns', () => {
  const inputs: Array<[string, string]> = [
    ['<tool_call>{"a": repeated', fill('<tool_call>{"a":')],
    ['<tool_call> repeated', fill('<tool_call>')],
    ['an open tag and a run of spaces', `<tool_call>${' '.repeat(MiB)}`],
    ['an open tag and deep nesting', `<tool_call>${'['.repeat(MiB)}`],
    ['unclosed strings', fill('<tools>{"name": "')],
    ['close tags only', fill('</tool_call>')],
    ['functools repeated', fill('functools')],
    ['function tags', fill('<function=')],
    ['fences', fill('```tool_call\n')],
    ['pythonic opens', fill('<|tool_call_start|>[f(')],
    ['self-delimited opens', fill('<|tool_call|>[{')],
    ['separators', `<tool_calls>${fill('{"name": "a"},')}`],
  ];
  for (const [label, text] of inputs) {
    it(label, () => {
      for (const handler of [hermes, json]) {
        const r = handler.parse(text);
        expect(r.issues.some((i) => i.kind === 'internal-error')).toBe(false);
        expect(typeof handler.sanitize(text)).toBe('string');
      }
    });
  }

  it('streams the worst case in 4 KiB chunks to the same result', () => {
    const text = fill('<tool_call>{"a":');
    const parser = hermes.createStreamParser({ generateId: () => 'x' });
    let calls = 0;
    for (let i = 0; i < text.length; i += 4096) {
      for (const e of parser.push(text.slice(i, i + 4096))) if (e.type === 'tool-call-end') calls++;
    }
    for (const e of parser.end()) if (e.type === 'tool-call-end') calls++;
    expect(calls).toBe(hermes.parse(text).calls.length);
  });
});
