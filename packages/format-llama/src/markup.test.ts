import { describe, expect, it } from 'vitest';
import { createLlamaFormat } from './plugin.js';
import { callsOf, expectStreamingEqualsBatch, parseWith } from './test-support/harness.js';

const llama = createLlamaFormat('llama');
const pythonic = createLlamaFormat('pythonic');
const functionary = createLlamaFormat('functionary');
const v31 = createLlamaFormat('functionary-v3.1');
const tools = [{ name: 'get_weather', parameters: { type: 'object', properties: { city: {}, unit: {} } } }];

describe('Llama 3.1 JSON', () => {
  it('reads bare JSON with parameters, after prose, and ; separated calls', () => {
    const r = parseWith(
      llama,
      'Here: {"name": "a", "parameters": {"x": 1}}; {"name": "b", "arguments": {}} Done.',
    );
    expect(callsOf(r)).toEqual([
      { name: 'a', arguments: { x: 1 } },
      { name: 'b', arguments: {} },
    ]);
    expect(r.content).toBe('Here: Done.');
  });
  it('reads a call wrapped the OpenAI way (a fine-tune copying its tool list)', () => {
    const text = '{"type": "function", "function": {"name": "get_weather", "parameters": {"city": "Paris"}}}';
    expect(callsOf(parseWith(llama, text))).toEqual([{ name: 'get_weather', arguments: { city: 'Paris' } }]);
    expect(callsOf(parseWith(llama, text, { tools }))).toEqual([
      { name: 'get_weather', arguments: { city: 'Paris' } },
    ]);
  });
  it('leaves JSON that is not a call as text', () => {
    const r = parseWith(llama, 'Result: {"query": "x"} and {"name": "only"}');
    expect(r.calls).toEqual([]);
    expect(r.content).toBe('Result: {"query": "x"} and {"name": "only"}');
  });
  it('reads <|python_tag|> JSON, built-in tools and raw code', () => {
    expect(
      callsOf(
        parseWith(
          llama,
          '<|python_tag|>{"name": "a", "parameters": {}};{"name": "b", "parameters": {}}<|eom_id|>',
        ),
      ),
    ).toEqual([
      { name: 'a', arguments: {} },
      { name: 'b', arguments: {} },
    ]);
    expect(
      callsOf(parseWith(llama, '<|python_tag|>brave_search.call(query="gold price")<|eom_id|>')),
    ).toEqual([{ name: 'brave_search', arguments: { query: 'gold price' } }]);
    expect(callsOf(parseWith(llama, "<|python_tag|>print('hey')<|eom_id|>"))).toEqual([
      { name: 'code_interpreter', arguments: { code: "print('hey')" } },
    ]);
  });
  it('reads the doc type:function form and <function=…>', () => {
    const r = parseWith(
      llama,
      '<|python_tag|>{\n    "type": "function",\n    "name": "t",\n    "parameters": {"n": 10}\n}<|eom_id|>',
    );
    expect(callsOf(r)).toEqual([{ name: 't', arguments: { n: 10 } }]);
    expect(callsOf(parseWith(llama, '<function=trending_songs>{"n": 10}</function><|eot_id|>'))).toEqual([
      { name: 'trending_songs', arguments: { n: 10 } },
    ]);
  });
  it('streams as it parses', () => {
    expectStreamingEqualsBatch(
      llama,
      'Hi {"name": "a", "parameters": {"x": "{y}"}}; <|python_tag|>f.call(a=1)<|eom_id|>',
    );
  });
});

describe('pythonic (Llama 3.2 / 4, OLMo 3)', () => {
  it('reads a list with nested values, True/False/None and bracket strings', () => {
    const r = parseWith(pythonic, `[f(a='x [y] "q"', b=[1, {'k': None}], c=True), g()]<|eot_id|>`);
    expect(callsOf(r)).toEqual([
      { name: 'f', arguments: { a: 'x [y] "q"', b: [1, { k: null }], c: true } },
      { name: 'g', arguments: {} },
    ]);
    expect(r.content).toBeNull();
  });
  it('keeps 1e999 valid JSON', () => {
    const r = parseWith(pythonic, '[calc(x=1e999)]');
    expect(callsOf(r)).toEqual([{ name: 'calc', arguments: { x: '1e999' } }]);
    expect(JSON.parse(JSON.stringify(r.calls))).toEqual(r.calls);
  });
  it('reads lists in prose and keeps the prose', () => {
    const r = parseWith(pythonic, "Let me check [get_weather(city='Paris')]\nand [x] done");
    expect(callsOf(r)).toEqual([{ name: 'get_weather', arguments: { city: 'Paris' } }]);
    expect(r.content).toBe('Let me check and [x] done');
  });
  it('reads a list whose first call follows a tab or a CRLF, as the other pythonic readers do', () => {
    expect(callsOf(parseWith(pythonic, 'Calling:\n[\r\nget_weather(city="Paris")\r\n]'))).toEqual([
      { name: 'get_weather', arguments: { city: 'Paris' } },
    ]);
    expect(callsOf(parseWith(pythonic, '[\tg()]'))).toEqual([{ name: 'g', arguments: {} }]);
  });
  it('keeps a list the sentence goes on after as text: a mention (architecture/precision.md)', () => {
    const text = "Let me check [get_weather(city='Paris')] and [x] done";
    const read = (t: string) => pythonic.parse(t, { mentions: true });
    expect(read(text)).toMatchObject({ calls: [], content: text });
    expect(read('[a(x=1)] and [b(y=2)]').calls.map((c) => c.name)).toEqual(['a', 'b']);
    expect(read('[a(x=1)] Here is the forecast:').calls.map((c) => c.name)).toEqual(['a']);
  });
  it('reads <|python_start|> (pythonic and JSON) and the empty HF pair', () => {
    expect(callsOf(parseWith(pythonic, "<|python_start|>[f(a='x')]<|python_end|>"))).toEqual([
      { name: 'f', arguments: { a: 'x' } },
    ]);
    const r = parseWith(
      pythonic,
      '<|python_start|><|python_end|>{"name": "a", "parameters": {}}{"name": "b", "parameters": {}}<|eot|>',
    );
    expect(callsOf(r).map((c) => c.name)).toEqual(['a', 'b']);
  });
  it('reads OLMo 3 <function_calls> with one call a line', () => {
    expect(callsOf(parseWith(pythonic, "<function_calls>f(a='x')\ng()</function_calls>"))).toEqual([
      { name: 'f', arguments: { a: 'x' } },
      { name: 'g', arguments: {} },
    ]);
  });
  it('maps positional values onto declared parameters', () => {
    expect(callsOf(parseWith(pythonic, "[get_weather('Paris')]", { tools }))).toEqual([
      { name: 'get_weather', arguments: { city: 'Paris' } },
    ]);
  });
  it('reads a declared tool called without the list brackets, alone where the output starts', () => {
    for (const variant of [pythonic, llama, functionary]) {
      const text = 'get_weather(city="Paris", unit="celsius")\n';
      const r = expectStreamingEqualsBatch(variant, text, { tools });
      expect(callsOf(r)).toEqual([{ name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } }]);
      expect(r.content).toBeNull();
    }
    // Not declared, not alone on its line, not at the start, or prose after it: text.
    for (const [text, opts] of [
      ['get_weather(city="Paris")', {}],
      ['get_weather(city="Paris") is the call', { tools }],
      ['You would run:\nget_weather(city="Paris")', { tools }],
      ['get_weather(city="Paris")\nThat fetches the forecast.', { tools }],
    ] as const) {
      expect(expectStreamingEqualsBatch(pythonic, text, opts)).toMatchObject({ calls: [], content: text });
    }
  });
  it('leaves a broken list as text', () => {
    const r = parseWith(pythonic, "[f(a='x 'y')]");
    expect(r.calls).toEqual([]);
    expect(r.content).toBe("[f(a='x 'y')]");
  });
  it('streams as it parses', () => {
    expectStreamingEqualsBatch(pythonic, "Hi [f(a='[x]'), g()] ok <|python_start|>[h()]<|python_end|>");
  });
});

describe('Functionary', () => {
  it('reads a call after an answer whose quotes and braces do not pair up', () => {
    // The JSON guard reads strings only in a call's JSON, never in the answer to the user.
    const text = '>>>all\nHe said "use {x}" and "more" then\n>>>f\n{"a": 1}\n>>>all\nok "x';
    const r = parseWith(createLlamaFormat('functionary'), text);
    expect(r.calls.map((c) => [c.name, c.arguments])).toEqual([['f', { a: 1 }]]);
    expectStreamingEqualsBatch(createLlamaFormat('functionary'), text);
  });
  it('v3.2 reads >>>name, >>>all and >>>python', () => {
    const r = parseWith(
      functionary,
      '>>>all\nLet me look.>>>get_weather\n{"city": "Paris"}>>>python\nprint(1)',
    );
    expect(callsOf(r)).toEqual([
      { name: 'get_weather', arguments: { city: 'Paris' } },
      { name: 'python', arguments: { code: 'print(1)' } },
    ]);
    expect(r.content).toBe('Let me look.');
  });
  it('v3.2 reads the output after a prefilled >>>', () => {
    const r = parseWith(functionary, 'all\nHi>>>f\n{"a": 1}');
    expect(callsOf(r)).toEqual([{ name: 'f', arguments: { a: 1 } }]);
    expect(r.content).toBe('Hi');
    expect(parseWith(functionary, 'Hello there').content).toBe('Hello there');
  });
  it('v3.1 reads repeated <function=…> tags', () => {
    const r = parseWith(v31, '<function=a>{"x": 1}</function><function=b>{}</function><|eom_id|>');
    expect(callsOf(r)).toEqual([
      { name: 'a', arguments: { x: 1 } },
      { name: 'b', arguments: {} },
    ]);
    expect(r.content).toBeNull();
  });
  it('streams as it parses', () => {
    expectStreamingEqualsBatch(functionary, '>>>all\nHi>>>f\n{"a": "x>"}');
  });
});
