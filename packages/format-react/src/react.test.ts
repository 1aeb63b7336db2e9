/**
 * ReAct fixtures: what models write when prompted with Thought / Action / Action Input, with and
 * without the stop sequence honoured. Every fixture also streams equal to its batch parse.
 */
import { describe, expect, it } from 'vitest';
import { createReactFormat } from './plugin.js';
import { callsOf, expectStreamingEqualsBatch, kindsOf, parseWith, TOOLS } from './test-support/harness.js';

const react = createReactFormat();
const parse = (text: string, withTools = true) => parseWith(react, text, withTools ? { tools: TOOLS } : {});
const check = (text: string) => {
  expectStreamingEqualsBatch(react, text, { tools: TOOLS });
  expectStreamingEqualsBatch(react, text);
};

describe('a step cut at the stop sequence', () => {
  it('reads Thought as reasoning and Action / Action Input as the call', () => {
    const text =
      'Thought: I need the weather in Paris.\nAction: get_weather\nAction Input: {"location": "Paris"}';
    const r = parse(text);
    expect(callsOf(r)).toEqual([{ name: 'get_weather', arguments: { location: 'Paris' } }]);
    expect(r).toMatchObject({
      content: null,
      reasoning: 'I need the weather in Paris.',
      issues: [],
      format: 'react',
    });
    check(text);
  });

  it('keeps several and multi-line thoughts in reasoning', () => {
    const text =
      'Thought: The user wants the weather.\nThey said Paris.\nThought: I will call the tool.\n' +
      'Action: get_weather\nAction Input: {"location": "Paris", "unit": "celsius"}\n';
    const r = parse(text);
    expect(r.reasoning).toBe('The user wants the weather.\nThey said Paris.\nI will call the tool.');
    expect(r.calls).toHaveLength(1);
    check(text);
  });

  it('reads multi-line and fenced JSON, and input on the next line', () => {
    const text =
      'Action: get_weather\nAction Input:\n```json\n{\n  "location": "Paris"\n}\n```\n' +
      'Action:\nsearch\nAction Input: {"query": "Action: inside a string"}';
    const r = parse(text);
    expect(callsOf(r)).toEqual([
      { name: 'get_weather', arguments: { location: 'Paris' } },
      { name: 'search', arguments: { query: 'Action: inside a string' } },
    ]);
    expect(r.issues).toEqual([]);
    check(text);
  });

  it('takes two actions in one step, with a thought between them', () => {
    const text =
      'Thought: both cities\nAction: get_weather\nAction Input: {"location": "Paris"}\n' +
      'Thought: now London\nAction: get_weather\nAction Input: {"location": "London"}';
    const r = parse(text);
    expect(callsOf(r).map((c) => c.arguments.location)).toEqual(['Paris', 'London']);
    expect(r.reasoning).toBe('both cities\nnow London');
    check(text);
  });

  it('reads CRLF line ends', () => {
    const r = parse('Thought: t\r\nAction: search\r\nAction Input: {"query": "q"}\r\n');
    expect(callsOf(r)).toEqual([{ name: 'search', arguments: { query: 'q' } }]);
    expect(r).toMatchObject({ reasoning: 't', content: null, issues: [] });
  });

  it('keeps text before the first key as content', () => {
    const r = parse('Sure, let me look that up.\nAction: search\nAction Input: {"query": "x"}');
    expect(r.content).toBe('Sure, let me look that up.');
    expect(r.calls).toHaveLength(1);
  });

  it('cleans the name: brackets, backticks, bold, ()', () => {
    for (const name of ['[search]', '`search`', '**search**', 'search()', ' search ']) {
      expect(callsOf(parse(`Action: ${name}\nAction Input: {"query": "q"}`))).toEqual([
        { name: 'search', arguments: { query: 'q' } },
      ]);
    }
  });

  it('makes a call without arguments when there is no input, or the input says None', () => {
    expect(callsOf(parse('Thought: time\nAction: get_time'))).toEqual([{ name: 'get_time', arguments: {} }]);
    expect(callsOf(parse('Action: get_time\nAction Input: None'))).toEqual([
      { name: 'get_time', arguments: {} },
    ]);
    expect(callsOf(parse('Action: get_time\nAction Input: {}'))).toEqual([
      { name: 'get_time', arguments: {} },
    ]);
  });
});

describe('text after the Action Input (the stop sequence was ignored)', () => {
  it('cuts off a made-up Observation and everything after it, and reports it', () => {
    const tail =
      'Observation: {"temperature": 22}\nThought: I now know the final answer\nFinal Answer: It is 22 °C.';
    const text = `Thought: weather\nAction: get_weather\nAction Input: {"location": "Paris"}\n${tail}`;
    const r = parse(text);
    expect(r.calls).toHaveLength(1);
    expect(r.content).toBeNull();
    expect(r.reasoning).toBe('weather');
    expect(r.issues).toEqual([expect.objectContaining({ kind: 'trailing-text', raw: tail })]);
    check(text);
  });

  it('cuts off a final answer written right after a call (it cannot know the result yet)', () => {
    const text = 'Action: get_weather\nAction Input: {"location": "Paris"}\nFinal Answer: Sunny.';
    const r = parse(text);
    expect(r.calls).toHaveLength(1);
    expect(r.content).toBeNull();
    expect(r.issues).toEqual([
      expect.objectContaining({ kind: 'trailing-text', raw: 'Final Answer: Sunny.' }),
    ]);
  });

  it('reports other text after the input, keeping the call', () => {
    const r = parse('Action: search\nAction Input: {"query": "q"}\n\nI will wait for the result.');
    expect(r.calls).toHaveLength(1);
    expect(r.content).toBeNull();
    expect(r.issues).toEqual([
      expect.objectContaining({ kind: 'trailing-text', raw: 'I will wait for the result.' }),
    ]);
  });

  it('cuts off an Observation written with no action before it', () => {
    const r = parse('Observation: I looked it up.\nFinal Answer: 42');
    expect(r).toMatchObject({ calls: [], content: null });
    expect(kindsOf(r)).toEqual(['malformed-call']);
    expect(r.issues[0]!.raw).toBe('Observation: I looked it up.\nFinal Answer: 42');
  });
});

describe('answers', () => {
  it('reads the text after Final Answer as content, thoughts as reasoning', () => {
    const text = 'Thought: I now know the final answer\nFinal Answer: Paris is sunny, 22 °C.\nEnjoy!';
    const r = parse(text);
    expect(r).toMatchObject({
      calls: [],
      content: 'Paris is sunny, 22 °C.\nEnjoy!',
      reasoning: 'I now know the final answer',
      issues: [],
      format: 'react',
    });
    check(text);
  });

  it('streams the answer as it comes, and the reasoning when its thought ends', () => {
    const parser = react.createStreamParser();
    const pushed = [
      'Thought: I now know',
      ' the final answer\nFinal Answer: It is',
      ' 22 °C in',
      ' Paris.',
    ].map((c) => parser.push(c));
    expect(pushed[0]).toEqual([]);
    expect(pushed[1]).toEqual([
      { type: 'reasoning', text: 'I now know the final answer' },
      { type: 'text', text: 'It is' },
    ]);
    expect(pushed[2]).toEqual([{ type: 'text', text: ' 22 °C in' }]);
    expect(pushed[3]).toEqual([{ type: 'text', text: ' Paris.' }]);
  });

  it('takes a direct answer with no keys as it is', () => {
    const r = parse('The capital of France is Paris.');
    expect(r).toMatchObject({
      calls: [],
      content: 'The capital of France is Paris.',
      reasoning: null,
      format: null,
    });
  });

  it('keeps an answer written after a thought and a blank line, with no Final Answer key', () => {
    const text = 'Thought: This is simple.\n\nThe capital of France is Paris.';
    const r = parse(text);
    expect(r).toMatchObject({ content: 'The capital of France is Paris.', reasoning: 'This is simple.' });
    check(text);
  });

  it('reads `Action: None` as no action', () => {
    const r = parse('Thought: no tool needed\nAction: None\nFinal Answer: 42');
    expect(r).toMatchObject({ calls: [], content: '42', reasoning: 'no tool needed', issues: [] });
  });

  it('leaves keys inside code and mid-line alone', () => {
    const text =
      'Final Answer: Write it like this:\n```\nAction: search\nAction Input: {"query": "x"}\n```\nThe Thought: part is free text.';
    const r = parse(text, false);
    expect(r.calls).toEqual([]);
    expect(r.content).toBe(
      'Write it like this:\n```\nAction: search\nAction Input: {"query": "x"}\n```\nThe Thought: part is free text.',
    );
    check(text);
    // A fence holding nothing but a call to a declared tool is a call (semantics 4) when it ends
    // the output; here prose explains it after, so it is an example (architecture/precision.md).
    expect(parse(text).calls).toEqual([]);
    const fenced = 'Let me search.\n```\nAction: search\nAction Input: {"query": "x"}\n```';
    expect(callsOf(parse(fenced))).toEqual([{ name: 'search', arguments: { query: 'x' } }]);
  });
});

describe('Action Input that is not a JSON object', () => {
  it('maps a bare string to the tool’s only string parameter', () => {
    expect(callsOf(parse('Action: search\nAction Input: weather in Paris'))).toEqual([
      { name: 'search', arguments: { query: 'weather in Paris' } },
    ]);
    expect(callsOf(parse('Action: search\nAction Input: "weather in Paris"'))).toEqual([
      { name: 'search', arguments: { query: 'weather in Paris' } },
    ]);
  });

  it('reports it when the schema does not say where it goes (or there is no schema)', () => {
    for (const [text, tools] of [
      ['Action: get_weather\nAction Input: Paris', true],
      ['Action: search\nAction Input: weather', false],
      ['Action: search\nAction Input: ["a", "b"]', true],
    ] as const) {
      const r = parse(text, tools);
      expect(r.calls).toEqual([]);
      expect(r.content).toBeNull();
      expect(kindsOf(r)).toEqual(['malformed-call']);
      expect(r.issues[0]!.raw).toBe(text);
    }
  });

  it('keeps the failed call as text with onMalformed: keep', () => {
    const text = 'Action: get_weather\nAction Input: Paris';
    expect(parseWith(react, text, { tools: TOOLS, onMalformed: 'keep' }).content).toBe(text);
  });
});

describe('broken JSON', () => {
  it('repairs a slip and reports the repair', () => {
    const r = parse("Action: search\nAction Input: {'query': 'x',}");
    expect(callsOf(r)).toEqual([{ name: 'search', arguments: { query: 'x' } }]);
    expect(kindsOf(r)).toEqual(['json-repaired']);
    const closing = parse('Action: search\nAction Input: {"query": "x"');
    expect(closing.calls).toHaveLength(1);
    expect(kindsOf(closing)).toEqual(['json-repaired']);
  });

  it('drops a call whose JSON breaks off or does not parse, and says why', () => {
    for (const input of ['{"query": "unfinish', '{"query" "x" ::: }']) {
      const r = parse(`Thought: go\nAction: search\nAction Input: ${input}`);
      expect(r.calls).toEqual([]);
      expect(r.content).toBeNull();
      expect(r.reasoning).toBe('go');
      expect(kindsOf(r)).toEqual(['malformed-call']);
    }
  });

  it('decides a JSON value that never closed by one bracket scan: cut off, too deep, or repairable', () => {
    const cut = parse('Action: search\nAction Input: {"query": "a\\"b');
    expect(kindsOf(cut)).toEqual(['malformed-call']);
    expect(cut.issues[0]!.message).toContain('ended inside a string');
    const deep = parseWith(react, `Action: search\nAction Input: ${'['.repeat(300)}`, { maxDepth: 256 });
    expect(deep.issues[0]!.message).toContain('nests deeper than 256 levels');
    expect(callsOf(parse('Action: search\nAction Input: {"query": {"a": [1, 2'))).toEqual([
      { name: 'search', arguments: { query: { a: [1, 2] } } },
    ]);
  });

  it('reads no more calls than maxCalls, and reports the rest at once', () => {
    const text = 'Action: get_time\n'.repeat(5);
    const r = parseWith(react, text, { maxCalls: 2 });
    expect(r.calls).toHaveLength(2);
    expect(r.issues).toEqual([
      expect.objectContaining({ kind: 'limit-exceeded', raw: 'Action: get_time\n'.repeat(3).trim() }),
    ]);
  });

  it('keeps the good call of two when one is broken', () => {
    const r = parse(
      'Action: search\nAction Input: {"query": "ok"}\nAction: get_weather\nAction Input: {"location": "Par',
    );
    expect(callsOf(r)).toEqual([{ name: 'search', arguments: { query: 'ok' } }]);
    expect(kindsOf(r)).toEqual(['partial-call']);
  });

  it('flags an undeclared tool name (the engine’s allowlist)', () => {
    const r = parse('Action: get_wether\nAction Input: {"location": "Paris"}');
    expect(r.calls.map((c) => c.name)).toEqual(['get_wether']);
    expect(kindsOf(r)).toEqual(['unknown-tool']);
  });
});

describe('prose that begins with a key', () => {
  it('keeps `Action:` followed by a sentence as text', () => {
    const r = parse('Action: I will now restart the server.\nIt may take a minute.');
    expect(r.calls).toEqual([]);
    expect(r.content).toBe('Action: I will now restart the server.\nIt may take a minute.');
    expect(r.issues).toEqual([]);
  });

  it('reports a sentence after `Action:` that is given an input', () => {
    const r = parse('Action: look it up\nAction Input: {"query": "x"}');
    expect(r.calls).toEqual([]);
    expect(kindsOf(r)).toEqual(['malformed-call']);
  });
});

describe('a run of inputs that made no call', () => {
  it('reports each one, in order, once a later call comes out', () => {
    const cut = '✿FUNCTION✿: f\n✿ARGS✿: {"a":"';
    const text = `${cut}${cut}✿FUNCTION✿: g\n✿ARGS✿: {"b": 1]\n✿FUNCTION✿: h\n✿ARGS✿: {"c": 2}`;
    const r = parseWith(createReactFormat('qwen-agent'), text, {});
    expect(callsOf(r)).toEqual([
      { name: 'g', arguments: { b: 1 } },
      { name: 'h', arguments: { c: 2 } },
    ]);
    expect(r.issues.map((i) => [i.kind, i.message, i.raw])).toEqual([
      [
        'malformed-call',
        `Removed: "f": the Action Input is not valid JSON (invalid JSON (not one complete JSON value); repair failed: expected ':' after a key, found "\\"" at position 31).`,
        `${cut}${cut}`,
      ],
      [
        'json-repaired',
        'Repaired JSON: removed an unmatched closing bracket; closed a bracket left open at the end (truncated output).',
        '{"b": 1]',
      ],
    ]);
  });

  it('keeps the first reason as the error of a section that made no call', () => {
    const cut = '✿FUNCTION✿: f\n✿ARGS✿: {"a":"';
    const qwen = createReactFormat('qwen-agent');
    const text = cut.repeat(4);
    const r = parseWith(qwen, text, {});
    expect(callsOf(r)).toEqual([]);
    expect(r.issues.map((i) => [i.kind, i.message, i.raw])).toEqual([
      [
        'malformed-call',
        `Removed: a span that looked like a call did not parse ("f": the Action Input is not valid JSON (invalid JSON (not one complete JSON value); repair failed: expected ':' after a key, found "\\"" at position 31)).`,
        text,
      ],
    ]);
    expectStreamingEqualsBatch(qwen, text);
  });

  it('reports alike failures alike, and different ones each in its own words', () => {
    const step = (name: string, key: string) => `Action: ${name}\nAction Input: {"${key}": @}\n`;
    const text = `${step('f', 'a')}${step('f', 'a')}${step('g', 'b')}${step('f', 'a')}Action: h\nAction Input: {}`;
    const r = parse(text, false);
    expect(callsOf(r)).toEqual([{ name: 'h', arguments: {} }]);
    const reason = (name: string, key: string) =>
      `Removed: "${name}": the Action Input is not valid JSON (invalid JSON (Unexpected token '@', "{"${key}": @}" is not valid JSON); repair failed: expected a value, found "@" at position 6).`;
    expect(r.issues.map((i) => [i.kind, i.message, i.raw, i.count])).toEqual([
      ['malformed-call', reason('f', 'a'), step('f', 'a').trim(), 2],
      ['malformed-call', reason('g', 'b'), step('g', 'b').trim(), undefined],
      ['malformed-call', reason('f', 'a'), step('f', 'a').trim(), undefined],
    ]);
    check(text);
  });
});
