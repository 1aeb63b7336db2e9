/**
 * Inputs that make regex-based parsers hang. Issue 4's budget (1 MiB of unclosed `<parameter=`,
 * unclosed `<invoke name="`, or a run of spaces inside an open block in under 50 ms, linear
 * growth) is measured by `pnpm bench`, not here: tests assert behaviour, never time. Here every
 * input must return, report no internal error, and stream to the batch result.
 */
import { describe, expect, it } from 'vitest';
import { createXmlFormat } from './plugin.js';
import { NS } from './test-support/harness.js';

const MiB = 1 << 20;
/**
 * `repeat` builds a tree of concatenations that every character access walks; text from a socket
 * is one flat string. Flattened here, so that the test times the parser and not the tree.
 */
const flat = (s: string) => Buffer.from(s, 'utf8').toString('utf8');
const fill = (unit: string, size = MiB) => flat(unit.repeat(Math.ceil(size / unit.length)));
const spaces = (size: number) => flat(' '.repeat(size));
const xml = createXmlFormat();
const glm = createXmlFormat('glm');

describe('the inputs of the budget return (timed by pnpm bench)', () => {
  const budgeted: Array<[string, (size: number) => string]> = [
    [
      'unclosed <parameter= inside an open block',
      (n) => `<tool_call>\n<function=f>\n${fill('<parameter=', n)}`,
    ],
    ['unclosed <parameter= as text', (n) => fill('<parameter=', n)],
    ['unclosed <invoke name="', (n) => fill('<invoke name="', n)],
    [
      'unclosed <invoke name=" inside <function_calls>',
      (n) => `<function_calls>\n${fill(`<${NS}:invoke name="`, n)}`,
    ],
    ['a run of spaces after <tool_call>', (n) => `<tool_call>${spaces(n)}`],
    ['a run of spaces inside a parameter', (n) => `<tool_call>\n<function=f>\n<parameter=a>${spaces(n)}`],
    ['a run of spaces inside an invoke tag', (n) => `<function_calls><invoke ${spaces(n)}`],
    ['a run of spaces after <tool>name</tool>', (n) => `<tool>x</tool>${spaces(n)}`],
  ];
  for (const [label, make] of budgeted) {
    it(label, () => {
      const one = flat(make(MiB));
      for (const handler of [xml, glm]) {
        const r = handler.parse(one);
        expect(r.issues.some((i) => i.kind === 'internal-error')).toBe(false);
      }
    });
  }
});

describe('1 MiB of other hostile input returns', () => {
  const inputs: Array<[string, (size: number) => string]> = [
    [
      'close tags that are part of the value',
      (n) => `<function_calls><invoke name="f"><parameter name="a">${fill('x</parameter> ', n)}`,
    ],
    ['unclosed CDATA sections', (n) => `<tool_call>\n<function=f>\n<parameter=a>${fill('<![CDATA[', n)}`],
    ['unclosed code fences', (n) => `<tool_call>\n<function=f>\n<parameter=a>\n${fill('```\n', n)}`],
    [
      'ampersands and half entities',
      (n) => `<tool_call>\n<function=f>\n<parameter=a>${fill('&&#x', n)}</parameter>`,
    ],
    ['GLM keys without values', (n) => `<tool_call>f${fill('<arg_key>', n)}`],
    ['bare <function= opens', (n) => fill('<function=', n)],
    ['Step-3 opens', (n) => fill('<｜tool_call_begin｜><steptml:invoke name="', n)],
    ['a name that never ends', (n) => `<tool>${fill('a', n)}`],
    ['attributes that never end', (n) => `<function_calls><invoke ${fill('name=x ', n)}`],
    ['Morph tags of a declared tool', (n) => fill('<get_weather><city>', n)],
  ];
  for (const [label, make] of inputs) {
    it(label, () => {
      const opts = { tools: [{ name: 'get_weather' }, { name: 'f' }] };
      const one = flat(make(MiB));
      const r = xml.parse(one, opts);
      expect(r.issues.some((i) => i.kind === 'internal-error')).toBe(false);
      expect(typeof xml.sanitize(one)).toBe('string');
    });
  }

  it('streams a worst case in 4 KiB chunks to the batch result', () => {
    const text = `<tool_call>\n<function=f>\n${fill('<parameter=a>x</parameter> ')}`;
    const parser = xml.createStreamParser({ generateId: () => 'x' });
    let calls = 0;
    for (let i = 0; i < text.length; i += 4096) {
      for (const e of parser.push(text.slice(i, i + 4096))) if (e.type === 'tool-call-end') calls++;
    }
    for (const e of parser.end()) if (e.type === 'tool-call-end') calls++;
    expect(calls).toBe(xml.parse(text).calls.length);
    expect(calls).toBe(1);
  });
});
