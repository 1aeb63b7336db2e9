import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CallShape,
  collectJsonCalls,
  JSON_CALL_SPELLINGS,
  type JsonCallShape,
  jsonCallFrom,
  unreadKeysIssue,
  usualCall,
} from './json-call-object.js';

// Hermes's tags read every spelling; these tests read through that declaration.
const toRawCall = (value: unknown, shape: JsonCallShape = {}) =>
  jsonCallFrom(value, { ...JSON_CALL_SPELLINGS, ...shape });
const collectCalls = (value: unknown) => collectJsonCalls(value, JSON_CALL_SPELLINGS);

describe('jsonCallFrom: the spellings of one call', () => {
  it('reads {"name", "arguments"} and the parameters / args / input aliases', () => {
    expect(toRawCall({ name: 'f', arguments: { a: 1 } })).toEqual({ name: 'f', arguments: { a: 1 } });
    expect(toRawCall({ name: 'f', parameters: { a: 1 } })).toEqual({ name: 'f', arguments: { a: 1 } });
    expect(toRawCall({ name: 'f', args: { a: 1 } })).toEqual({ name: 'f', arguments: { a: 1 } });
    expect(toRawCall({ name: 'f', input: { a: 1 } })).toEqual({ name: 'f', arguments: { a: 1 } });
  });

  it('takes the name from "function" or "tool" (an agent’s leaked-call report) and keeps string arguments for the engine', () => {
    expect(toRawCall({ function: 'f', parameters: { a: 1 } })).toEqual({ name: 'f', arguments: { a: 1 } });
    expect(toRawCall({ id: '1', tool: 'q', parameters: { sql: 'x' } })).toEqual({
      name: 'q',
      arguments: { sql: 'x' },
    });
    expect(toRawCall({ name: 'f', arguments: '{"a": 1}' })).toEqual({ name: 'f', arguments: '{"a": 1}' });
  });

  it("reads OpenAI's {id, type, function: {name, arguments}} and keeps its id", () => {
    expect(toRawCall({ id: 'c1', type: 'function', function: { name: 'f', arguments: { a: 1 } } })).toEqual({
      id: 'c1',
      name: 'f',
      arguments: { a: 1 },
    });
  });

  it('gives a call without arguments empty ones', () => {
    expect(toRawCall({ name: 'refresh' })).toEqual({ name: 'refresh', arguments: {} });
  });

  it('rejects what is not a call, saying why', () => {
    expect(toRawCall({ name: 123 })).toMatch(/no "name"/);
    expect(toRawCall({ response: 'hi' })).toMatch(/no "name"/);
    expect(toRawCall({ name: '  ' })).toMatch(/no "name"/);
  });

  it('does not take a tool definition (an echoed <tools> list) for a call', () => {
    const definition = {
      name: 'get_weather',
      description: 'Weather',
      parameters: { type: 'object', properties: { city: { type: 'string' } } },
    };
    expect(toRawCall(definition)).toMatch(/tool definition/);
    expect(toRawCall({ type: 'function', function: definition })).toMatch(/tool definition/);
  });

  it('reads the name-keyed form only when asked (Apertus)', () => {
    expect(toRawCall({ get_weather: { city: 'Paris' } })).toMatch(/no "name"/);
    expect(toRawCall({ get_weather: { city: 'Paris' } }, { nameKeyed: true })).toEqual({
      name: 'get_weather',
      arguments: { city: 'Paris' },
    });
  });
});

describe('collectJsonCalls: values holding calls', () => {
  it('reads arrays and wrappers', () => {
    expect(
      collectCalls([{ name: 'a' }, { name: 'b', arguments: { x: 1 } }]).calls.map((c) => c.name),
    ).toEqual(['a', 'b']);
    expect(collectCalls({ tool_calls: [{ name: 'a' }, { name: 'b' }] }).calls).toHaveLength(2);
    expect(collectCalls({ tool_call: { name: 'a', arguments: {} } }).calls).toEqual([
      { name: 'a', arguments: {} },
    ]);
  });

  it('keeps agent__batch as one call (an agent’s leaked-call report)', () => {
    const batch = { name: 'agent__batch', arguments: { calls: [{ tool: 'q', parameters: {} }] } };
    expect(collectCalls(batch).calls).toEqual([batch]);
  });

  it('reports the values that are not calls next to the ones that are', () => {
    const r = collectCalls([{ name: 'a' }, 42, { nope: true }]);
    expect(r.calls).toHaveLength(1);
    expect(r.rejected.map((x) => x.reason)).toEqual([
      'not a JSON object',
      'no "name" (or "function", "tool") string',
    ]);
  });

  it('gives up on deep nesting instead of recursing without end', () => {
    let value: unknown = { name: 'a' };
    for (let i = 0; i < 10_000; i++) value = [value];
    expect(collectCalls(value).calls).toEqual([]);
  });
});

describe('unreadKeysIssue: what a call object holds that its call does not carry', () => {
  const unread = (value: Record<string, unknown>, shape: JsonCallShape = {}) => {
    const call = toRawCall(value, shape);
    if (typeof call === 'string') throw new Error(call);
    return unreadKeysIssue(value, call);
  };

  it('reports a misspelt arguments key, whose call then has no arguments, with its value', () => {
    expect(unread({ name: 'list_files', argument: { path: '/tmp' } })).toEqual({
      kind: 'trailing-text',
      message: 'Keys of the call "list_files" that hold no part of it were removed: "argument".',
      raw: '{"argument":{"path":"/tmp"}}',
    });
    // A second spelling of the arguments beside the one read, and a note beside them.
    expect(unread({ name: 'f', arguments: {}, parameters: { a: 1 }, reason: 'x' })?.raw).toBe(
      '{"parameters":{"a":1},"reason":"x"}',
    );
  });

  it("looks into OpenAI's function object, and takes ids and type for the call's own", () => {
    expect(
      unread({ id: 'c1', type: 'function', function: { name: 'f', arguments: { a: 1 }, why: 'w' } }),
    ).toMatchObject({
      message: 'Keys of the call "f" that hold no part of it were removed: "function.why".',
      raw: '{"function.why":"w"}',
    });
    expect(unread({ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } })).toBeNull();
    expect(unread({ name: 'f', arguments: {}, id: 7 })).toBeNull();
    expect(
      unread({ tool_call_id: '0', tool_name: 'f', parameters: {} }, { ids: ['tool_call_id'] }),
    ).toBeNull();
  });

  it('says nothing of a call that carries everything, the usual case, nor of a name-keyed one', () => {
    expect(unread({ name: 'f', arguments: { a: 1 } })).toBeNull();
    expect(unread({ name: 'f' })).toBeNull();
    expect(unread({ f: { a: 1 } }, { nameKeyed: true })).toBeNull();
  });

  it('keeps a key with a dot in it whole', () => {
    expect(unread({ name: 'f', arguments: {}, 'a.b': 1 })?.raw).toBe('{"a.b":1}');
  });

  it('keeps a "__proto__" key as data', () => {
    const value = JSON.parse('{"name": "f", "arguments": {}, "__proto__": {"polluted": true}}');
    const issue = unread(value);
    expect(issue?.raw).toBe('{"__proto__":{"polluted":true}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('is found for every call of a list by collectJsonCalls', () => {
    const found = collectCalls([{ name: 'a', argument: 1 }, { name: 'b' }, { name: 'c', extra: 2 }]);
    expect(found.calls.map((c) => c.name)).toEqual(['a', 'b', 'c']);
    expect(found.unread.map((i) => i.raw)).toEqual(['{"argument":1}', '{"extra":2}']);
  });
});

describe('usualCall: the usual call object, read in one walk', () => {
  const shapes: JsonCallShape[] = [
    {},
    JSON_CALL_SPELLINGS,
    { nameKeys: ['tool_name'], argumentKeys: ['parameters'], ids: ['tool_call_id'] },
    { nameKeys: ['function', 'name'], requireArguments: true, openAi: 'typed' },
    { ids: ['name'] },
    { ids: ['id', 'arguments'], rejectDefinitions: true },
    { argumentKeys: ['arguments', 'function'], nameKeyed: true },
  ];
  const keys = ['name', 'arguments', 'parameters', 'args', 'input', 'function', 'tool', 'id', 'type', 'x'];
  const value = fc.oneof(
    fc.constantFrom('f', ' ', '', 'function', 'c1'),
    fc.integer(),
    fc.constant(null),
    fc.constant({ a: 1 }),
    fc.constant({ type: 'object', properties: {}, required: [] }),
    fc.constant({ name: 'g', arguments: {} }),
  );
  const object = fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 3 });

  it('reads {"name", "arguments"} as callFrom does, with nothing unread', () => {
    const call = usualCall({ name: 'get_weather', arguments: { city: 'Paris' } }, new CallShape({}));
    expect(call).toEqual({ name: 'get_weather', arguments: { city: 'Paris' } });
    expect(usualCall({ arguments: [], name: 'f' }, new CallShape(JSON_CALL_SPELLINGS))).toEqual({
      name: 'f',
      arguments: [],
    });
  });

  it('agrees with jsonCallFrom wherever it answers, and the call then carries every key', () => {
    fc.assert(
      fc.property(object, fc.constantFrom(...shapes), (obj, shape) => {
        const call = usualCall(obj, new CallShape(shape));
        if (call === null) return;
        expect(call).toEqual(jsonCallFrom(obj, shape));
        expect(unreadKeysIssue(obj, call)).toBeNull();
      }),
      { numRuns: 2000 },
    );
  });

  it('leaves to callFrom what it must read key by key', () => {
    const shape = new CallShape(JSON_CALL_SPELLINGS);
    expect(usualCall({ name: 'f', arguments: {}, id: 'c1' }, shape)).toBeNull();
    expect(usualCall({ name: ' ', arguments: {} }, shape)).toBeNull();
    expect(usualCall({ name: 'f', function: { name: 'g' } }, shape)).toBeNull();
    expect(usualCall({ name: 'f', argument: {} }, shape)).toBeNull();
    // A declaration echoed from the prompt is not a call.
    const schema = { type: 'object', properties: {}, required: [] };
    expect(usualCall({ name: 'f', parameters: schema }, shape)).toBeNull();
    expect(jsonCallFrom({ name: 'f', parameters: schema }, JSON_CALL_SPELLINGS)).toMatch(/definition/);
    // Shapes whose name is another key, or whose ids may be the keys it reads.
    expect(usualCall({ name: 'f', parameters: {} }, new CallShape({ nameKeys: ['tool_name'] }))).toBeNull();
    expect(usualCall({ name: 'f', arguments: {} }, new CallShape({ ids: ['name'] }))).toBeNull();
    // OpenAI's function object is read as such even where "function" is an arguments key.
    const openAi = { name: 'f', function: { name: 'g', arguments: {} } };
    const shape2 = { argumentKeys: ['arguments', 'function'] };
    expect(usualCall(openAi, new CallShape(shape2))).toBeNull();
    expect(jsonCallFrom(openAi, shape2)).toEqual({ name: 'g', arguments: {} });
  });

  it('takes no key through the prototype', () => {
    const inherited = Object.create({ name: 'evil' }) as Record<string, unknown>;
    inherited.arguments = {};
    expect(usualCall(inherited, new CallShape({}))).toBeNull();
    expect(jsonCallFrom(inherited, {})).toMatch(/no "name"/);
  });
});
