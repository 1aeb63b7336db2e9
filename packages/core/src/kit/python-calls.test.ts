import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PythonCallListReader,
  type PythonCallsResult,
  parsePythonCalls,
  parsePythonLiteral,
} from './python-calls.js';
import { formatPythonCall, formatPythonString, formatPythonValue } from './python-format.js';

/** The calls of a successful parse, as { name, arguments, positional }; fails the test otherwise. */
function calls(text: string, options?: Parameters<typeof parsePythonCalls>[1]) {
  const result = parsePythonCalls(text, options);
  if (!result.ok) throw new Error(`expected a parse, got ${result.error} at ${result.offset}`);
  return result.calls;
}

/** The keyword arguments of the only call in `text`. */
function args(text: string): Record<string, unknown> {
  const parsed = calls(text);
  expect(parsed).toHaveLength(1);
  return parsed[0]!.arguments;
}

function literal(text: string): unknown {
  const result = parsePythonLiteral(text);
  if (!result.ok) throw new Error(`expected a literal, got ${result.error} at ${result.offset}`);
  return result.value;
}

function failure(result: PythonCallsResult | ReturnType<typeof parsePythonLiteral>) {
  if (result.ok) throw new Error('expected an error result');
  return result;
}

describe('parsePythonCalls — the formats that write it', () => {
  it('reads the Llama 3.2 example list', () => {
    const text = "[get_weather(city='San Francisco', metric='celsius'), get_time()]";
    const result = parsePythonCalls(text);
    expect(result).toEqual({
      ok: true,
      calls: [
        { name: 'get_weather', arguments: { city: 'San Francisco', metric: 'celsius' }, positional: [] },
        { name: 'get_time', arguments: {}, positional: [] },
      ],
      end: text.length,
    });
  });

  it('reads double-quoted Llama 4 calls and single-quoted LFM2 calls without spaces', () => {
    expect(
      calls('[get_weather(location="Vancouver"), calculate_route(start="Boston", end="New York")]'),
    ).toEqual([
      { name: 'get_weather', arguments: { location: 'Vancouver' }, positional: [] },
      { name: 'calculate_route', arguments: { start: 'Boston', end: 'New York' }, positional: [] },
    ]);
    expect(calls("[bash(command='ls'),bash(command='pwd')]").map((c) => c.arguments.command)).toEqual([
      'ls',
      'pwd',
    ]);
  });

  it('reads bare Gemma tool_code lines separated by newlines, semicolons or commas', () => {
    expect(calls('get_weather(city="Paris")\nget_time(zone="CET")')).toEqual([
      { name: 'get_weather', arguments: { city: 'Paris' }, positional: [] },
      { name: 'get_time', arguments: { zone: 'CET' }, positional: [] },
    ]);
    expect(calls('f(a=1); g(b=2), h()').map((c) => c.name)).toEqual(['f', 'g', 'h']);
    expect(calls('f(a=1)\n# then the time\ng()').map((c) => c.name)).toEqual(['f', 'g']);
  });

  it('stops before prose that follows bare calls and says where', () => {
    const text = 'get_weather(city="Paris")\nLet me check that. (soon)';
    const result = parsePythonCalls(text);
    expect(result.ok && result.calls.length).toBe(1);
    expect(result.ok && result.end).toBe(text.indexOf('Let'));
    // The separator before prose is not swallowed.
    const withComma = 'f(a=1), and then more';
    const second = parsePythonCalls(withComma);
    expect(second.ok && second.end).toBe('f(a=1)'.length);
  });

  it('rejects bare calls when allowBareCall is false', () => {
    const result = failure(parsePythonCalls('f(a=1)', { allowBareCall: false }));
    expect(result.offset).toBe(0);
    expect(result.error).toContain("'['");
    expect(calls('[f(a=1)]', { allowBareCall: false })).toHaveLength(1);
  });

  it('accepts whitespace around, a trailing comma and the empty list', () => {
    expect(calls('  \n [ f(a=1, ) , g() , ]\n ')).toHaveLength(2);
    expect(parsePythonCalls('[]')).toEqual({ ok: true, calls: [], end: 2 });
    expect(parsePythonCalls('[ \n ]  ')).toEqual({ ok: true, calls: [], end: 7 });
  });

  it('reports in `end` where the list stopped, so the caller sees trailing text', () => {
    const result = parsePythonCalls('[f()] and some text');
    expect(result).toMatchObject({ ok: true, end: 6 });
  });

  it('starts at `start` and reports offsets into the whole text', () => {
    const text = 'I will call [f(a=1)] now';
    const start = text.indexOf('[');
    expect(parsePythonCalls(text, { start })).toMatchObject({ ok: true, end: text.indexOf('now') });
    const bad = 'prefix [f(a=)]';
    expect(failure(parsePythonCalls(bad, { start: 7 })).offset).toBe(bad.indexOf(')'));
  });

  it('keeps dotted names whole', () => {
    expect(
      calls('[brave_search.call(query="x"), functions.get_weather(city="Oslo")]').map((c) => c.name),
    ).toEqual(['brave_search.call', 'functions.get_weather']);
  });

  it('accepts unicode identifiers and values', () => {
    expect(calls("[天気(都市='東京')]")).toEqual([
      { name: '天気', arguments: { 都市: '東京' }, positional: [] },
    ]);
    expect(args("get_weather(city='東京', note='😀 ok')")).toEqual({ city: '東京', note: '😀 ok' });
  });

  it('puts positional arguments in `positional` and keywords in `arguments`', () => {
    expect(calls("[f('a', 2, b=True)]")).toEqual([
      { name: 'f', arguments: { b: true }, positional: ['a', 2] },
    ]);
  });

  it('keeps the last value of a repeated keyword', () => {
    expect(args('f(a=1, b=2, a=3)')).toEqual({ a: 3, b: 2 });
  });

  it('reads `**{…}` for keys that are not identifiers', () => {
    expect(args("f(a=1, **{'my-key': 'v', 'from': 2})")).toEqual({ a: 1, 'my-key': 'v', from: 2 });
    expect(failure(parsePythonCalls('f(**[1])')).error).toContain("'**'");
    expect(failure(parsePythonCalls('f(*x)')).error).toContain("'*'");
  });
});

describe('parsePythonCalls — strings', () => {
  it('is not fooled by brackets, parens, commas, quotes and = inside strings', () => {
    expect(args('f(q="a), b=(")')).toEqual({ q: 'a), b=(' });
    expect(args("f(q='[x], {y}: z=1', r=\"it's\", s='say \"hi\"')")).toEqual({
      q: '[x], {y}: z=1',
      r: "it's",
      s: 'say "hi"',
    });
    expect(calls("[f(q='], g('), h()]").map((c) => c.name)).toEqual(['f', 'h']);
  });

  it('decodes escaped quotes and the common escapes', () => {
    expect(args("f(a='it\\'s', b=\"say \\\"hi\\\"\", c='back\\\\slash')")).toEqual({
      a: "it's",
      b: 'say "hi"',
      c: 'back\\slash',
    });
    expect(literal("'a\\nb\\tc\\r'")).toBe('a\nb\tc\r');
    expect(literal("'\\u00e9\\x41\\U0001F600\\101\\0'")).toBe('éA😀A\0');
    expect(literal("'\\a\\b\\f\\v'")).toBe('\x07\b\f\v');
  });

  it('keeps unknown and malformed escapes literally, as Python does', () => {
    expect(literal("'C:\\path\\d'")).toBe('C:\\path\\d');
    expect(literal("'\\xZZ \\u12 \\N{DASH}'")).toBe('\\xZZ \\u12 \\N{DASH}');
  });

  it('drops an escaped newline (line continuation)', () => {
    expect(literal("'one \\\ntwo'")).toBe('one two');
  });

  it('reads triple-quoted, raw and prefixed strings', () => {
    expect(literal("'''it's\n\"multi\"\nline'''")).toBe('it\'s\n"multi"\nline');
    expect(literal('"""a""b"""')).toBe('a""b');
    expect(literal("r'C:\\new\\table'")).toBe('C:\\new\\table');
    expect(literal("r'a\\'b'")).toBe("a\\'b");
    expect(literal("b'bytes' u'text' Rb'\\d'")).toBe('bytestext\\d');
  });

  it('concatenates adjacent literals, across newlines inside parens', () => {
    expect(args('f(a="x" "y"\n  \'z\')')).toEqual({ a: 'xyz' });
    expect(literal('"a"   "b"')).toBe('ab');
  });

  it('keeps a newline inside a one-quote string', () => {
    expect(args("f(text='line 1\nline 2')")).toEqual({ text: 'line 1\nline 2' });
  });
});

describe('parsePythonCalls — values', () => {
  it('reads True/False/None and the JSON spellings models mix in', () => {
    expect(args('f(a=True, b=False, c=None, d=true, e=false, f=null)')).toEqual({
      a: true,
      b: false,
      c: null,
      d: true,
      e: false,
      f: null,
    });
  });

  it('reads nested lists, tuples, sets and dicts', () => {
    expect(
      args(
        "f(items=[1, [2, [3, {'k': (4, 5)}]]], t=(1,), p=(1), s={1, 2}, e={}, d={'a': {'b': [True, None]}})",
      ),
    ).toEqual({
      items: [1, [2, [3, { k: [4, 5] }]]],
      t: [1],
      p: 1,
      s: [1, 2],
      e: {},
      d: { a: { b: [true, null] } },
    });
    expect(literal('()')).toEqual([]);
    expect(literal('[1, 2,]')).toEqual([1, 2]);
  });

  it('stringifies dict keys that are not strings, as a JSON encoder would', () => {
    expect(literal("{1: 'a', 2.5: 'b', True: 'c', None: 'd', (1, 2): 'e', key: 'f'}")).toEqual({
      '1': 'a',
      '2.5': 'b',
      true: 'c',
      null: 'd',
      '[1,2]': 'e',
      key: 'f',
    });
  });

  it('reads ints, floats, signs, separators and other bases', () => {
    expect(literal('[0, 42, -7, +3, 1_000_000, 0x1F, 0o17, 0b101, -0xff]')).toEqual([
      0, 42, -7, 3, 1000000, 31, 15, 5, -255,
    ]);
    expect(literal('[1.5, -2.25, 1e-3, 1E3, .5, 5., 1_0.5, - 1]')).toEqual([
      1.5, -2.25, 0.001, 1000, 0.5, 5, 10.5, -1,
    ]);
  });

  it('keeps numbers JSON cannot hold as strings, and notes them', () => {
    const result = parsePythonCalls(
      "f(a=1e999, b=-1e999, c=float('inf'), d=float('-inf'), e=float('nan'), f=-inf, g=98765432109876543210, h=0123, i=float('2.5'))",
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.calls[0]!.arguments).toEqual({
      a: '1e999',
      b: '-1e999',
      c: 'inf',
      d: '-inf',
      e: 'nan',
      f: '-inf',
      g: '98765432109876543210',
      h: '0123',
      i: 2.5,
    });
    // Valid JSON, and it says the same thing after a round trip.
    const json = JSON.stringify(result.calls[0]!.arguments);
    expect(JSON.parse(json)).toEqual(result.calls[0]!.arguments);
    expect(json).not.toContain('null');
    expect(result.notes?.length).toBeGreaterThanOrEqual(8);
  });

  it('reads a bare name as its text (ToolACE), joining words up to the next keyword', () => {
    expect(calls('[get_weather(location=Paris, unit=celsius)]')[0]!.arguments).toEqual({
      location: 'Paris',
      unit: 'celsius',
    });
    expect(args('f(location=San Francisco, unit=Unit.CELSIUS)')).toEqual({
      location: 'San Francisco',
      unit: 'Unit.CELSIUS',
    });
    expect(calls('[f(Paris)]')[0]!.positional).toEqual(['Paris']);
    expect(parsePythonCalls('f(a=Paris)')).toMatchObject({ ok: true, notes: [{ offset: 4 }] });
  });

  it('accepts a missing comma between keyword arguments (vLLM Gemma 3 template) with a note', () => {
    const result = parsePythonCalls(
      '[get_weather(location="Paris"unit="celsius"), get_weather(location="London")]',
    );
    expect(result).toMatchObject({
      ok: true,
      calls: [{ arguments: { location: 'Paris', unit: 'celsius' } }, { arguments: { location: 'London' } }],
    });
    expect(result.ok && result.notes?.[0]?.message).toContain("missing ','");
    expect(args('f(location=Paris unit=celsius)')).toEqual({ location: 'Paris', unit: 'celsius' });
  });

  it('turns literal-building calls into literals and keeps other calls as source text', () => {
    expect(args("f(a=dict(x=1, y='z'), b=list(), c=set([1, 2]), d=datetime.date(2024, 1, 1))")).toEqual({
      a: { x: 1, y: 'z' },
      b: [],
      c: [1, 2],
      d: 'datetime.date(2024, 1, 1)',
    });
  });

  it('skips comments inside the brackets', () => {
    expect(calls('[\n  f(a=1),  # first\n  g(b=2)  # second\n]').map((c) => c.arguments)).toEqual([
      { a: 1 },
      { b: 2 },
    ]);
  });
});

describe('parsePythonCalls — hostile keys', () => {
  it('makes __proto__ an own property and leaves Object.prototype alone', () => {
    const result = args(
      "f(a={'__proto__': {'polluted': True}}, __proto__={'polluted': True}, **{'__proto__': 1})",
    );
    const a = result.a as Record<string, unknown>;
    expect(Object.hasOwn(a, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(a)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(a, '__proto__')?.value).toEqual({ polluted: true });
    expect(Object.hasOwn(result, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(result, '__proto__')?.value).toBe(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.parse(JSON.stringify(result))).toEqual(
      JSON.parse('{"a":{"__proto__":{"polluted":true}},"__proto__":1}'),
    );
  });

  it('treats constructor and prototype as ordinary keys', () => {
    const result = literal("{'constructor': {'prototype': {'x': 1}}}") as Record<string, unknown>;
    expect(result.constructor).toEqual({ prototype: { x: 1 } });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('parsePythonCalls — errors', () => {
  it('names the unclosed call and where it opened', () => {
    expect(failure(parsePythonCalls('f(a=1'))).toEqual({
      ok: false,
      error: "expected ')' to close call 'f' opened at 1",
      offset: 5,
    });
    const mismatched = failure(parsePythonCalls('[f(a=1]'));
    expect(mismatched.offset).toBe(6);
    expect(mismatched.error).toContain("call 'f' opened at 2");
  });

  it('names the unclosed list', () => {
    expect(failure(parsePythonCalls('[f(a=1)'))).toEqual({
      ok: false,
      error: "expected ']' to close the call list opened at 0",
      offset: 7,
    });
    expect(failure(parsePythonCalls('[f(a=1) g'))).toMatchObject({ offset: 9 });
    expect(failure(parsePythonCalls('[f(a=[1, 2)]')).offset).toBe(10);
    expect(failure(parsePythonCalls("[f(a={'k': 1)]")).offset).toBe(12);
  });

  it('reports an unterminated string at the end, naming where it opened', () => {
    const result = failure(parsePythonCalls("[f(a='abc)]"));
    expect(result).toEqual({ ok: false, error: 'unterminated string opened at 5', offset: 11 });
  });

  it('reports a missing value at the place it should be', () => {
    expect(failure(parsePythonCalls('[f(a=, b=1)]'))).toMatchObject({ offset: 5 });
    expect(failure(parsePythonCalls('[f(a=, b=1)]')).error).toContain("value for 'a'");
    expect(failure(parsePythonCalls("f(a={'k': })")).offset).toBe(10);
  });

  it('rejects text that is not a call, and non-call list items', () => {
    expect(failure(parsePythonCalls('Sure, here you go.'))).toMatchObject({ offset: 0 });
    expect(failure(parsePythonCalls('   '))).toMatchObject({ offset: 3 });
    expect(failure(parsePythonCalls('[1, 2]'))).toMatchObject({ offset: 1 });
    expect(failure(parsePythonCalls('[f]'))).toMatchObject({ offset: 2 });
    expect(failure(parsePythonCalls('f(a=3px)'))).toMatchObject({ offset: 5 });
  });

  it('returns an error for non-string input instead of throwing', () => {
    expect(parsePythonCalls(undefined as unknown as string).ok).toBe(false);
    expect(parsePythonLiteral(42 as unknown as string).ok).toBe(false);
  });
});

describe('depth', () => {
  it('returns an error for 100000 nested brackets instead of overflowing the stack', () => {
    const deep = '['.repeat(100_000);
    expect(parsePythonCalls(deep).ok).toBe(false);
    expect(parsePythonCalls(`f(a=${deep}`).ok).toBe(false);
    const literalResult = failure(parsePythonLiteral(deep));
    expect(literalResult.error).toContain('maxDepth');
    expect(literalResult.offset).toBe(256);
    expect(parsePythonLiteral('{"a": '.repeat(100_000)).ok).toBe(false);
    expect(parsePythonLiteral('f('.repeat(100_000)).ok).toBe(false);
    expect(parsePythonLiteral('-float('.repeat(100_000)).ok).toBe(false);
  });

  it('honours a custom maxDepth', () => {
    expect(parsePythonLiteral('[[1]]', { maxDepth: 2 }).ok).toBe(true);
    expect(parsePythonLiteral('[[[1]]]', { maxDepth: 2 })).toMatchObject({ ok: false, offset: 2 });
    expect(parsePythonCalls('[f(a=[1])]', { maxDepth: 2 }).ok).toBe(false);
    expect(parsePythonCalls('[f(a=[1])]', { maxDepth: 3 }).ok).toBe(true);
  });

  it('does not throw even when the caller lifts maxDepth past the stack', () => {
    expect(() =>
      parsePythonLiteral('['.repeat(1_000_000), { maxDepth: Number.POSITIVE_INFINITY }),
    ).not.toThrow();
  });
});

describe('linear time on pathological inputs (1 MiB)', () => {
  const MiB = 1 << 20;
  const fill = (unit: string, prefix = '') =>
    prefix + unit.repeat(Math.ceil((MiB - prefix.length) / unit.length));

  it('returns for the inputs that made regex parsers hang', () => {
    const inputs = [
      fill('[foo(a=, b=, c='),
      fill('\t)A(A=,\t', 'hello world[A(A='),
      fill('f(a=1)\n'),
      fill('f(a=1), '),
      fill('f(a=', '['),
      fill('x ', '[f(a='),
      fill('a', "[f(a='"),
      fill('\\\\', '[f(a="'),
      fill('1', '[f(a='),
      fill('# comment ', 'f()\n'),
      fill(';', 'f()'),
      fill('f(', ''),
      fill('(', '[f(a='),
      fill('"a" ', '[f(a='),
      fill('a=', '[f('),
      fill('a.', '[f(a='),
    ];
    for (const input of inputs) {
      const result = parsePythonCalls(input);
      expect(typeof result.ok).toBe('boolean');
      // Also from the `[` a caller would find, without slicing.
      const bracket = input.indexOf('[');
      if (bracket > 0) expect(typeof parsePythonCalls(input, { start: bracket }).ok).toBe('boolean');
      expect(typeof parsePythonLiteral(input).ok).toBe('boolean');
    }
    const many = parsePythonCalls(fill('f(a=1)\n'));
    expect(many.ok && many.calls.length).toBeGreaterThan(100_000);
  }, 60_000);
});

describe('parsePythonLiteral', () => {
  it('reads one value and reports where it ended', () => {
    expect(parsePythonLiteral("  {'a': [1, 2]}  tail")).toEqual({ ok: true, value: { a: [1, 2] }, end: 17 });
    expect(parsePythonLiteral('None')).toEqual({ ok: true, value: null, end: 4 });
  });

  it('returns an error for empty input', () => {
    expect(parsePythonLiteral('')).toMatchObject({ ok: false, offset: 0 });
  });
});

describe('formatPythonCall', () => {
  it('renders keyword arguments as Python literals', () => {
    expect(formatPythonCall('f', { a: 1, b: 'x', c: null, d: [1, 2], e: { k: true } })).toBe(
      "f(a=1, b='x', c=None, d=[1, 2], e={'k': True})",
    );
    expect(formatPythonCall('get_time', {})).toBe('get_time()');
    expect(formatPythonCall('f', { a: 'x', b: { k: false } }, '"')).toBe('f(a="x", b={"k": False})');
  });

  it('escapes quotes, backslashes and control characters', () => {
    expect(formatPythonString('it\'s a \\ \n\t\x01 "q"')).toBe("'it\\'s a \\\\ \\n\\t\\x01 \"q\"'");
    expect(formatPythonString('say "hi"', '"')).toBe('"say \\"hi\\""');
    expect(formatPythonString('\ud800 😀')).toBe("'\\ud800 😀'");
  });

  it('writes keys that are not identifiers (or are reserved words) in **{…}', () => {
    expect(formatPythonCall('f', { a: 1, 'my-key': 2, from: 3 })).toBe("f(a=1, **{'my-key': 2, 'from': 3})");
  });

  it('writes numbers so they read back as the same number', () => {
    expect(formatPythonValue(1e21)).toBe('1e+21');
    expect(formatPythonValue(2 ** 60)).toBe('1.152921504606847e+18');
    expect(formatPythonValue(Number.NaN)).toBe("float('nan')");
    expect(formatPythonValue(Number.NEGATIVE_INFINITY)).toBe("float('-inf')");
    expect(formatPythonValue(-0)).toBe('-0.0');
    expect(literal(formatPythonValue(2 ** 60))).toBe(2 ** 60);
  });

  it('does not loop on a cyclic value', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(formatPythonCall('f', { v: cyclic })).toBe("f(v={'a': 1, 'self': None})");
  });
});

// ---- properties --------------------------------------------------------------------------------

/** Strings built from the fragments that matter to this parser. */
const pythonish = fc
  .array(
    fc.constantFrom(
      '[',
      ']',
      'f(',
      'g.h(',
      ')',
      'a=',
      '**',
      '*',
      "'",
      '"',
      "'''",
      '\\',
      '\\x',
      '\\u',
      ',',
      ';',
      '{',
      '}',
      ':',
      ' ',
      '\n',
      '#',
      '-',
      '1',
      '.5',
      'e9',
      '0x',
      '_',
      'True',
      'r',
      'b',
      'float(',
      'dict(',
      'Paris',
      '東京',
    ),
    { maxLength: 60 },
  )
  .map((parts) => parts.join(''));

const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme' }),
  pythonish,
);

describe('properties', () => {
  it('never throws, and ok results are JSON-serialisable with end in range', () => {
    fc.assert(
      fc.property(anyText, fc.boolean(), (text, allowBareCall) => {
        const result = parsePythonCalls(text, { allowBareCall });
        if (result.ok) {
          expect(result.end).toBeGreaterThan(0);
          expect(result.end).toBeLessThanOrEqual(text.length);
          expect(() => JSON.stringify(result.calls)).not.toThrow();
        } else {
          expect(result.offset).toBeGreaterThanOrEqual(0);
          expect(result.offset).toBeLessThanOrEqual(text.length);
        }
        const value = parsePythonLiteral(text);
        if (value.ok) expect(value.end).toBeLessThanOrEqual(text.length);
      }),
      { numRuns: 3000 },
    );
  });

  it('never throws on a wrapped fragment soup', () => {
    fc.assert(
      fc.property(pythonish, (body) => {
        for (const text of [`[f(${body})]`, `f(a=${body})`, `[${body}`]) {
          expect(typeof parsePythonCalls(text).ok).toBe('boolean');
          expect(typeof parsePythonLiteral(text).ok).toBe('boolean');
        }
      }),
      { numRuns: 1000 },
    );
  });

  const hasNegativeZero = (value: unknown): boolean => {
    if (Object.is(value, -0)) return true;
    if (Array.isArray(value)) return value.some(hasNegativeZero);
    if (value !== null && typeof value === 'object') return Object.values(value).some(hasNegativeZero);
    return false;
  };
  const identifier = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,12}$/);
  const dottedName = fc.array(identifier, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('.'));
  const argumentRecord = fc.dictionary(
    identifier,
    fc.jsonValue().filter((v) => !hasNegativeZero(v)),
    {
      maxKeys: 6,
    },
  );
  const callList = fc.array(fc.record({ name: dottedName, arguments: argumentRecord }), { maxLength: 4 });

  it('round-trips call lists through formatPythonCall and parsePythonCalls', () => {
    fc.assert(
      fc.property(callList, fc.constantFrom<"'" | '"'>("'", '"'), (list, quote) => {
        const text = '[' + list.map((c) => formatPythonCall(c.name, c.arguments, quote)).join(', ') + ']';
        const result = parsePythonCalls(text);
        if (!result.ok) throw new Error(`${result.error} at ${result.offset} in ${text}`);
        expect(result.end).toBe(text.length);
        expect(result.calls.map((c) => c.name)).toEqual(list.map((c) => c.name));
        expect(result.calls.map((c) => c.arguments)).toEqual(list.map((c) => c.arguments));
        expect(result.calls.every((c) => c.positional.length === 0)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('round-trips any string, keys included, through bare calls too', () => {
    const anyString = fc.oneof(fc.string(), fc.string({ unit: 'binary' }));
    fc.assert(
      fc.property(fc.dictionary(anyString, anyString, { maxKeys: 4 }), (record) => {
        const text = formatPythonCall('f', record) + '\n' + formatPythonCall('g', record, '"');
        const result = parsePythonCalls(text);
        if (!result.ok) throw new Error(`${result.error} at ${result.offset} in ${text}`);
        expect(result.calls.map((c) => c.arguments)).toEqual([record, record]);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('PythonCallListReader', () => {
  it('reads a list at each start as parsePythonCalls does, and on a failure keeps only its offset', () => {
    const text = 'x [f(a=1, b="y")] [g(\'z\') [h(a=@ [k(**{"q": 2})]  ';
    const reader = new PythonCallListReader(text, 8);
    for (let start = 0; start <= text.length; start++) {
      const expected = parsePythonCalls(text, { start, maxDepth: 8, allowBareCall: false });
      const read = reader.read(start);
      if (expected.ok) expect(read).toEqual(expected);
      else {
        expect(read).toBeNull();
        expect(reader.failedAt).toBe(expected.offset);
      }
    }
  });

  it('agrees with parsePythonCalls at every start of fragment soup, one reader for all of them', () => {
    fc.assert(
      fc.property(pythonish, fc.integer({ min: 1, max: 6 }), (text, maxDepth) => {
        const reader = new PythonCallListReader(text, maxDepth);
        for (let start = 0; start <= text.length; start++) {
          const expected = parsePythonCalls(text, { start, maxDepth, allowBareCall: false });
          const read = reader.read(start);
          expect(read === null ? { ok: false, offset: reader.failedAt } : read).toEqual(
            expected.ok ? expected : { ok: false, offset: expected.offset },
          );
        }
      }),
      { numRuns: 300 },
    );
  });
});
