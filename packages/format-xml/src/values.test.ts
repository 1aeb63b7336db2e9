/**
 * Values: text as written → the value the tool receives, typed by the declared JSON Schema
 * (architecture/semantics.md, guarantee 2), with the typing edge cases of issue 4.
 */
import { describe, expect, it } from 'vitest';
import { createXmlFormat } from './plugin.js';
import { callsOf, parseWith } from './test-support/harness.js';

const schema = {
  type: 'object',
  properties: {
    zip: { type: 'string' },
    count: { type: 'integer' },
    ratio: { type: 'number' },
    flag: { type: 'boolean' },
    nothing: { type: 'null' },
    maybe: { anyOf: [{ type: 'integer' }, { type: 'null' }] },
    either: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
    list: { type: 'array', items: { type: 'string' } },
    obj: { type: 'object' },
    unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
    level: { enum: [1, 2, 3] },
    text: { type: 'string' },
  },
};
const tools = [{ name: 'f', parameters: schema }];

/** One Qwen3-Coder call with these parameters, parsed with and without the schema. */
function typed(values: Record<string, string>, withSchema = true) {
  const body = Object.entries(values)
    .map(([k, v]) => `<parameter=${k}>\n${v}\n</parameter>\n`)
    .join('');
  const r = parseWith(
    createXmlFormat('qwen3-coder'),
    `<tool_call>\n<function=f>\n${body}</function>\n</tool_call>`,
    {
      ...(withSchema ? { tools } : {}),
    },
  );
  return { args: callsOf(r)[0]!.arguments, issues: r.issues };
}

describe('typed by the declared schema', () => {
  it('"007" for a string parameter stays a string; "3.0" for an integer is 3', () => {
    expect(typed({ zip: '007', count: '3.0' }).args).toEqual({ zip: '007', count: 3 });
  });

  it('booleans written True / true / FALSE; null and None', () => {
    expect(typed({ flag: 'True' }).args).toEqual({ flag: true });
    expect(typed({ flag: 'true' }).args).toEqual({ flag: true });
    expect(typed({ flag: 'FALSE' }).args).toEqual({ flag: false });
    expect(typed({ nothing: 'None', maybe: 'null' }).args).toEqual({ nothing: null, maybe: null });
  });

  it('numbers, anyOf, enums', () => {
    expect(typed({ ratio: '-1.5e2', maybe: '42', either: '42', unit: 'celsius', level: '2' }).args).toEqual({
      ratio: -150,
      maybe: 42,
      either: 42,
      unit: 'celsius',
      level: 2,
    });
  });

  it('objects and arrays given as JSON text, over several lines', () => {
    expect(typed({ list: '[\n  "a",\n  "b"\n]', obj: '{"k": {"deep": [1, true]}}' }).args).toEqual({
      list: ['a', 'b'],
      obj: { k: { deep: [1, true] } },
    });
  });

  it('keeps text a declared type cannot read, and reports it', () => {
    const r = typed({ count: 'three' });
    expect(r.args).toEqual({ count: 'three' });
    expect(r.issues.map((i) => i.kind)).toEqual(['arguments-coerced']);
    expect(r.issues[0]!.message).toContain('"count"');
  });

  it('a string parameter keeps its text exactly, JSON-looking or not', () => {
    expect(typed({ text: '{"not": "parsed"}', zip: 'true' }).args).toEqual({
      text: '{"not": "parsed"}',
      zip: 'true',
    });
  });
});

describe('without a schema (architecture/semantics.md, guarantee 2)', () => {
  it('JSON literals, objects and arrays are parsed; anything else stays the text', () => {
    expect(
      typed(
        { a: '42', b: '-1.5', c: 'true', d: 'null', e: '[1]', f: '{"x": 1}', g: '007', h: 'hello' },
        false,
      ).args,
    ).toEqual({
      a: 42,
      b: -1.5,
      c: true,
      d: null,
      e: [1],
      f: { x: 1 },
      g: '007',
      h: 'hello',
    });
  });

  it('the Python spellings Qwen3-Coder’s template writes (True, False, None) are literals there', () => {
    expect(typed({ a: 'True', b: 'False', c: 'None' }, false).args).toEqual({ a: true, b: false, c: null });
    // …but not in a form whose template writes JSON.
    const r = parseWith(
      createXmlFormat('minimax'),
      '<minimax:tool_call><invoke name="f"><parameter name="a">True</parameter></invoke></minimax:tool_call>',
    );
    expect(callsOf(r)[0]!.arguments).toEqual({ a: 'True' });
  });
});
