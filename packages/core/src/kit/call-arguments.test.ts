import { describe, expect, it } from 'vitest';
import { resolveParseOptions } from '../options.js';
import { readCallArguments } from './call-arguments.js';
import type { BodyContext } from './markup-spec.js';

const ctx = (closed: boolean): BodyContext => ({
  options: resolveParseOptions({}),
  closed,
  open: '<|call|>',
});

describe('readCallArguments', () => {
  it('reads strict JSON with one parse and says so', () => {
    expect(readCallArguments(' {"city": "Paris"} ', 'f{…}', ctx(true))).toEqual({
      ok: true,
      value: { city: 'Paris' },
      strict: true,
      issues: [],
    });
  });

  it('takes nothing as no arguments, and a JSON string of an object as arguments', () => {
    expect(readCallArguments('  ', 'f', ctx(true))).toMatchObject({ ok: true, value: {} });
    expect(readCallArguments('"{\\"a\\": 1}"', 'f', ctx(true))).toMatchObject({
      ok: true,
      value: '{"a": 1}',
    });
  });

  it('repairs a finished call and reports the repair; removes text after the value', () => {
    const repaired = readCallArguments("{'a': 1,}", 'f', ctx(true));
    expect(repaired).toMatchObject({ ok: true, value: { a: 1 }, strict: false });
    expect(repaired.ok && repaired.issues.map((i) => i.kind)).toEqual(['json-repaired']);
    const trailing = readCallArguments('{"a": 1} and more', 'f', ctx(true));
    expect(trailing.ok && trailing.issues.map((i) => i.kind)).toEqual(['trailing-text']);
  });

  it('never returns half the arguments of a call the output cut off', () => {
    const cut = readCallArguments('{"city": "Par', 'f{"city": "Par', ctx(false));
    expect(cut.ok).toBe(false);
    expect(!cut.ok && cut.result.issues?.[0]).toMatchObject({
      kind: 'partial-call',
      raw: '<|call|>f{"city": "Par',
    });
    expect(readCallArguments('{"city": "Paris"}', 'f', ctx(false))).toMatchObject({ ok: true });
  });

  it('refuses what is not an object', () => {
    expect(readCallArguments('[1, 2]', 'f', ctx(true))).toMatchObject({
      ok: false,
      result: { error: 'the arguments are not a JSON object' },
    });
  });
});
