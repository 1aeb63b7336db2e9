import { describe, expect, it } from 'vitest';
import { readBuiltinArguments, readJsonArguments } from './call-arguments.js';

const closed = { closed: true, maxDepth: 256 };
const open = { closed: false, maxDepth: 256 };

describe('readJsonArguments', () => {
  it('strict JSON, with blanks around it', () => {
    expect(readJsonArguments(' {"a": [1, {"b": null}]}\n', closed)).toEqual({
      ok: true,
      arguments: { a: [1, { b: null }] },
      issues: [],
      strict: true,
    });
  });

  it('nothing: an empty object once the message ended, a partial call while it may go on', () => {
    expect(readJsonArguments('', closed)).toMatchObject({ ok: true, arguments: {} });
    expect(readJsonArguments('  ', open)).toMatchObject({ ok: false, kind: 'partial-call' });
  });

  it('JSON that never closes: a partial call at the end of the output, malformed before a token', () => {
    expect(readJsonArguments('{"a": "b', open)).toMatchObject({ ok: false, kind: 'partial-call' });
    expect(readJsonArguments('{"a": "b"', closed)).toMatchObject({ ok: false, kind: 'malformed-call' });
    expect(readJsonArguments('"{\\"a', open)).toMatchObject({ ok: false, kind: 'partial-call' });
  });

  it('relaxed JSON is repaired, and that is reported', () => {
    const repaired = readJsonArguments("{'a': 'b',}", closed);
    expect(repaired).toMatchObject({ ok: true, arguments: { a: 'b' } });
    expect(repaired.ok && repaired.issues.map((i) => i.kind)).toEqual(['json-repaired']);
  });

  it('a complete object at the end of the output is complete', () => {
    expect(readJsonArguments('{"a": 1}', open)).toMatchObject({ ok: true, arguments: { a: 1 } });
  });

  it('text after the value is handed back', () => {
    const r = readJsonArguments('{"a": 1} thanks', closed);
    expect(r).toMatchObject({ ok: true, arguments: { a: 1 }, rest: ' thanks' });
  });

  it('not JSON: malformed', () => {
    expect(readJsonArguments('hello there', closed)).toMatchObject({ ok: false, kind: 'malformed-call' });
    expect(readJsonArguments('hello there', open)).toMatchObject({ ok: false, kind: 'malformed-call' });
  });

  it('nesting past maxDepth is malformed', () => {
    const deep = `${'['.repeat(40)}${']'.repeat(40)}`;
    expect(readJsonArguments(`{"a": ${deep}}`, { closed: true, maxDepth: 8 })).toMatchObject({ ok: false });
  });
});

describe('readBuiltinArguments', () => {
  it('python gets the code, as written', () => {
    expect(readBuiltinArguments('python', '\nprint(1)\n', closed)).toEqual({
      ok: true,
      arguments: { code: '\nprint(1)\n' },
      issues: [],
    });
  });

  it('a JSON object is the arguments; other text goes under `input`', () => {
    expect(readBuiltinArguments('browser.open', '{"id": 2}', closed)).toMatchObject({ arguments: { id: 2 } });
    expect(readBuiltinArguments('container.exec', 'ls', closed)).toMatchObject({
      arguments: { input: 'ls' },
    });
    expect(readBuiltinArguments('python', '{1, 2}', closed)).toMatchObject({ arguments: { code: '{1, 2}' } });
  });

  it('an object the output ended inside, or nothing yet, is partial', () => {
    expect(readBuiltinArguments('browser.search', '{"query": "x', open)).toMatchObject({
      kind: 'partial-call',
    });
    expect(readBuiltinArguments('python', '', open)).toMatchObject({ kind: 'partial-call' });
  });
});
