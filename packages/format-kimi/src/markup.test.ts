import { describe, expect, it } from 'vitest';
import { createKimiFormat } from './plugin.js';
import { callsOf, expectStreamingEqualsBatch, parseWith } from './test-support/harness.js';
import { CALLS_TURN, THINKING_AGENTIC_TURN } from './test-support/rendered.js';

const kimi = createKimiFormat();

const S = '<|tool_calls_section_begin|>';
const E = '<|tool_calls_section_end|>';
const B = '<|tool_call_begin|>';
const A = '<|tool_call_argument_begin|>';
const C = '<|tool_call_end|>';

/** One call as K2 writes it. */
const call = (id: string, json: string) => `${B}${id}${A}${json}${C}`;

describe('the section, as the templates write it', () => {
  it('reads every call, keeps the ids, names the calls from them', () => {
    const r = expectStreamingEqualsBatch(kimi, `${CALLS_TURN}<|im_end|>`);
    expect(r.calls).toEqual([
      {
        id: 'functions.get_weather:0',
        name: 'get_weather',
        arguments: { location: 'Paris', unit: 'celsius' },
      },
      { id: 'functions.get_weather:1', name: 'get_weather', arguments: { location: 'London' } },
    ]);
    expect(r).toMatchObject({ content: null, reasoning: null, issues: [], format: 'kimi' });
  });

  it('K2 Thinking: the thought before the section is reasoning', () => {
    const r = expectStreamingEqualsBatch(kimi, THINKING_AGENTIC_TURN);
    expect(r.reasoning).toBe('User wants weather for two cities; call the tool twice.');
    expect(r.calls.map((c) => c.id)).toEqual(['functions.get_weather:0', 'functions.get_weather:1']);
    expect(r.content).toBeNull();
  });

  it('keeps the text before and after the section', () => {
    const text = `Let me look that up. ${S}${call('functions.search:0', '{"q": "kimi"}')}${E} Done.`;
    const r = expectStreamingEqualsBatch(kimi, text);
    expect(callsOf(r)).toEqual([{ name: 'search', arguments: { q: 'kimi' } }]);
    expect(r.content).toBe('Let me look that up. Done.');
  });

  it('reads three calls of different tools, with the index counting on', () => {
    const text = `${S}${call('functions.a:3', '{}')}${call('functions.b:4', '{"x": [1, 2]}')}${call('functions.c:5', '{"y": {"z": null}}')}${E}`;
    const r = parseWith(kimi, text);
    expect(r.calls).toEqual([
      { id: 'functions.a:3', name: 'a', arguments: {} },
      { id: 'functions.b:4', name: 'b', arguments: { x: [1, 2] } },
      { id: 'functions.c:5', name: 'c', arguments: { y: { z: null } } },
    ]);
  });
});

describe('ids and names', () => {
  it.each([
    ['functions.get_weather:0', 'get_weather'],
    ['functions.mcp.fs.read_file:12', 'mcp.fs.read_file'],
    ['functions.server:tool:2', 'server:tool'],
    ['functions.get-weather:0', 'get-weather'],
    ['get_weather:7', 'get_weather'],
    ['functions.functions.x:1', 'functions.x'],
  ])('%s names %s, and is kept as the id', (id, name) => {
    const r = parseWith(kimi, call(id, '{}'));
    expect(r.calls).toEqual([{ id, name, arguments: {} }]);
  });

  it('allows blanks around the id and the JSON (vLLM writes `functions.f:0 <|tool_call_argument_begin|>`)', () => {
    const r = parseWith(kimi, `${S}${B} functions.f:0 ${A} {"a": 1} \n${C}${E}`);
    expect(r.calls).toEqual([{ id: 'functions.f:0', name: 'f', arguments: { a: 1 } }]);
    expect(r.issues).toEqual([]);
  });

  it('an id without :IDX is not a call: removed and reported', () => {
    const r = parseWith(
      kimi,
      `Help. ${S}${call('functions.bad.0', '{"a": 1}')}${call('functions.ok:1', '{}')}${E}`,
    );
    expect(r.calls.map((c) => c.name)).toEqual(['ok']);
    expect(r.issues.map((i) => i.kind)).toEqual(['malformed-call']);
    // The section token glued to the call is cut out with it, so the issue's raw holds it too.
    expect(r.issues[0]?.raw).toBe(S + call('functions.bad.0', '{"a": 1}'));
    expect(r.content).toBe('Help.');
  });

  it('`functions.NAME` without the index is read when NAME is declared', () => {
    const tools = [{ name: 'lookup' }];
    const r = parseWith(kimi, call('functions.lookup', '{"k": 1}'), { tools });
    expect(r.calls).toEqual([{ id: 'functions.lookup', name: 'lookup', arguments: { k: 1 } }]);
  });

  it('an id that is no word (prose before the argument token) is not a call', () => {
    const r = parseWith(kimi, call('call get weather', '{}'));
    expect(r.calls).toEqual([]);
    expect(r.issues.map((i) => i.kind)).toEqual(['malformed-call']);
  });
});

describe('a bare call counter as the id (vLLM reads it with declared tools)', () => {
  const weather = {
    name: 'get_weather',
    parameters: { type: 'object', properties: { city: {}, unit: {} }, required: ['city'] },
  };
  const readFile = { name: 'read_file', parameters: { type: 'object', properties: { path: {} } } };
  const flight = { name: 'book_flight', parameters: { type: 'object', properties: { city: {} } } };
  const text = `Checking. ${S}${call('0', '{"city": "Oslo", "unit": "celsius"}')}${E}`;

  it('takes the one declared tool', () => {
    const r = parseWith(kimi, text, { tools: [weather] });
    expect(r.calls).toEqual([{ id: '0', name: 'get_weather', arguments: { city: 'Oslo', unit: 'celsius' } }]);
    expect(r.issues.map((i) => i.kind)).toEqual(['name-inferred']);
    expect(r.content).toBe('Checking.');
  });

  it('takes the one declared tool whose parameters fit the arguments', () => {
    const r = parseWith(kimi, text, { tools: [readFile, weather] });
    expect(callsOf(r)).toEqual([{ name: 'get_weather', arguments: { city: 'Oslo', unit: 'celsius' } }]);
  });

  it('two tools that fit: no guess, the call is reported', () => {
    const r = parseWith(kimi, `${S}${call('0', '{"city": "Oslo"}')}${E}`, { tools: [weather, flight] });
    expect(r.calls).toEqual([]);
    expect(r.issues.map((i) => i.kind)).toEqual(['malformed-call']);
  });

  it('no declared tools: reported', () => {
    const r = parseWith(kimi, text);
    expect(r.calls).toEqual([]);
    expect(r.issues[0]?.message).toContain('no tools are declared');
  });
});

describe('arguments', () => {
  it('reads a multi-line object, angle brackets and the call tokens inside strings', () => {
    const json =
      '{\n  "html": "<div>a</div>",\n  "doc": "write <|tool_call_end|> then <|tool_call_begin|>"\n}';
    const text = `${S}${call('functions.render:0', json)}${E}`;
    const r = expectStreamingEqualsBatch(kimi, text);
    expect(callsOf(r)).toEqual([
      {
        name: 'render',
        arguments: { html: '<div>a</div>', doc: 'write <|tool_call_end|> then <|tool_call_begin|>' },
      },
    ]);
  });

  it('repairs broken JSON of a closed call and reports it', () => {
    const r = parseWith(
      kimi,
      `${S}${call('functions.f:0', '{"city": "Rome"')}${call('functions.g:1', "{'a': True}")}${E}`,
    );
    expect(callsOf(r)).toEqual([
      { name: 'f', arguments: { city: 'Rome' } },
      { name: 'g', arguments: { a: true } },
    ]);
    expect(r.issues.map((i) => i.kind)).toEqual(['json-repaired', 'json-repaired']);
  });

  it('unwraps arguments written as a JSON string of the object', () => {
    const r = parseWith(kimi, call('functions.f:0', '"{\\"a\\": 1}"'));
    expect(callsOf(r)).toEqual([{ name: 'f', arguments: { a: 1 } }]);
  });

  it('empty arguments are an empty object', () => {
    expect(callsOf(parseWith(kimi, call('functions.f:0', '')))).toEqual([{ name: 'f', arguments: {} }]);
  });

  it('arguments that are not an object are not a call', () => {
    for (const json of ['[1, 2]', '42', 'not json at all']) {
      const r = parseWith(kimi, call('functions.f:0', json));
      expect(r.calls).toEqual([]);
      expect(r.issues.map((i) => i.kind)).toEqual(['malformed-call']);
    }
  });

  it('text after the JSON inside the call is removed and reported', () => {
    const r = parseWith(kimi, call('functions.f:0', '{"a": 1} oops'));
    expect(callsOf(r)).toEqual([{ name: 'f', arguments: { a: 1 } }]);
    expect(r.issues).toMatchObject([{ kind: 'trailing-text', raw: ' oops' }]);
  });

  it('reads a call written without the argument token', () => {
    const r = parseWith(kimi, `${B}functions.f:0{"a": 1}${C}`);
    expect(r.calls).toEqual([{ id: 'functions.f:0', name: 'f', arguments: { a: 1 } }]);
  });
});

describe('missing tokens', () => {
  it('calls without the section', () => {
    const r = expectStreamingEqualsBatch(
      kimi,
      `${call('functions.a:0', '{}')}${call('functions.b:1', '{}')}`,
    );
    expect(r.calls.map((c) => c.name)).toEqual(['a', 'b']);
  });

  it('the singular spelling of the section', () => {
    const text = `Hi<|tool_call_section_begin|>${call('functions.a:0', '{}')}<|tool_call_section_end|>`;
    const r = expectStreamingEqualsBatch(kimi, text);
    expect(r.calls.map((c) => c.name)).toEqual(['a']);
    expect(r.content).toBe('Hi');
  });

  it('a call without its end token ends at the next call, the section end or the turn end', () => {
    for (const next of [B, E, '<|im_end|>']) {
      const text = `${S}${B}functions.a:0${A}{"x": 1}${next}${next === B ? `functions.b:1${A}{}${C}` : ''}`;
      const r = expectStreamingEqualsBatch(kimi, text);
      expect(r.calls[0]).toEqual({ id: 'functions.a:0', name: 'a', arguments: { x: 1 } });
      expect(r.issues).toEqual([]);
      expect(r.content).toBeNull();
    }
  });

  it('an empty section, and noise inside a section, leave no markup behind', () => {
    expect(parseWith(kimi, `Reasoning. ${S}${E}`)).toMatchObject({
      content: 'Reasoning.',
      calls: [],
      issues: [],
    });
    const r = parseWith(kimi, `${S} noise ${call('functions.t:0', '{"k": "v"}')}${E}`);
    expect(callsOf(r)).toEqual([{ name: 't', arguments: { k: 'v' } }]);
    expect(r.content).toBe('noise');
  });

  it('a call with nothing but its token is reported', () => {
    const r = parseWith(kimi, `${B}${C}`);
    expect(r.calls).toEqual([]);
    expect(r.issues.map((i) => i.kind)).toEqual(['malformed-call']);
  });
});

describe('output cut off inside the section', () => {
  const first = call('functions.get_weather:0', '{"city": "Paris"}');

  it('keeps the complete calls; the cut-off one is a partial-call issue, never half a call', () => {
    const text = `Checking. ${S}${first}${B}functions.get_tourist_attractions:1${A}{"city": "Lon`;
    const r = expectStreamingEqualsBatch(kimi, text);
    expect(callsOf(r)).toEqual([{ name: 'get_weather', arguments: { city: 'Paris' } }]);
    expect(r.issues).toMatchObject([
      { kind: 'partial-call', raw: `${B}functions.get_tourist_attractions:1${A}{"city": "Lon` },
    ]);
    expect(r.content).toBe('Checking.');
  });

  it.each([
    ['inside the id', `${B}functions.get_wea`],
    ['before the arguments', `${B}functions.f:0${A}`],
    ['inside the argument token', `${B}functions.f:0<|tool_call_argu`],
    ['after an open brace', `${B}functions.f:0${A}{`],
  ])('cut %s: reported as partial, no call', (_, tail) => {
    const r = expectStreamingEqualsBatch(kimi, `${S}${tail}`);
    expect(r.calls).toEqual([]);
    expect(r.issues.map((i) => i.kind)).toEqual(['partial-call']);
    expect(r.content).toBeNull();
  });

  it('a call whose JSON is complete counts even without its end token', () => {
    const r = parseWith(kimi, `${S}${B}functions.f:0${A}{"a": [1, {"b": 2}]}`);
    expect(callsOf(r)).toEqual([{ name: 'f', arguments: { a: [1, { b: 2 }] } }]);
    expect(r.issues).toEqual([]);
  });

  it("onMalformed: 'keep' keeps the cut-off call's text", () => {
    const tail = `${B}functions.f:0${A}{"a": "x`;
    const r = parseWith(kimi, `Hi ${tail}`, { onMalformed: 'keep' });
    expect(r.content).toBe(`Hi ${tail}`);
    expect(r.issues.map((i) => i.kind)).toEqual(['partial-call']);
  });
});

describe('reasoning (K2 Thinking)', () => {
  it('<think>…</think> then content', () => {
    const r = expectStreamingEqualsBatch(kimi, "<think>I'm\nthinking</think>Hello, world!");
    expect(r).toMatchObject({ reasoning: "I'm\nthinking", content: 'Hello, world!', calls: [] });
  });

  it('the empty thought the template writes is no reasoning', () => {
    const r = parseWith(kimi, `<think></think>${S}${call('functions.f:0', '{"arg1": 1}')}${E}`);
    expect(r).toMatchObject({ reasoning: null, content: null });
    expect(r.calls).toHaveLength(1);
  });

  it('an unclosed thought is reasoning, and reasoningOpen starts inside one', () => {
    expect(parseWith(kimi, '<think>still going')).toMatchObject({ reasoning: 'still going', content: null });
    const r = parseWith(kimi, 'thought</think>answer', { reasoningOpen: true });
    expect(r).toMatchObject({ reasoning: 'thought', content: 'answer' });
  });

  it('the section token ends an unclosed thought: its calls are calls', () => {
    const text = `<think>I should call f${S}${call('functions.f:0', '{"a": 1}')}${E}`;
    const r = expectStreamingEqualsBatch(kimi, text);
    expect(r.reasoning).toBe('I should call f');
    expect(callsOf(r)).toEqual([{ name: 'f', arguments: { a: 1 } }]);
    expect(r.content).toBeNull();
    const open = parseWith(kimi, `I should call f${S}${call('functions.f:0', '{}')}${E}`, {
      reasoningOpen: true,
    });
    expect(open.reasoning).toBe('I should call f');
    expect(open.calls).toHaveLength(1);
  });

  it('a call token inside a thought, with no section, stays reasoning (architecture/semantics.md, guarantee 4)', () => {
    const thought = `maybe ${call('functions.f:0', '{}')}`;
    const r = parseWith(kimi, `<think>${thought}</think>No.`);
    expect(r).toMatchObject({ calls: [], reasoning: thought, content: 'No.' });
  });
});

describe('text that is not a call', () => {
  it('plain text passes through', () => {
    expect(parseWith(kimi, 'This is a test')).toMatchObject({
      content: 'This is a test',
      calls: [],
      format: null,
    });
  });

  it('the tokens inside inline code or a fence are text', () => {
    const inline = `Kimi writes \`${call('functions.f:0', '{}')}\` for a call.`;
    expect(parseWith(kimi, inline)).toMatchObject({ content: inline, calls: [] });
    const fence = `Example:\n\`\`\`\n${S}${call('functions.f:0', '{}')}${E}\n\`\`\``;
    expect(parseWith(kimi, fence)).toMatchObject({ content: fence, calls: [] });
  });

  it('removes the end of turn a server left in', () => {
    expect(parseWith(kimi, 'Done.<|im_end|>').content).toBe('Done.');
  });
});

describe('declared tools', () => {
  it('flags an undeclared tool and keeps it by default, drops it on request', () => {
    const text = call('functions.nope:0', '{}');
    const kept = parseWith(kimi, text, { tools: [{ name: 'yes' }] });
    expect(kept.calls.map((c) => c.name)).toEqual(['nope']);
    expect(kept.issues.map((i) => i.kind)).toEqual(['unknown-tool']);
    const dropped = parseWith(kimi, text, { tools: [{ name: 'yes' }], unknownTools: 'drop' });
    expect(dropped.calls).toEqual([]);
  });

  it('a fence holding nothing but a call to a declared tool is a call', () => {
    const r = parseWith(kimi, `\`\`\`\n${S}${call('functions.yes:0', '{}')}${E}\n\`\`\``, {
      tools: [{ name: 'yes' }],
    });
    expect(r.calls.map((c) => c.name)).toEqual(['yes']);
  });
});

describe('streaming', () => {
  it('announces a call once its id is written, before its arguments end; the end carries the id', () => {
    const parser = kimi.createStreamParser();
    const args = `{"city": "${'x'.repeat(200)}"}`;
    const early = parser.push(`${S}${B}functions.get_weather:0${A}${args.slice(0, 100)}`);
    // The start, and the arguments as far as they have come.
    expect(early).toMatchObject([
      { type: 'tool-call-start', index: 0, name: 'get_weather' },
      { type: 'tool-call-delta', index: 0, argumentsDelta: `{"city":"${'x'.repeat(90)}` },
    ]);
    const rest = [...parser.push(`${args.slice(100)}${C}${E}`), ...parser.end()];
    const end = rest.find((e) => e.type === 'tool-call-end');
    expect(end).toMatchObject({ index: 0, call: { id: 'functions.get_weather:0', name: 'get_weather' } });
    const deltas = [...early, ...rest].flatMap((e) =>
      e.type === 'tool-call-delta' ? [e.argumentsDelta] : [],
    );
    expect(deltas.join('')).toBe(JSON.stringify({ city: 'x'.repeat(200) }));
  });

  it('withdraws an announcement whose call does not come', () => {
    const parser = kimi.createStreamParser();
    const events = [...parser.push(`${B}functions.get_weather:0 and then prose${A}{}${C}`), ...parser.end()];
    // (The `{}` after the prose streamed as its arguments before the block showed it is no call.)
    expect(events.map((e) => e.type)).toEqual([
      'tool-call-start',
      'tool-call-delta',
      'issue',
      'tool-call-abort',
    ]);
  });

  it.each([
    ['content, reasoning and two calls', `<think>hm</think>Sure. ${CALLS_TURN} Bye.`],
    ['a cut-off section', `${S}${call('functions.a:0', '{"s": "}"}')}${B}functions.b:1${A}{"t": [`],
    ['a stray quote', `${S}${call('functions.a:0', '{"s": "x}')}${call('functions.b:1', '{}')}${E}`],
    ['tokens in strings', `${call('functions.a:0', `{"s": "${C}${E}${S}<think>"}`)}after`],
  ])('streams as it parses: %s', (_, text) => {
    expectStreamingEqualsBatch(kimi, text);
  });
});

describe('a call named in a sentence (architecture/precision.md)', () => {
  it('the section, its call and the sentence around them stay text', () => {
    const text = `Kimi K2 calls look like ${S}${call('functions.search:0', '{"q": "x"}')}${E} and the index after the colon is the call id.`;
    const r = parseWith(kimi, text);
    expect(r.calls).toEqual([]);
    expect(r.content).toBe(text);
  });

  it('a real call glued to its section tokens is still a call, at the end or before a new sentence', () => {
    const real = `${S}${call('functions.search:0', '{"q": "x"}')}${E}`;
    expect(parseWith(kimi, real).calls.map((c) => c.name)).toEqual(['search']);
    const before = parseWith(kimi, `Searching. ${real} Done soon.`);
    expect(before.calls.map((c) => c.name)).toEqual(['search']);
    expect(before.content).toBe('Searching. Done soon.');
  });
});
