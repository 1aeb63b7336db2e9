import { describe, expect, it } from 'vitest';
import { JSON_CALL_SPELLINGS } from './json-call-object.js';
import { type JsonCallsOptions, readJsonCalls as read, startsWithJson } from './json-calls.js';

// Hermes's tags: every spelling, a finished body repaired whole, Qwen-Agent's `<code>` part.
const HERMES: JsonCallsOptions = { ...JSON_CALL_SPELLINGS, repairWhole: true, codeArgument: 'code' };
const readJsonCalls = (body: string, closed: boolean, options: JsonCallsOptions = {}) =>
  read(body, closed, { ...HERMES, ...options });

const names = (r: ReturnType<typeof readJsonCalls>) => r.calls.map((c) => c.name);
const kinds = (r: ReturnType<typeof readJsonCalls>) => (r.issues ?? []).map((i) => i.kind);

describe('readJsonCalls: the payloads a block holds', () => {
  it('reads one object, an array, JSON lines and comma-separated objects', () => {
    expect(names(readJsonCalls('\n{"name": "a", "arguments": {}}\n', true))).toEqual(['a']);
    expect(names(readJsonCalls('[{"name": "a"}, {"name": "b"}]', true))).toEqual(['a', 'b']);
    expect(names(readJsonCalls('{"name": "a"}\n{"name": "b"}\n', true))).toEqual(['a', 'b']);
    expect(names(readJsonCalls('{"name": "a"}, {"name": "b"} ', true))).toEqual(['a', 'b']);
  });

  it('repairs relaxed or broken JSON in a finished block and reports it', () => {
    const r = readJsonCalls("{'name': 'a', 'arguments': {'x': True,}}", true);
    expect(r.calls).toEqual([{ name: 'a', arguments: { x: true } }]);
    expect(kinds(r)).toEqual(['json-repaired']);
    expect(names(readJsonCalls('{"name": "a", "arguments": {"x": 1}', true))).toEqual(['a']);
  });

  it('does not repair JSON the output ended inside of: a cut-off call is not a call', () => {
    expect(readJsonCalls('{"name": "a", "arguments": {"x": 1}', false)).toMatchObject({
      calls: [],
      error: expect.stringMatching(/ended inside/),
    });
    const r = readJsonCalls('[{"name": "a", "arguments": {"x": 1}}, {"name": "b"', false);
    expect(names(r)).toEqual(['a']);
    expect(kinds(r)).toEqual(['partial-call']);
    expect(names(readJsonCalls('[{"name": "a", "arguments": {"x": 1}}', false))).toEqual(['a']);
  });

  it('reports text after the JSON, or hands it back for bare output', () => {
    const r = readJsonCalls('{"name": "a"} and some words', true);
    expect(names(r)).toEqual(['a']);
    expect(r.issues?.[0]).toMatchObject({ kind: 'trailing-text', raw: 'and some words' });
    expect(readJsonCalls('[{"name": "a"}]\nDone.', false, { trailing: 'text' }).text).toBe('Done.');
  });

  it("puts Qwen-Agent's <code> part into the arguments", () => {
    const r = readJsonCalls(
      '{"name": "code_interpreter", "arguments": {}}\n<code>\nprint(1)\n</code>\n',
      true,
    );
    expect(r.calls).toEqual([{ name: 'code_interpreter', arguments: { code: 'print(1)' } }]);
  });

  it('fails with a reason when nothing in the body is a call', () => {
    expect(readJsonCalls('{"response": "hi"}', true).error).toMatch(/no "name"/);
    expect(readJsonCalls('[]', true).error).toMatch(/empty list/);
    expect(readJsonCalls('{"name": broken', true).error).toBeDefined();
  });

  it('keeps the calls and reports the values beside them that are not calls', () => {
    const r = readJsonCalls('{"name": "a"}\n{"arguments": {"x": 1}}', true);
    expect(names(r)).toEqual(['a']);
    expect(kinds(r)).toEqual(['malformed-call']);
  });
});

describe('maxCalls', () => {
  it('stops reading there and reports the rest once', () => {
    const lines = Array.from({ length: 10 }, (_, i) => `{"name": "f${i}"}`).join('\n');
    const r = readJsonCalls(lines, true, { maxCalls: 3 });
    expect(names(r)).toEqual(['f0', 'f1', 'f2']);
    expect(kinds(r)).toEqual(['limit-exceeded']);
    const array = readJsonCalls(`[${Array.from({ length: 10 }, () => '{"name": "g"}').join(',')}]`, true, {
      maxCalls: 2,
    });
    expect(names(array)).toEqual(['g', 'g']);
    expect(kinds(array)).toEqual(['limit-exceeded']);
  });
});

describe('startsWithJson', () => {
  it('is the prose test behind every tag', () => {
    expect(startsWithJson(' \n {"a"')).toBe(true);
    expect(startsWithJson('[')).toBe(true);
    expect(startsWithJson(' tags')).toBe(false);
    expect(startsWithJson('')).toBe(false);
  });
});
