/** Fixture tests per version and spelling (DeepSeek’s chat templates, the peers' cases, llama.cpp's spellings). */
import { findEventProtocolError } from '@toolformat/core/testing';
import { describe, expect, it } from 'vitest';
import { createDeepseekFormat } from './plugin.js';
import { expectStreamingEqualsBatch, parseWith, streamWith } from './test-support/harness.js';

const ds = createDeepseekFormat();
const calls = (text: string, opts = {}) =>
  parseWith(ds, text, opts).calls.map(({ name, arguments: a }) => ({ name, arguments: a }));

const V3 =
  '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"location": "Paris", "unit": "celsius"}\n```<｜tool▁call▁end｜>\n<｜tool▁call▁begin｜>function<｜tool▁sep｜>get_weather\n```json\n{"location": "London"}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>';
const WEATHER = [
  { name: 'get_weather', arguments: { location: 'Paris', unit: 'celsius' } },
  { name: 'get_weather', arguments: { location: 'London' } },
];

describe('V2.5 / V3 / R1', () => {
  it('reads two fenced calls', () => {
    const r = parseWith(ds, `Checking.${V3}<｜end▁of▁sentence｜>`);
    expect(r.calls.map((c) => c.name)).toEqual(['get_weather', 'get_weather']);
    expect(calls(V3)).toEqual(WEATHER);
    expect(r.content).toBe('Checking.');
    expect(r.format).toBe('deepseek');
  });
  it('reads a list without <｜tool▁calls▁end｜> (the Jan-2025 template bug) and keeps text after it', () => {
    const text = V3.replace('<｜tool▁calls▁end｜>', '\nDone.');
    const r = parseWith(ds, text);
    expect(r.calls).toHaveLength(2);
    expect(r.content).toBe('Done.');
    expect(r.issues).toEqual([]);
  });
  it("reads llama.cpp's <｜tool▁calls｜> without a call token", () => {
    expect(
      calls(
        '<｜tool▁calls｜>function<｜tool▁sep｜>special_function\n```json\n{"arg1": 1}\n```<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
      ),
    ).toEqual([{ name: 'special_function', arguments: { arg1: 1 } }]);
  });
  it.each([
    ['ASCII bars', (s: string) => s.replaceAll('｜', '|')],
    [
      'ASCII underscores',
      (s: string) => s.replaceAll('▁', '_').replaceAll('<｜', '<|').replaceAll('｜>', '|>'),
    ],
    ['spaces', (s: string) => s.replaceAll('▁', ' ')],
    [
      'fullwidth bars with ASCII underscores (Step-3 spelling, explicit only)',
      (s: string) => s.replaceAll('▁', '_'),
    ],
    ['escaped underscores', (s: string) => s.replaceAll('▁', '\\_')],
  ])('reads the look-alike spelling: %s', (_label, spell) => {
    expect(calls(spell(V3))).toEqual(WEATHER);
  });
  it('R1: reasoning first, calls after it; calls inside reasoning are text', () => {
    const r = parseWith(ds, `<think>I'll call it. ${V3}</think>\n\n${V3}`);
    expect(r.calls).toHaveLength(2);
    expect(r.reasoning).toContain('<｜tool▁calls▁begin｜>');
    const open = parseWith(ds, `thinking</think>${V3}`, { reasoningOpen: true });
    expect(open.reasoning).toBe('thinking');
    expect(open.calls).toHaveLength(2);
    const unclosed = parseWith(ds, `thinking ${V3}`, { reasoningOpen: true });
    expect(unclosed.calls).toEqual([]);
  });
  it('R1 distills in LM Studio: its [TOOL_REQUEST] after </think>; the one the reasoning quotes is reasoning', () => {
    const block =
      '[TOOL_REQUEST]\n{"name": "weather_GET", "arguments": {"zoneId": "Asia/Shanghai"}}\n[END_TOOL_REQUEST]';
    const r1 = createDeepseekFormat('r1');
    const text = `<think>\nI will send:\n\n${block}\n\nthen wait.\n</think>\n\n${block}`;
    const r = parseWith(r1, text);
    expect(r.calls.map(({ name, arguments: a }) => ({ name, arguments: a }))).toEqual([
      { name: 'weather_GET', arguments: { zoneId: 'Asia/Shanghai' } },
    ]);
    expect(r.reasoning).toContain('[TOOL_REQUEST]');
    expect(r.content).toBeNull();
    expectStreamingEqualsBatch(r1, text);
  });
  it('leaves [TOOL_REQUEST] named in prose as text', () => {
    const text = 'LM Studio wraps calls in [TOOL_REQUEST] and [END_TOOL_REQUEST] markers.';
    expect(parseWith(ds, text)).toMatchObject({ calls: [], content: text });
    const quoted =
      'It writes [TOOL_REQUEST]{"name": "f", "arguments": {}}[END_TOOL_REQUEST] which the server reads.';
    expect(parseWith(ds, quoted)).toMatchObject({ calls: [], content: quoted });
  });
  it('a fenced call of a tool named `function` with JSON on the same line is V3.1', () => {
    expect(calls('<｜tool▁call▁begin｜>function<｜tool▁sep｜>{"a": 1}<｜tool▁call▁end｜>')).toEqual([
      { name: 'function', arguments: { a: 1 } },
    ]);
  });
});

describe('V3.1', () => {
  const V31 =
    '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"location": "Paris", "unit": "celsius"}<｜tool▁call▁end｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"location": "London"}<｜tool▁call▁end｜><｜tool▁calls▁end｜><｜end▁of▁sentence｜>';
  it('reads chained calls and names the variant', () => {
    const r = parseWith(ds, `</think>${V31}`, { reasoningOpen: true });
    expect(r.calls.map(({ name, arguments: a }) => ({ name, arguments: a }))).toEqual(WEATHER);
    expect(r.format).toBe('deepseek:v3.1');
    expect(r.content).toBeNull();
    expect(parseWith(createDeepseekFormat('v3.1'), V31).format).toBe('deepseek:v3.1');
  });
  it('reads bare calls without the wrapper and strips a stray end token', () => {
    const r = parseWith(
      ds,
      'x <｜tool▁call▁begin｜>f<｜tool▁sep｜>{"a":1}<｜tool▁call▁end｜><｜tool▁calls▁end｜>',
    );
    expect(r.calls.map((c) => c.arguments)).toEqual([{ a: 1 }]);
    expect(r.content).toBe('x');
  });
  it('leaves prose that only names a token as text', () => {
    const text = 'Let me look that up.<｜tool▁calls▁begin｜>get_weather';
    expect(parseWith(ds, text)).toMatchObject({ calls: [], content: text, issues: [] });
    const noCallToken = '<｜tool▁calls▁begin｜>foo<｜tool▁sep｜>{"x":1}<｜tool▁calls▁end｜>';
    expect(parseWith(ds, noCallToken).content).toBe(noCallToken);
  });
  it('reports a call cut off by the end of the output, and does not extract it (the cut-off rule)', () => {
    const r = parseWith(ds, '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>f<｜tool▁sep｜>{"a": 1');
    expect(r.calls).toEqual([]);
    expect(r.issues.some((i) => i.kind === 'partial-call')).toBe(true);
    // Complete JSON with only the end token cut (the server's stop): the call is read.
    const stop = parseWith(ds, '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>f<｜tool▁sep｜>{"a": 1}');
    expect(stop.calls.map((c) => [c.name, c.arguments])).toEqual([['f', { a: 1 }]]);
  });
  it('removes and reports a call without a separator', () => {
    const r = parseWith(
      ds,
      'a<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>oops<｜tool▁call▁end｜><｜tool▁calls▁end｜>b',
    );
    expect(r.calls).toEqual([]);
    expect(r.issues[0]?.kind).toBe('malformed-call');
    expect(r.issues[0]?.raw).toContain('oops');
    const kept = parseWith(
      ds,
      'a<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>oops<｜tool▁call▁end｜><｜tool▁calls▁end｜>b',
      {
        onMalformed: 'keep',
      },
    );
    expect(kept.content).toContain('oops');
  });
});

describe('V3.2 DSML and V4', () => {
  const DSML =
    '<｜DSML｜function_calls>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="location" string="true">Paris</｜DSML｜parameter>\n<｜DSML｜parameter name="unit" string="true">celsius</｜DSML｜parameter>\n</｜DSML｜invoke>\n<｜DSML｜invoke name="get_weather">\n<｜DSML｜parameter name="location" string="true">London</｜DSML｜parameter>\n</｜DSML｜invoke>\n</｜DSML｜function_calls>';
  it('reads invokes with parameters', () => {
    const r = parseWith(ds, `<think>two cities</think>\n\n${DSML}<｜end▁of▁sentence｜>`);
    expect(r.calls.map(({ name, arguments: a }) => ({ name, arguments: a }))).toEqual(WEATHER);
    expect(r.format).toBe('deepseek:v3.2');
    expect(r.reasoning).toBe('two cities');
    expect(r.content).toBeNull();
  });
  it("reads V4's tool_calls wrapper and ASCII bars", () => {
    const v4 = DSML.replaceAll('function_calls', 'tool_calls');
    expect(parseWith(ds, v4).format).toBe('deepseek:v4');
    expect(calls(v4)).toEqual(WEATHER);
    expect(calls(DSML.replaceAll('｜', '|'))).toEqual(WEATHER);
  });
  it('types values by the string attribute, and by the schema where one types them', () => {
    const text =
      '<｜DSML｜function_calls><｜DSML｜invoke name="t"><｜DSML｜parameter name="n" string="false">42</｜DSML｜parameter><｜DSML｜parameter name="s" string="true">42</｜DSML｜parameter><｜DSML｜parameter name="o" string="false">{"a": [1]}</｜DSML｜parameter><｜DSML｜parameter name="q" string="false">"x</｜DSML｜parameter>"</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜function_calls>';
    expect(calls(text)[0]?.arguments).toEqual({ n: 42, s: '42', o: { a: [1] }, q: '"x' });
    const tools = [
      {
        name: 't',
        parameters: { type: 'object', properties: { s: { type: 'integer' }, n: { type: 'string' } } },
      },
    ];
    expect(calls(text, { tools })[0]?.arguments).toMatchObject({ n: '42', s: 42 });
  });
  it('reads an invoke whose body is a JSON object, and unwraps an `arguments` parameter', () => {
    expect(
      calls(
        '<｜DSML｜function_calls>\n<｜DSML｜invoke name="f">\n{"city": "SF"}\n</｜DSML｜invoke>\n</｜DSML｜function_calls>',
      ),
    ).toEqual([{ name: 'f', arguments: { city: 'SF' } }]);
    const wrapped =
      '<｜DSML｜function_calls><｜DSML｜invoke name="f"><｜DSML｜parameter name="arguments" string="false">{"city":"SF"}</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜function_calls>';
    const r = parseWith(ds, wrapped);
    expect(r.calls[0]?.arguments).toEqual({ city: 'SF' });
    expect(r.issues.some((i) => i.kind === 'arguments-coerced')).toBe(true);
  });
  it('reads a missing </｜DSML｜invoke> and a bare invoke', () => {
    const text =
      '<｜DSML｜function_calls><｜DSML｜invoke name="a"><｜DSML｜parameter name="x" string="true">1</｜DSML｜parameter><｜DSML｜invoke name="b"></｜DSML｜invoke></｜DSML｜function_calls>';
    expect(calls(text).map((c) => c.name)).toEqual(['a', 'b']);
    expect(
      calls(
        'ok <｜DSML｜invoke name="z"><｜DSML｜parameter name="k" string="true">v</｜DSML｜parameter></｜DSML｜invoke>',
      ),
    ).toEqual([{ name: 'z', arguments: { k: 'v' } }]);
  });
  it('leaves prose that names the wrapper as text', () => {
    const text = 'Write a <｜DSML｜function_calls> block to call tools.';
    expect(parseWith(ds, text).content).toBe(text);
  });
});

describe('streaming = batch on the fixtures', () => {
  it('cuts every fixture at every position', () => {
    const fixture = `Hi ${V3} and <｜DSML｜function_calls><｜DSML｜invoke name="a"><｜DSML｜parameter name="x" string="false">[1]</｜DSML｜parameter></｜DSML｜invoke></｜DSML｜function_calls> bye`;
    const batch = parseWith(ds, fixture);
    for (let i = 0; i <= fixture.length; i++) {
      expect(streamWith(ds, [fixture.slice(0, i), fixture.slice(i)])).toEqual(batch);
    }
    expect(streamWith(ds, [...fixture])).toEqual(batch);
  });
});

describe('streaming a call (architecture/semantics.md, guarantee 7)', () => {
  const V31_ONE =
    '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>get_weather<｜tool▁sep｜>{"location": "Paris", "unit": "celsius"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>';

  /** One-character chunks: the events, and where each arrived. */
  function streamChars(text: string) {
    const parser = ds.createStreamParser();
    const seen = [...text].flatMap((ch, at) => parser.push(ch).map((e) => ({ at, e })));
    return [...seen, ...parser.end().map((e) => ({ at: text.length, e }))];
  }

  it.each([
    ['V3', V3],
    ['V3.1', V31_ONE],
  ])('%s: announces the call by name before its arguments end, and streams them', (_, text) => {
    const seen = streamChars(text);
    const start = seen.find(({ e }) => e.type === 'tool-call-start')!;
    expect(start.e).toMatchObject({ name: 'get_weather', index: 0 });
    expect(start.at).toBeLessThan(text.indexOf('"unit"'));
    const deltas = seen.flatMap(({ e }) =>
      e.type === 'tool-call-delta' && e.index === 0 ? [e.argumentsDelta] : [],
    );
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join('')).toBe('{"location":"Paris","unit":"celsius"}');
    expect(findEventProtocolError(seen.map(({ e }) => e))).toBeNull();
  });

  it('the call events are in order for every fixture, cut anywhere', () => {
    for (const text of [
      V3,
      V31_ONE,
      `Hi ${V3} bye`,
      '<｜tool▁call▁begin｜>f<｜tool▁sep｜>{"a": [1, "x"]}<｜tool▁call▁end｜>',
    ]) {
      for (let i = 0; i <= text.length; i++) {
        const parser = ds.createStreamParser();
        const events = [...parser.push(text.slice(0, i)), ...parser.push(text.slice(i)), ...parser.end()];
        expect(findEventProtocolError(events)).toBeNull();
      }
    }
  });
});

describe('call tokens inside an argument string', () => {
  // Our own writer writes them so (a call that edits a file about DeepSeek's tokens); the call
  // must come back whole, not cut at the token with the rest left as text.
  const doc = 'ends with <｜tool▁call▁end｜><｜tool▁calls▁end｜> then <｜tool▁call▁begin｜>g<｜tool▁sep｜>{}';
  it.each([
    ['V3', undefined],
    ['V3.1', 'v3.1'],
  ])('reads back its own call in the %s form, batch and streamed', (_, variant) => {
    const writer = createDeepseekFormat(variant);
    const text = `Saving.${writer.formatToolCalls([{ id: 'c0', name: 'save', arguments: { doc } }])}<｜end▁of▁sentence｜>`;
    const r = parseWith(ds, text);
    expect(r.calls.map((c) => [c.name, c.arguments])).toEqual([['save', { doc }]]);
    expect(r.content).toBe('Saving.');
    expect(r.issues).toEqual([]);
    for (let i = 0; i <= text.length; i += 7) {
      expect(streamWith(ds, [text.slice(0, i), text.slice(i)])).toEqual(r);
    }
  });
  it('reads a bare call whose string holds its end token', () => {
    const text =
      '<｜tool▁call▁begin｜>f<｜tool▁sep｜>{"a": "x <｜tool▁call▁end｜> y"}<｜tool▁call▁end｜>after';
    expect(calls(text)).toEqual([{ name: 'f', arguments: { a: 'x <｜tool▁call▁end｜> y' } }]);
    expect(parseWith(ds, text).content).toBe('after');
    expectStreamingEqualsBatch(ds, text);
  });
  it('a quote that never closes was stray: the tokens after it are markup, as before', () => {
    const text =
      '<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>f<｜tool▁sep｜>{"a": "x}<｜tool▁call▁end｜><｜tool▁call▁begin｜>g<｜tool▁sep｜>{}<｜tool▁call▁end｜><｜tool▁calls▁end｜>';
    const r = parseWith(ds, text);
    expect(r.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['f', { a: 'x}' }],
      ['g', {}],
    ]);
    expect(r.issues.map((i) => i.kind)).toEqual(['malformed-call']);
    expectStreamingEqualsBatch(ds, text);
  });
  it('announces the call and streams its arguments whole while the string holds a token', () => {
    const args = '{"a": "x <｜tool▁call▁end｜> <｜tool▁call▁begin｜>g<｜tool▁sep｜>{} y", "b": 1}';
    const text = `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜>f<｜tool▁sep｜>${args}<｜tool▁call▁end｜><｜tool▁calls▁end｜>`;
    const parser = ds.createStreamParser();
    const events = [...[...text].flatMap((ch) => parser.push(ch)), ...parser.end()];
    expect(events.filter((e) => e.type === 'tool-call-start').map((e) => e.name)).toEqual(['f']);
    const deltas = events.flatMap((e) => (e.type === 'tool-call-delta' ? [e.argumentsDelta] : []));
    expect(JSON.parse(deltas.join(''))).toEqual(JSON.parse(args));
    expect(findEventProtocolError(events)).toBeNull();
  });
  it('announces no call from inside the string of a call that has no name', () => {
    // The engine asks at body lengths 16, 32, … (architecture/stream-engine.md): at 128 the
    // string is still open, and what follows may close it.
    const inner = `<｜tool▁call▁begin｜>g<｜tool▁sep｜>{} ${'y'.repeat(80)}`;
    const text = `<｜tool▁calls▁begin｜><｜tool▁call▁begin｜><｜tool▁sep｜>{"a": "${inner}"}<｜tool▁call▁end｜><｜tool▁calls▁end｜>`;
    const parser = ds.createStreamParser();
    const events = [...[...text].flatMap((ch) => parser.push(ch)), ...parser.end()];
    expect(events.some((e) => e.type.startsWith('tool-call'))).toBe(false);
    expect(parseWith(ds, text).calls).toEqual([]);
  });
});

describe('a DSML value that holds DSML tags', () => {
  it.each(['v3.2', 'v4'])('%s writes it as a JSON string with `<` escaped, and reads it back', (variant) => {
    const h = createDeepseekFormat(variant);
    const doc = 'x </｜DSML｜invoke> </|DSML|tool_calls> <｜DSML｜invoke name="g"> y';
    const written = h.formatToolCalls([{ id: 'c0', name: 'save', arguments: { doc } }]);
    expect(written).toContain('string="false"');
    expect(
      calls(written, {
        tools: [{ name: 'save', parameters: { type: 'object', properties: { doc: { type: 'string' } } } }],
      }),
    ).toEqual([{ name: 'save', arguments: { doc } }]);
  });
});

describe('a run of the same call', () => {
  const call = '<｜tool▁call▁begin｜>f<｜tool▁sep｜>{"a": 1}<｜tool▁call▁end｜>';
  const text = `<｜tool▁calls▁begin｜>${call.repeat(6)}<｜tool▁calls▁end｜>`;

  it('keeps maxCalls calls, each its own object, and counts the rest in one issue', () => {
    const r = parseWith(createDeepseekFormat('v3.1'), text, { maxCalls: 4 });
    expect(r.calls.map((c) => [c.name, c.arguments])).toEqual(Array(4).fill(['f', { a: 1 }]));
    expect(new Set(r.calls).size).toBe(4);
    expect(new Set(r.calls.map((c) => c.arguments)).size).toBe(4);
    expect(r.issues).toEqual([
      {
        kind: 'limit-exceeded',
        message:
          'More than maxCalls (4) calls: 2 more were not extracted (their text is in raw; raise maxCalls to read them).',
        raw: '{"name":"f","arguments":"{\\"a\\": 1}"}\n{"name":"f","arguments":"{\\"a\\": 1}"}',
        offset: 0,
      },
    ]);
    expectStreamingEqualsBatch(createDeepseekFormat('v3.1'), text, { maxCalls: 4 });
  });
});
