import { describe, expect, it } from 'vitest';
import { createToolIndex } from '../tools.js';
import { KeyedValues } from './keyed-values.js';
import { readKeyedArguments, readValueArguments, unwrapCode } from './value-arguments.js';

const tools = createToolIndex([
  {
    type: 'function',
    function: { name: 'search', parameters: { type: 'object', properties: { q: { type: 'string' } } } },
  },
  {
    type: 'function',
    function: { name: 'count', parameters: { type: 'object', properties: { n: { type: 'integer' } } } },
  },
  {
    type: 'function',
    function: {
      name: 'two',
      parameters: { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } } },
    },
  },
]);
const opts = { tools, maxDepth: 64, label: 'the value' };

describe('unwrapCode', () => {
  it('removes a fence or an inline code span around the whole value', () => {
    expect(unwrapCode('```json\n{"a": 1}\n```')).toBe('{"a": 1}');
    expect(unwrapCode('`x`')).toBe('x');
    expect(unwrapCode('`a` and `b`')).toBe('`a` and `b`');
  });
});

describe('readValueArguments', () => {
  it('reads a JSON object, reporting repairs', () => {
    expect(readValueArguments('{"q": "x"}', 'search', opts)).toEqual({ ok: true, arguments: { q: 'x' } });
    const r = readValueArguments("{'q': 'x'}", 'search', opts);
    expect(r.ok && r.repairs !== undefined).toBe(true);
  });

  it('places bare text or a quoted string on the one string parameter, typed by the schema', () => {
    expect(readValueArguments('weather in Paris', 'search', opts)).toEqual({
      ok: true,
      arguments: { q: 'weather in Paris' },
    });
    expect(readValueArguments('"Paris"', 'search', opts)).toEqual({ ok: true, arguments: { q: 'Paris' } });
    expect(readValueArguments('42', 'count', opts)).toEqual({ ok: true, arguments: { n: 42 } });
  });

  it('reads None, null and nothing as no arguments', () => {
    for (const v of ['', 'None', 'null', '{}'])
      expect(readValueArguments(v, 'search', opts)).toEqual({ ok: true, arguments: {} });
  });

  it('never guesses where a value goes', () => {
    const r = readValueArguments('text', 'two', opts);
    expect(r).toEqual({
      ok: false,
      kind: 'malformed-call',
      reason:
        'the value is text, not a JSON object, and "two" does not have exactly one string parameter to take it',
    });
    expect(readValueArguments('{"a": ', 'two', opts).ok).toBe(false);
  });
});

describe('readKeyedArguments', () => {
  const keys = new KeyedValues([['Args:', 'args' as const]], { lineStart: true, json: () => 'value' });
  const first = (body: string) => [...keys.read(body, 'Args:', 'args')][0]!;

  it('reads the JSON of a value and reports a repair as an issue', () => {
    const body = " {'q': 'x'} trailing";
    const r = readKeyedArguments(body, first(body), 'search', opts);
    expect(r.ok && r.arguments).toEqual({ q: 'x' });
    expect(r.ok && r.issues[0]?.kind).toBe('json-repaired');
  });

  it('does not make a call of JSON the section ended inside of', () => {
    const body = ' {"q": "unterminated';
    const r = readKeyedArguments(body, first(body), 'search', opts);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.kind).toBe('partial-call');
  });

  it('judges a cut value by its recorded scan state as a second scan would', () => {
    for (const body of [' {"q": "unterminated', ' {"q": 1', ' {"q": [[[[', ' {"q": 1]']) {
      const value = first(body);
      const { jsonInString: _s, jsonDepth: _d, ...unrecorded } = value;
      expect(readKeyedArguments(body, value, 'search', opts)).toEqual(
        readKeyedArguments(body, unrecorded, 'search', opts),
      );
    }
    const deep = ' {"q": [[[[';
    const r = readKeyedArguments(deep, first(deep), 'search', { ...opts, maxDepth: 3 });
    expect(!r.ok && r.kind).toBe('malformed-call');
  });
});
