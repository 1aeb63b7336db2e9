/**
 * Values: text as written → the value the tool receives, typed by the declared JSON Schema
 * (architecture/semantics.md, guarantee 2), with the typing edge cases of issue 4.
 */
import { describe, expect, it } from 'vitest';
import { createXmlFormat } from './plugin.js';
import { callsOf, parseWith } from './test-support/harness.js';
import { decodeXmlText, unwrapLayout, valueText } from './values.js';

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

describe('the text of a value', () => {
  it('decodes the five entities and character references; other ampersands are text', () => {
    expect(
      decodeXmlText('a &lt;b&gt; &amp;&quot;&apos; &#233;&#x1F600; & &unknown; &#xZZ; &constructor;'),
    ).toBe('a <b> &"\' é😀 & &unknown; &#xZZ; &constructor;');
  });

  it('unwraps CDATA verbatim, entities inside left alone', () => {
    expect(decodeXmlText('x <![CDATA[&lt; </p>]]> &lt;')).toBe('x &lt; </p> <');
    expect(valueText('\n<![CDATA[\n  keep\n]]>\n', 'lines')).toBe('\n  keep\n');
    expect(decodeXmlText('open <![CDATA[ never closed')).toBe('open <![CDATA[ never closed');
  });

  it('removes the newline the layout adds, no more', () => {
    expect(unwrapLayout('\nline\n\n', 'lines')).toBe('line\n');
    expect(unwrapLayout('\r\nline\r\n', 'lines')).toBe('line');
    expect(unwrapLayout('line\n', 'lines')).toBe('line');
    expect(unwrapLayout('line\n', 'inline')).toBe('line\n');
    expect(unwrapLayout('\nline\n', 'inline')).toBe('line');
    expect(unwrapLayout('\n', 'lines')).toBe('');
  });

  it('takes the blanks around a value on the tag line for the layout newlines they stand in for', () => {
    // `<parameter=filepath> test.txt\n`, and `<parameter=command>…--full </tool_call>` with no close tag.
    expect(unwrapLayout(' test.txt\n', 'lines')).toBe('test.txt');
    expect(unwrapLayout('screenshot /tmp/x.png --full ', 'lines')).toBe('screenshot /tmp/x.png --full');
    expect(unwrapLayout('Paris \t\r\n', 'lines')).toBe('Paris');
    // On lines of their own, the value's blanks are its own (only the newlines are layout).
    expect(unwrapLayout('\n  indented  \n', 'lines')).toBe('  indented  ');
    expect(unwrapLayout('two\nlines  ', 'lines')).toBe('two\nlines');
    // The inline layout writes values as they are.
    expect(unwrapLayout('kept ', 'inline')).toBe('kept ');
  });
});
