import { describe, expect, it } from 'vitest';
import {
  collectJsonCalls,
  JSON_CALL_SPELLINGS,
  type JsonCallShape,
  jsonCallFrom,
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
