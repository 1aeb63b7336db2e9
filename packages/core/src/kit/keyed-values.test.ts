import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonValueScanner } from './json-scan.js';
import { type KeyedValue, KeyedValues } from './keyed-values.js';

type Kind = 'name' | 'args' | 'note';
const keys = new KeyedValues<Kind>(
  [
    ['Name:', 'name'],
    ['Args:', 'args'],
    ['Note:', 'note'],
  ],
  { lineStart: true, json: (kind) => (kind === 'name' ? 'objects' : kind === 'args' ? 'value' : undefined) },
);
const read = (body: string) =>
  [...keys.read(body, 'Name:', 'name')].map((v: KeyedValue<Kind>) => ({
    kind: v.kind,
    key: v.key,
    value: body.slice(v.start, v.end),
    json: v.jsonStart === -1 ? null : body.slice(v.jsonStart, v.jsonEnd === -1 ? undefined : v.jsonEnd),
    at: v.at,
  }));

describe('KeyedValues', () => {
  it('cuts a section at its line keys', () => {
    expect(read(' f\nArgs: {"a": 1}\nNote: hi')).toEqual([
      { kind: 'name', key: 'Name:', value: ' f', json: null, at: 0 },
      { kind: 'args', key: 'Args:', value: ' {"a": 1}', json: '{"a": 1}', at: 2 },
      { kind: 'note', key: 'Note:', value: ' hi', json: null, at: 17 },
    ]);
  });

  it('runs a JSON value past a key inside one of its strings', () => {
    const values = read(' f\nArgs: {"q": "x\nNote: y"}\nNote: z');
    expect(values[1]?.json).toBe('{"q": "x\nNote: y"}');
    expect(values[2]?.value).toBe(' z');
  });

  it('ends a JSON value still open at a key outside a string', () => {
    const values = read(' f\nArgs: {"a": 1\nNote: z');
    expect(values[1]?.value).toBe(' {"a": 1');
    expect(values[2]?.value).toBe(' z');
  });

  it('reads a call list after a name key, not a name in brackets', () => {
    expect(read(' [search]')[0]?.json).toBeNull();
    expect(read(' ```json\n[{"n": 1}]\n```')[0]?.json).toBe('[{"n": 1}]');
  });

  it('ignores keys that do not start a line, and stops where the reader stops', () => {
    expect(read(' f Args: x').length).toBe(1);
    const gen = keys.read(' f\nArgs: x\nNote: y', 'Name:', 'name');
    expect(gen.next().value?.kind).toBe('name');
  });

  it('records the scan state of a JSON value that never closed, as a fresh scan to its end finds it', () => {
    const piece = fc.constantFrom(
      '{',
      '}',
      '[',
      ']',
      '"',
      '\\',
      'a',
      ':',
      ',',
      ' ',
      '\nArgs: ',
      '\nNote: ',
      '\nName: ',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const body = ` f\nArgs: ${pieces.join('')}`;
        for (const v of keys.read(body, 'Name:', 'name')) {
          if (v.jsonStart === -1 || v.jsonEnd !== -1) continue;
          const scanner = new JsonValueScanner();
          scanner.feed(body.slice(0, v.end), v.jsonStart);
          expect(v.jsonInString).toBe(!scanner.failed && scanner.inString);
          expect(v.jsonDepth).toBe(scanner.failed ? 0 : scanner.depth);
        }
      }),
    );
  });

  it('reads the longest key written where a shorter one it begins with is found', () => {
    const marks = new KeyedValues<string>(
      [
        ['✿ARGS✿:', 'args'],
        ['✿ARGS✿', 'args-bare'],
        ['✿ARGS✿::', 'args-double'],
        ['✿FUNCTION✿', 'name'],
      ],
      { lineStart: false },
    );
    const body = ' f✿ARGS✿: 1✿ARGS✿ 2✿ARGS✿::3✿FUNCTION✿g';
    const reader = marks.reader(body, '✿FUNCTION✿', 'name');
    const out: Array<[string, string, string]> = [];
    for (let v = reader.next(); v !== null; v = reader.next())
      out.push([v.kind, v.key, body.slice(v.start, v.end)]);
    expect(out).toEqual([
      ['name', '✿FUNCTION✿', ' f'],
      ['args', '✿ARGS✿:', ' 1'],
      ['args-bare', '✿ARGS✿', ' 2'],
      ['args-double', '✿ARGS✿::', '3'],
      ['name', '✿FUNCTION✿', 'g'],
    ]);
    expect([...marks.read(body, '✿FUNCTION✿', 'name')].map((v) => v.key)).toEqual(out.map(([, key]) => key));
  });
});
