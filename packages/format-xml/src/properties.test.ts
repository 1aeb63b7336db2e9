/**
 * Properties over generated outputs (architecture/semantics.md, guarantees 1, 7, 9): never throws; nothing is lost
 * (prose around calls is content, calls come back in order and typed, a malformed block is in an
 * issue); streaming equals batch for random chunkings, in every variant.
 */
import type { ParseOptions } from '@toolformat/core';
import { parseWith as runParser } from '@toolformat/core/kit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createXmlFormat } from './plugin.js';
import { callsOf, chunksAt, NS, parseWith, streamWith } from './test-support/harness.js';
import { VARIANTS } from './variants.js';

const handlers = VARIANTS.ids.map((v) => createXmlFormat(v));
const xml = createXmlFormat();

const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/);
/** Values that survive every layout: text without markup or layout newlines at the ends, numbers, booleans. */
const LITERALS = new Set(['true', 'false', 'null', 'True', 'False', 'None']);
const text = fc
  .stringMatching(/^[A-Za-z0-9 .,!?'"&<>/=\n]{0,16}$/)
  // Text a reader without a schema would take for a number or a literal is typed, not text.
  .filter(
    (s) => !s.startsWith('\n') && !s.endsWith('\n') && !/^\s*[-+.\d]/.test(s) && !LITERALS.has(s.trim()),
  );
const value = fc.oneof(
  text.map((s) => ({ written: s, typed: s as unknown })),
  fc.integer().map((n) => ({ written: String(n), typed: n as unknown })),
  fc.boolean().map((b) => ({ written: String(b), typed: b as unknown })),
  fc.constant({ written: 'a </parameter> b', typed: 'a </parameter> b' as unknown }),
  fc.constant({ written: '<![CDATA[x </arg_value> y]]>', typed: 'x </arg_value> y' as unknown }),
);
const escapeXml = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
const call = fc.record({
  name: key,
  params: fc.uniqueArray(fc.tuple(key, value), { maxLength: 3, selector: ([k]) => k }),
});
type Call = { name: string; params: Array<[string, { written: string; typed: unknown }]> };
const typedArgs = (c: Call) => Object.fromEntries(c.params.map(([k, v]) => [k, v.typed]));
const space = fc.constantFrom('', '\n', ' ', '\n\n');

/** One call in one of the family's forms (the writer escapes what a form cannot hold raw). */
const block = fc.tuple(call, fc.nat(7), space).map(([c, kind, s]) => {
  const raw = (v: { written: string }) =>
    v.written.startsWith('<![CDATA[') ? v.written : escapeXml(v.written);
  const forms = [
    () =>
      `<function_calls>${s}<invoke name="${c.name}">${c.params.map(([k, v]) => `<parameter name="${k}">${raw(v)}</parameter>`).join(s)}</invoke>${s}</function_calls>`,
    () =>
      `<${NS}:function_calls><${NS}:invoke name="${c.name}">${c.params.map(([k, v]) => `<${NS}:parameter name="${k}">${raw(v)}</${NS}:parameter>`).join('')}</${NS}:invoke></${NS}:function_calls>`,
    () =>
      `<tool_call>\n<function=${c.name}>\n${c.params.map(([k, v]) => `<parameter=${k}>\n${raw(v)}\n</parameter>\n`).join('')}</function>\n</tool_call>`,
    () =>
      `<tool_call>${c.name}${s}${c.params.map(([k, v]) => `<arg_key>${k}</arg_key>${s}<arg_value>${raw(v)}</arg_value>${s}`).join('')}</tool_call>`,
    () =>
      `<minimax:tool_call>${s}<invoke name="${c.name}">${c.params.map(([k, v]) => `<parameter name="${k}">${raw(v)}</parameter>`).join(s)}</invoke>${s}</minimax:tool_call>`,
    () =>
      `<seed:tool_call>\n<function=${c.name}>\n${c.params.map(([k, v]) => `<parameter=${k}>${raw(v)}</parameter>\n`).join('')}</function>\n</seed:tool_call>`,
    () =>
      `<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="${c.name}">${c.params.map(([k, v]) => `<steptml:parameter name="${k}">${raw(v)}</steptml:parameter>`).join('')}</steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>`,
    () =>
      `<tool>${c.name}</tool>${c.params.map(([k, v]) => `${s}<parameter name="${k}">${raw(v)}</parameter>`).join('')}`,
  ];
  return { text: forms[kind]!(), call: { name: c.name, arguments: typedArgs(c) } };
});
const malformed = fc.constantFrom(
  '<tool_call>\n<function=f\n</function>\n</tool_call>',
  '<function_calls><invoke><parameter name="a">1</parameter></invoke></function_calls>',
  '<minimax:tool_call></minimax:tool_call>',
);
/** Prose without any character markup could start with. */
const prose = fc.stringMatching(/^[A-Za-z0-9 .,!?'\n]{0,24}$/);

type Part =
  | { kind: 'prose'; text: string }
  | { kind: 'call'; text: string; call: { name: string; arguments: unknown } }
  | { kind: 'bad'; text: string };
const parts = fc.array(
  fc.oneof(
    { weight: 2, arbitrary: prose.map((t): Part => ({ kind: 'prose', text: t })) },
    { weight: 3, arbitrary: block.map((b): Part => ({ kind: 'call', ...b })) },
    { weight: 1, arbitrary: malformed.map((t): Part => ({ kind: 'bad', text: t })) },
  ),
  { maxLength: 6 },
);
const noSpace = (s: string) => s.replace(/\s+/g, '');

describe('nothing is lost, and calls come back in order (architecture/semantics.md, guarantee 1)', () => {
  it('holds for prose, calls and malformed blocks in any mix, streamed in any chunks', () => {
    fc.assert(
      fc.property(parts, fc.array(fc.nat(), { maxLength: 6 }), (ps, cuts) => {
        // Prose right after `<tool>name</tool>` would be read as… prose, but a prose part that
        // starts with a name after `<tool_call>` is not possible here: prose never follows a tag directly.
        const joined = ps.map((p, i) => (i > 0 && p.kind === 'prose' ? `\n${p.text}` : p.text)).join('\n');
        const r = parseWith(xml, joined);
        expect(callsOf(r)).toEqual(ps.flatMap((p) => (p.kind === 'call' ? [p.call] : [])));
        expect(noSpace(r.content ?? '')).toBe(
          noSpace(ps.flatMap((p) => (p.kind === 'prose' ? [p.text] : [])).join('')),
        );
        const raws = r.issues.map((i) => i.raw ?? '').join('\u0000');
        for (const p of ps) if (p.kind === 'bad') expect(raws).toContain(p.text.trim());
        expect(streamWith(xml, chunksAt(joined, cuts))).toEqual(r);
      }),
      { numRuns: 300 },
    );
  });
});

const fragments = fc.constantFrom(
  '<function_calls>',
  '</function_calls>',
  `<${NS}:invoke name="f">`,
  '<invoke name="g">',
  '</invoke>',
  '<parameter name="a">',
  '<parameter=a>',
  '</parameter>',
  '<tool_call>',
  '</tool_call>',
  '<function=f>',
  '<function=',
  '</function>',
  'get_x',
  '<arg_key>',
  '</arg_key>',
  '<arg_value>',
  '</arg_value>',
  '<minimax:tool_call>',
  '</minimax:tool_call>',
  '<seed:tool_call>',
  '<seed:think>',
  '</seed:think>',
  '<｜tool_calls_begin｜>',
  '<｜tool_call_begin｜>',
  '<｜tool_call_end｜>',
  '<steptml:invoke name="s">',
  '<tool>',
  '</tool>',
  '<get_weather>',
  '</get_weather>',
  '<![CDATA[',
  ']]>',
  '&lt;',
  '&',
  '<think>',
  '</think>',
  '<|im_end|>',
  '"',
  '`',
  '```',
  '\n',
  ' ',
  '{"name": "f"}',
  'text',
  '<',
);
const markupish = fc
  .array(fc.oneof(fragments, fc.string({ maxLength: 3 })), { maxLength: 24 })
  .map((a) => a.join(''));

describe('streaming = batch (architecture/semantics.md, guarantee 7)', () => {
  it('holds for random chunkings of markup-like text, in every variant and option set', () => {
    fc.assert(
      fc.property(
        markupish,
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.nat(handlers.length - 1),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (input, cuts, which, keep, declared, open) => {
          const handler = handlers[which]!;
          const opts: ParseOptions = {
            onMalformed: keep ? 'keep' : 'strip',
            reasoningOpen: open,
            ...(declared
              ? { tools: [{ name: 'f' }, { name: 'get_weather' }], unknownTools: 'drop' as const }
              : {}),
          };
          expect(streamWith(handler, chunksAt(input, cuts), opts)).toEqual(parseWith(handler, input, opts));
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('never throws (architecture/semantics.md, guarantee 9)', () => {
  it('on arbitrary strings, in every variant: parse, stream, sanitize, detect', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary' }), markupish),
        fc.nat(handlers.length - 1),
        (input, which) => {
          const handler = handlers[which]!;
          const r = runParser(handler.createStreamParser({ tools: [{ name: 'get_weather' }] }), input);
          expect(r.issues.filter((i) => i.kind === 'internal-error')).toEqual([]);
          expect(typeof handler.sanitize(input)).toBe('string');
          const score = handler.detect(input);
          expect(score >= 0 && score <= 1).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('on hostile options and call lists', () => {
    const handler = createXmlFormat();
    // biome-ignore lint/suspicious/noExplicitAny: deliberately wrong input
    const bad: any = { tools: [{ name: 5 }, { name: '<odd>' }] };
    expect(() => handler.parse('<tool_call>\n<function=f>\n</function>\n</tool_call>', bad)).not.toThrow();
    expect(
      handler.formatToolCalls([{ id: '1', name: 'f', arguments: { a: undefined, b: [undefined] } }]),
    ).toContain('f');
  });
});
