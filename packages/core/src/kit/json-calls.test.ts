import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { isExactJsonCalls } from './exact-call-shape.js';
import { collectJsonCalls, JSON_CALL_SPELLINGS } from './json-call-object.js';
import {
  type JsonCallsOptions,
  type JsonCallsRead,
  jsonCallsBody,
  readJsonCalls as read,
  readJsonCallObjects,
  readJsonCallValues,
  startsWithJson,
} from './json-calls.js';
import { JsonValueScanner } from './json-scan.js';
import type { BodyContext } from './markup-spec.js';

// Hermes's tags: every spelling, a finished body repaired whole, Qwen-Agent's `<code>` part.
const HERMES: JsonCallsOptions = {
  ...JSON_CALL_SPELLINGS,
  repairWhole: true,
  codeArgument: 'code',
  vouchExact: true,
};
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

  it('reports the keys of a call object its call does not carry, alone or in a list', () => {
    for (const body of [
      '{"name": "a", "argument": {"x": 1}}',
      '[{"name": "b"}, {"name": "a", "argument": {"x": 1}}]',
    ]) {
      const r = readJsonCalls(body, true);
      expect(r.calls.find((c) => c.name === 'a')?.arguments).toEqual({});
      expect(r.issues).toEqual([
        {
          kind: 'trailing-text',
          message: 'Keys of the call "a" that hold no part of it were removed: "argument".',
          raw: '{"argument":{"x":1}}',
        },
      ]);
    }
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
    const bodies = [' \n {"a"', '[', ' tags', ''];
    expect(bodies.map((b) => startsWithJson(b))).toEqual([true, true, false, false]);
  });
});

describe('the declarations of the other families', () => {
  const react: JsonCallsOptions = {
    nameKeys: ['tool_name', 'name'],
    argumentKeys: ['parameters', 'arguments'],
    ids: ['tool_call_id', 'id'],
    noCall: new Set(['directly-answer']),
    openAi: false,
    values: 'one',
    brokenOff: 'partial-call',
  };

  it("reads Command R's keys first, its ids, and takes directly-answer for a choice, not a call", () => {
    const r = read(
      '[{"tool_call_id": 0, "tool_name": "f", "name": "g", "parameters": {"a": 1}}]',
      true,
      react,
    );
    expect(r.calls).toEqual([{ id: '0', name: 'f', arguments: { a: 1 } }]);
    expect(read('[{"tool_name": "directly-answer", "parameters": {}}]', true, react)).toEqual({
      calls: [],
      text: '',
    });
  });

  it('reports JSON that breaks off inside a string as a call the output ended inside, or repairs it', () => {
    const cut = '{"tool_name": "f", "parameters": {"q": "Par';
    const r = read(`{"tool_name": "g"}\n${cut}`, true, { ...react, values: 'many' });
    expect(names(r)).toEqual(['g']);
    expect(kinds(r)).toEqual(['partial-call']);
    expect(read(cut, true, react).error).toMatch(/inside a string/);
    expect(read(cut, true, { ...react, brokenOff: 'repair' }).calls).toEqual([
      { name: 'f', arguments: { q: 'Par' } },
    ]);
  });

  // Llama's shape: the arguments key required, `"type": "function"` or none, `;` between calls.
  const llama: JsonCallsOptions = { requireArguments: true, openAi: 'typed', separators: ';' };

  it("reads Llama's `;`-separated calls, and only calls: one value that is not breaks the block", () => {
    const two =
      '{"name": "a", "parameters": {}}; {"type": "function", "function": {"name": "b", "arguments": {}}}';
    expect(names(read(two, true, llama))).toEqual(['a', 'b']);
    const missing = '{"name": "a", "parameters": {}}; {"name": "b"}';
    expect(read(missing, true, { ...llama, allOrNothing: true }).error).toMatch(/no "arguments"/);
    expect(kinds(read(missing, true, llama))).toEqual(['malformed-call']);
    expect(read('{"name": "a", "type": "tool", "parameters": {}}', true, llama).calls).toEqual([]);
  });

  it('keeps the complete calls before a value the output ended inside, and not the list around it', () => {
    const r = read('{"name": "a", "parameters": {}}; {"name": "b", "param', false, {
      ...llama,
      allOrNothing: true,
    });
    expect(names(r)).toEqual(['a']);
    expect(kinds(r)).toEqual(['partial-call']);
    const list = '[{"name": "a", "parameters": {}}, {"name": "b"';
    expect(names(read(list, false, llama))).toEqual(['a']);
    expect(read(list, false, { ...llama, openLists: false }).calls).toEqual([]);
  });

  it('hands trailing text back, fails on it, or leaves it to the caller at `end`', () => {
    expect(read('{"name": "a"} Done.', true, { trailing: 'text' }).text).toBe('Done.');
    expect(read('{"name": "a"} Done.', true, { trailing: 'reject', allOrNothing: true }).error).toMatch(
      /text after/,
    );
    const left = readJsonCallValues('{"name": "a"} Done.', true, { values: 'one', trailing: 'leave' });
    expect(left.end).toBe('{"name": "a"}'.length);
    expect(left.issues).toEqual([]);
  });

  it('readJsonCallObjects: one object or a list, nothing else', () => {
    const ctx = { open: '<tool_call>', closed: true, options: { maxDepth: 64 } } as unknown as BodyContext;
    expect(readJsonCallObjects('[{"name": "a", "args": {"x": 1}}]', ctx).calls).toEqual([
      { name: 'a', arguments: { x: 1 } },
    ]);
    expect(readJsonCallObjects('{"name": "a"}\n{"name": "b"}', ctx).error).toBeDefined();
    expect(readJsonCallObjects('[{"name": "a"}, 42]', ctx).error).toMatch(/not a JSON object/);
    // OpenAI's `function` only when the object has no name of its own; no exact-shape vouching.
    const both = '{"name": "a", "function": {"name": "b", "arguments": {"x": 1}}}';
    expect(readJsonCallObjects(both, ctx).calls).toEqual([{ name: 'a', arguments: {} }]);
    expect(readJsonCallObjects('{"name": "a", "arguments": {}}', ctx).exactShape).toBeUndefined();
    expect(read('{"name": "a", "arguments": {}}', true, HERMES).exactShape).toBe(true);
  });
});

describe('one object read in place', () => {
  // The usual body is one object: take() reads its call without collecting a list around it.
  // Whatever the options, the reading is the one a list of that one object collected gives.
  const SHAPES: JsonCallsOptions[] = [
    {},
    HERMES,
    { ...HERMES, noCall: new Set(['skip']) },
    {
      nameKeys: ['tool_name', 'name'],
      argumentKeys: ['parameters'],
      ids: ['tool_call_id'],
      requireArguments: true,
    },
    { openAi: 'typed', ids: 'openai' },
    { nameKeyed: true, nesting: 0 },
    { nesting: -1 },
    { ...HERMES, maxCalls: 0 },
    { ...HERMES, allOrNothing: true },
    // The exact shape vouched for, but `parameters` not read: that key is reported.
    { ...HERMES, argumentKeys: ['arguments'] },
  ];
  const value = fc.dictionary(
    fc.constantFrom(
      'name',
      'arguments',
      'parameters',
      'function',
      'tool_name',
      'type',
      'id',
      'tool_call_id',
      'x',
    ),
    fc.oneof(
      fc.constantFrom('f', 'skip', ' ', '', 'function', 3, null),
      fc.dictionary(fc.constantFrom('a', 'name', 'arguments'), fc.constantFrom(1, 'g', 'function')),
    ),
  );
  it('in a block body, reports the key of an exact-shaped object that the shape does not read', () => {
    const shape = { ...HERMES, argumentKeys: ['arguments'] };
    const ctx = { options: { maxCalls: 100, maxDepth: 64 }, closed: true, open: '' } as BodyContext;
    const r = jsonCallsBody(shape)('{"name": "f", "parameters": {"a": 1}}', ctx);
    expect(r.calls).toEqual([{ name: 'f', arguments: {} }]);
    expect(r.issues?.map((i) => i.raw)).toEqual(['{"parameters":{"a":1}}']);
  });

  it('in a block body, gives what readJsonCalls gives', () => {
    fc.assert(
      fc.property(value, fc.nat(SHAPES.length - 1), fc.constantFrom(' ', '\n', ''), (object, which, pad) => {
        const { maxCalls, ...shape } = SHAPES[which]!;
        const body = `${pad}${JSON.stringify(object)}${pad}`;
        for (const closed of [true, false]) {
          const ctx = {
            options: { maxCalls: maxCalls ?? 100, maxDepth: 64 },
            closed,
            open: '',
          } as BodyContext;
          expect(jsonCallsBody(shape)(body, ctx)).toEqual(
            read(body, closed, { ...shape, maxCalls: maxCalls ?? 100, maxDepth: 64 }),
          );
        }
      }),
    );
  });

  it('gives the calls, rejections and choice collectJsonCalls finds in it', () => {
    fc.assert(
      fc.property(value, fc.nat(SHAPES.length - 1), (object, which) => {
        const options = SHAPES[which]!;
        const read = readJsonCallValues(JSON.stringify(object), true, options);
        const found = collectJsonCalls(object, options);
        if (options.allOrNothing && found.rejected.length > 0) {
          expect(read.calls).toEqual([]);
          expect(read.rejected.map((r) => r.reason)).toEqual([found.rejected[0]!.reason]);
          return;
        }
        expect(read.calls).toEqual(found.calls.slice(0, options.maxCalls ?? Number.POSITIVE_INFINITY));
        expect(read.declined).toBe(found.declined);
        expect(read.rejected.map((r) => r.reason)).toEqual(found.rejected.map((r) => r.reason));
        expect(read.issues.filter((i) => i.kind === 'limit-exceeded').length).toBe(
          found.calls.length > (options.maxCalls ?? Number.POSITIVE_INFINITY) ? 1 : 0,
        );
        // Keys the calls do not carry are reported, call by call, as collectJsonCalls finds them.
        expect(read.issues.filter((i) => i.kind !== 'limit-exceeded')).toEqual(found.unread);
        expect(read.exact).toBe(!options.vouchExact || isExactJsonCalls(object));
      }),
    );
  });
});

describe('readJsonCallValues given the scan of a value that does not close', () => {
  const options: JsonCallsOptions = { values: 'one', brokenOff: 'partial-call', trailing: 'leave' };
  const value = fc
    .array(
      fc.constantFrom(
        '[',
        '{',
        '"name": "f"',
        '"arguments": {',
        '"a": "',
        '1',
        ',',
        '"',
        '\\',
        ']',
        '}',
        ' ',
        "'",
      ),
      {
        minLength: 1,
        maxLength: 30,
      },
    )
    .map((parts) => (parts[0] === '[' || parts[0] === '{' ? '' : '[') + parts.join(''));

  const outcome = ({ calls, issues, rejected, declined, end, text, strict, exact }: JsonCallsRead) => ({
    calls,
    issues,
    rejected,
    declined,
    end,
    text,
    strict,
    exact,
  });

  it('scans no value twice in a body that did not finish, the element a list left open included', () => {
    fc.assert(
      fc.property(value, (body) => {
        const feed = vi.spyOn(JsonValueScanner.prototype, 'feed');
        try {
          readJsonCallValues(body, false, { ...options, values: 'many' });
          const starts = feed.mock.calls.map(([, start]) => start);
          expect(new Set(starts).size).toBe(starts.length);
        } finally {
          feed.mockRestore();
        }
      }),
      { numRuns: 400 },
    );
    const feed = vi.spyOn(JsonValueScanner.prototype, 'feed');
    try {
      const r = readJsonCallValues('[{"name": "f", "arguments": {"a": "'.repeat(10_000), false);
      expect(r.rejected.map((x) => x.kind)).toEqual(['partial-call']);
      expect(feed).toHaveBeenCalledTimes(1);
    } finally {
      feed.mockRestore();
    }
  });

  it('reads what it reads when it scans the value itself, with no scan of its own', () => {
    fc.assert(
      fc.property(value, fc.boolean(), (body, closed) => {
        const scanner = new JsonValueScanner();
        if (scanner.feed(body, 0) !== -1) return;
        const scanned = { failed: scanner.failed, inString: scanner.inString, depth: scanner.depth };
        const feed = vi.spyOn(JsonValueScanner.prototype, 'feed');
        try {
          const given = readJsonCallValues(body, closed, options, scanned);
          const scans = feed.mock.calls.filter(([, start]) => start === 0).length;
          feed.mockClear();
          const own = readJsonCallValues(body, closed, options);
          expect(outcome(given)).toEqual(outcome(own));
          // Its own read scans the value from 0 once, to find its end and how it did not close.
          expect(scans).toBe(0);
          expect(feed.mock.calls.filter(([, start]) => start === 0).length).toBe(1);
        } finally {
          feed.mockRestore();
        }
      }),
      { numRuns: 400 },
    );
  });
});
