import { createRouter, ToolFormatConfigError } from '@toolformat/core';
import { describe, expect, it } from 'vitest';
import defaultExport, { createMistralFormat, mistralPlugin } from './index.js';
import { callsOf, expectStreamingEqualsBatch, parseWith } from './test-support/harness.js';
import { V3_CALLS, V11_CALLS, V13_CALLS, WEATHER_CALLS } from './test-support/rendered.js';

const router = createRouter({ plugins: [mistralPlugin] });

describe('the plugin', () => {
  it('is the default export too', () => {
    expect(defaultExport).toBe(mistralPlugin);
    expect(mistralPlugin.id).toBe('mistral');
  });

  it('answers to the family id and an alias per generation', () => {
    expect(router.get('mistral').id).toBe('mistral');
    expect(router.get('mistral-v3').id).toBe('mistral:v3');
    expect(router.get('mistral-v11').id).toBe('mistral:v11');
    expect(router.get('mistral-v13').id).toBe('mistral');
  });

  it('picks the generation from the model name', () => {
    const cases: Array<[string, string]> = [
      ['mistralai/Mistral-7B-Instruct-v0.3', 'mistral:v3'],
      ['mistralai/Mistral-Nemo-Instruct-2407', 'mistral:v3'],
      ['mistral-nemo:12b', 'mistral:v3'],
      ['mistralai/Mistral-Small-24B-Instruct-2501', 'mistral:v3'],
      ['mistralai/Mistral-Small-3.1-24B-Instruct-2503', 'mistral:v3'],
      ['mistralai/Mistral-Small-3.2-24B-Instruct-2506', 'mistral:v11'],
      ['mistralai/Magistral-Small-2506', 'mistral:v11'],
      ['mistralai/Magistral-Small-2509', 'mistral'],
      ['mistralai/Devstral-Small-2507', 'mistral'],
      ['mistralai/Devstral-Small-2505', 'mistral:v3'],
      ['mistralai/Ministral-8B-Instruct-2410', 'mistral:v3'],
      ['mistralai/Ministral-3-14B-Reasoning-2512', 'mistral'],
    ];
    for (const [model, id] of cases) expect([model, router.forModel(model).id]).toEqual([model, id]);
  });

  it('rejects an unknown variant, naming the known ones', () => {
    expect(() => createMistralFormat('v99')).toThrow(ToolFormatConfigError);
    expect(() => createMistralFormat('v99')).toThrow(/v3, v11, v13/);
  });
});

const mistral = createMistralFormat();
const weather = WEATHER_CALLS.map(({ name, arguments: args }) => ({ name, arguments: args }));

describe('the three generations, as the templates render them', () => {
  it.each([
    ['v3', V3_CALLS, 'mistral:v3', ['a1b2c3d4e', 'f5g6h7i8j']],
    ['v11', V11_CALLS, 'mistral:v11', ['a1b2c3d4e', 'f5g6h7i8j']],
    ['v13', V13_CALLS, 'mistral', ['call_1', 'call_2']],
  ])('%s: calls, ids kept, the form named', (_, text, format, ids) => {
    for (const handler of [mistral, createMistralFormat('v3'), createMistralFormat('v11')]) {
      const r = parseWith(handler, `${text}</s>`);
      expect(callsOf(r)).toEqual(weather);
      expect(r.calls.map((c) => c.id)).toEqual(ids);
      expect(r.content).toBeNull();
      expect(r.issues).toEqual([]);
      expect(r.format).toBe(format);
    }
  });

  it.each([V3_CALLS, V11_CALLS, V13_CALLS])('streams as it parses: %s', (text) => {
    expectStreamingEqualsBatch(mistral, `Let me check.${text}</s>`);
  });
});

describe('what peers feed their Mistral parsers', () => {
  it('keeps text before the token (vLLM, sglang)', () => {
    const r = parseWith(mistral, 'Hello[TOOL_CALLS] [{"name": "add", "arguments":{"a": 1, "b": 2}}]');
    expect(callsOf(r)).toEqual([{ name: 'add', arguments: { a: 1, b: 2 } }]);
    expect(r.content).toBe('Hello');
  });

  it('reads arguments before the name, and a name inside the arguments', () => {
    const r = parseWith(mistral, '[TOOL_CALLS] [{"arguments":{"name": "John Doe"}, "name": "get_age"}]');
    expect(callsOf(r)).toEqual([{ name: 'get_age', arguments: { name: 'John Doe' } }]);
  });

  it('keeps text after the list as content (nothing is lost)', () => {
    const r = parseWith(mistral, '[TOOL_CALLS] [{"name": "f", "arguments": {}}]\nextra trailing data');
    expect(callsOf(r)).toEqual([{ name: 'f', arguments: {} }]);
    expect(r.content).toBe('extra trailing data');
  });

  it('reads `NAME{json}` with no [ARGS] (vLLM detokenized), braces in content and strings', () => {
    const text = 'hi{hi[TOOL_CALLS]bash{"command": "print(\\"hello world!\\")\\nre.compile(r\'{}\')"}';
    const r = parseWith(mistral, text);
    expect(callsOf(r)).toEqual([
      { name: 'bash', arguments: { command: 'print("hello world!")\nre.compile(r\'{}\')' } },
    ]);
    expect(r.content).toBe('hi{hi');
    expectStreamingEqualsBatch(mistral, text);
  });

  it('reads two [TOOL_CALLS] with JSON lists in one output', () => {
    const r = parseWith(
      mistral,
      '[TOOL_CALLS] [{"name": "add", "arguments":{"a": 1}}][TOOL_CALLS] [{"name": "sub", "arguments":{"b": 2}}]',
    );
    expect(callsOf(r)).toEqual([
      { name: 'add', arguments: { a: 1 } },
      { name: 'sub', arguments: { b: 2 } },
    ]);
  });

  it('finds the list after junk (vLLM regex fallback), junk stays text', () => {
    const r = parseWith(mistral, '[TOOL_CALLS]  junk [{"name": "add", "arguments":{"a": 1, "b": 2}}] trail');
    expect(callsOf(r)).toEqual([{ name: 'add', arguments: { a: 1, b: 2 } }]);
    expect(r.content).toBe('junk  trail');
  });

  it('a token followed by prose: the token goes, the prose stays, an issue says so', () => {
    const r = parseWith(mistral, '[TOOL_CALLS] not json at all');
    expect(r.calls).toEqual([]);
    expect(r.content).toBe('not json at all');
    expect(r.issues.map((i) => i.kind)).toEqual(['malformed-call']);
  });

  it('a name with no arguments is a partial call, removed and reported', () => {
    const r = parseWith(mistral, '[TOOL_CALLS]toolname_no_args');
    expect(r.calls).toEqual([]);
    expect(r.content).toBeNull();
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0]?.raw).toBe('[TOOL_CALLS]toolname_no_args');
  });

  it('arguments cut off by the end are not a call (never half the arguments: architecture/semantics.md, the cut-off rule)', () => {
    const r = parseWith(mistral, 'hi[TOOL_CALLS]bash{"command": "print(1)');
    expect(r.calls).toEqual([]);
    expect(r.content).toBe('hi');
    expect(r.issues[0]?.kind).toBe('malformed-call');
    expect(r.issues[0]?.raw).toBe('[TOOL_CALLS]bash{"command": "print(1)');
  });

  it('keeps the complete elements of a list the output ended inside', () => {
    const r = parseWith(mistral, '[TOOL_CALLS][{"name": "a", "arguments": {}}, {"name": "b", "argum');
    expect(callsOf(r)).toEqual([{ name: 'a', arguments: {} }]);
    expect(r.issues.map((i) => i.kind)).toEqual(['partial-call']);
  });

  it('[TOOL_CALLS] inside an argument string is not a new call', () => {
    const text = '[TOOL_CALLS]echo[ARGS]{"text": "say [TOOL_CALLS] please"}[TOOL_CALLS]f[ARGS]{}';
    const r = parseWith(mistral, text);
    expect(callsOf(r)).toEqual([
      { name: 'echo', arguments: { text: 'say [TOOL_CALLS] please' } },
      { name: 'f', arguments: {} },
    ]);
    expectStreamingEqualsBatch(mistral, text);
  });

  it('reads calls written one after another under one token', () => {
    const r = parseWith(mistral, '[TOOL_CALLS]a[ARGS]{"x": 1}b[ARGS]{"y": 2}');
    expect(callsOf(r)).toEqual([
      { name: 'a', arguments: { x: 1 } },
      { name: 'b', arguments: { y: 2 } },
    ]);
  });

  it('allows the blanks older vLLM templates write after control tokens', () => {
    const r = parseWith(mistral, '[TOOL_CALLS] get_weather [CALL_ID] a1b2c3d4e [ARGS] {"location": "Paris"}');
    expect(r.calls).toEqual([{ id: 'a1b2c3d4e', name: 'get_weather', arguments: { location: 'Paris' } }]);
  });

  it('unwraps arguments written as a JSON string (OpenAI style)', () => {
    const r = parseWith(
      mistral,
      '[TOOL_CALLS][{"name": "f", "arguments": "{\\"a\\": 1}", "id": "abcdefghi"}]',
    );
    expect(r.calls).toEqual([{ id: 'abcdefghi', name: 'f', arguments: { a: 1 } }]);
  });

  it('flags undeclared tools and keeps them by default', () => {
    const r = parseWith(mistral, '[TOOL_CALLS]nope[ARGS]{}', { tools: [{ name: 'yes' }] });
    expect(r.calls.map((c) => c.name)).toEqual(['nope']);
    expect(r.issues.map((i) => i.kind)).toEqual(['unknown-tool']);
  });
});

describe('streaming a call (architecture/semantics.md, guarantee 7)', () => {
  /** Per call: the start event, the deltas joined, and the call. */
  function streamCalls(text: string) {
    const parser = mistral.createStreamParser();
    const events = [...[...text].flatMap((ch) => parser.push(ch)), ...parser.end()];
    return events.flatMap((e) => {
      if (e.type !== 'tool-call-start') return [];
      const deltas = events.flatMap((d) =>
        d.type === 'tool-call-delta' && d.index === e.index ? [d.argumentsDelta] : [],
      );
      const end = events.find((d) => d.type === 'tool-call-end' && d.index === e.index);
      return [{ id: e.id, name: e.name, deltas: deltas.length, json: deltas.join(''), end }];
    });
  }

  it.each([
    ['v13', '[TOOL_CALLS]get_weather[ARGS]{"city": "Paris", "unit": "celsius"}'],
    ['v11', '[TOOL_CALLS]get_weather[CALL_ID]a1b2c3d4e[ARGS]{"city": "Paris", "unit": "celsius"}'],
    ['v3', '[TOOL_CALLS][{"name": "get_weather", "arguments": {"city": "Paris", "unit": "celsius"}}]'],
  ])('%s: the call is announced before its arguments end, and they stream', (_, text) => {
    const [call] = streamCalls(text);
    expect(call).toMatchObject({ name: 'get_weather', json: '{"city":"Paris","unit":"celsius"}' });
    expect(call!.deltas).toBeGreaterThan(5);
    expect(call!.end).toMatchObject({
      call: { id: call!.id, arguments: { city: 'Paris', unit: 'celsius' } },
    });
  });

  it('v11: the start event carries the id the model wrote', () => {
    const [call] = streamCalls('[TOOL_CALLS]get_weather[CALL_ID]a1b2c3d4e[ARGS]{"city": "Paris"}');
    expect(call!.id).toBe('a1b2c3d4e');
  });

  it('a token followed by prose announces nothing', () => {
    expect(streamCalls('[TOOL_CALLS] I could not find a tool for that, sorry about it.')).toEqual([]);
  });
});

describe('reasoning', () => {
  it('[THINK]…[/THINK] is reasoning (Magistral)', () => {
    const r = parseWith(mistral, '[THINK]raisonnement[/THINK]Réponse');
    expect(r).toMatchObject({ reasoning: 'raisonnement', content: 'Réponse', calls: [] });
  });

  it('reasoning then a call', () => {
    const text = '[THINK]I\'m\nthinking[/THINK][TOOL_CALLS]special_function[ARGS]{"arg1":1}';
    const r = parseWith(mistral, text);
    expect(r.reasoning).toBe("I'm\nthinking");
    expect(callsOf(r)).toEqual([{ name: 'special_function', arguments: { arg1: 1 } }]);
    expect(r.content).toBeNull();
    expectStreamingEqualsBatch(mistral, text);
  });

  it('a call inside reasoning is not a call', () => {
    const r = parseWith(mistral, '[THINK]maybe [TOOL_CALLS]f[ARGS]{}[/THINK]No.');
    expect(r.calls).toEqual([]);
    expect(r.reasoning).toBe('maybe [TOOL_CALLS]f[ARGS]{}');
  });

  it('an unclosed block is reasoning; reasoningOpen opens [THINK]', () => {
    expect(parseWith(mistral, '[THINK]still going').reasoning).toBe('still going');
    const r = parseWith(mistral, 'thought[/THINK]answer', { reasoningOpen: true });
    expect(r).toMatchObject({ reasoning: 'thought', content: 'answer' });
  });

  it('reads Magistral 2506 <think> tags too', () => {
    expect(parseWith(mistral, '<think>hm</think>ok')).toMatchObject({ reasoning: 'hm', content: 'ok' });
  });
});

describe('text that is not a call', () => {
  it('plain text passes through', () => {
    expect(parseWith(mistral, 'This is a test')).toMatchObject({ content: 'This is a test', calls: [] });
  });

  it('the token in inline code or a fence is text', () => {
    const text = 'Write `[TOOL_CALLS]f[ARGS]{}` to call.';
    expect(parseWith(mistral, text)).toMatchObject({ content: text, calls: [] });
  });

  it('removes the end-of-sequence token', () => {
    expect(parseWith(mistral, 'Done.</s>').content).toBe('Done.');
  });
});
