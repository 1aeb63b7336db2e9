import { assertStreamingEqualsBatch, callsOf, parseWithIds, WEATHER_TOOL } from '@toolformat/core/testing';
import { describe, expect, it } from 'vitest';
import { createGemmaFormat } from './plugin.js';

const gemma = createGemmaFormat();
const parse = (text: string, opts = {}) => parseWithIds(gemma, text, opts);

describe('Gemma 4', () => {
  it('reads `call:NAME(…)` a server left without its tokens, and leaves prose `call:` alone', () => {
    const text = 'call:get_weather(city="Paris", unit="celsius")\nThe tool will answer.';
    const r = parse(text);
    expect(callsOf(r)).toEqual([{ name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } }]);
    expect(r.content).toBe('The tool will answer.');
    for (const prose of ['To book, call: the front desk.', 'call: me maybe', 'On a call:\nsay hi'])
      expect(parse(prose)).toMatchObject({ calls: [], content: prose });
  });

  it('reads the rendered agentic turn (reasoning, two calls)', () => {
    const text =
      '<|channel>thought\nUser wants weather for two cities; call the tool twice.\n<channel|><|tool_call>call:get_weather{location:<|"|>Paris<|"|>,unit:<|"|>celsius<|"|>}<tool_call|><|tool_call>call:get_weather{location:<|"|>London<|"|>}<tool_call|>';
    const r = parse(text);
    expect(callsOf(r)).toEqual([
      { name: 'get_weather', arguments: { location: 'Paris', unit: 'celsius' } },
      { name: 'get_weather', arguments: { location: 'London' } },
    ]);
    expect(r.reasoning).toBe('User wants weather for two cities; call the tool twice.');
    expect(r.content).toBeNull();
    expect(r.format).toBe('gemma:gemma4');
  });

  it('reads nested objects, arrays and bare scalars', () => {
    const r = parse(
      '<|tool_call>call:book{guests:2,vip:true,note:null,tags:[<|"|>a, b<|"|>,<|"|>}c{<|"|>],where:{city:<|"|>Paris<|"|>,geo:{lat:48.8,lon:2.3}}}<tool_call|>',
    );
    expect(callsOf(r)).toEqual([
      {
        name: 'book',
        arguments: {
          guests: 2,
          vip: true,
          note: null,
          tags: ['a, b', '}c{'],
          where: { city: 'Paris', geo: { lat: 48.8, lon: 2.3 } },
        },
      },
    ]);
    expect(r.issues).toEqual([]);
  });

  it('keeps a delimited number a string without a schema, types it with one', () => {
    const text = '<|tool_call>call:get_weather{location:<|"|>42<|"|>}<tool_call|>';
    expect(callsOf(parse(text))[0]?.arguments).toEqual({ location: '42' });
    const tool = { name: 'f', parameters: { type: 'object', properties: { n: { type: 'integer' } } } };
    expect(
      callsOf(parse('<|tool_call>call:f{n:<|"|>42<|"|>}<tool_call|>', { tools: [tool] }))[0]?.arguments,
    ).toEqual({
      n: 42,
    });
  });

  it('takes a truncated close tag as the end of the call', () => {
    for (const cut of ['', '<', '<tool_call', '<tool_call|']) {
      const r = parse(`Sure.<|tool_call>call:get_weather{location:<|"|>Paris<|"|>}${cut}`);
      expect(callsOf(r)).toEqual([{ name: 'get_weather', arguments: { location: 'Paris' } }]);
      expect(r.content).toBe('Sure.');
      expect(r.issues).toEqual([]);
    }
  });

  it('a call cut off inside its arguments is not a call', () => {
    const r = parse('<|tool_call>call:get_weather{location:<|"|>Par');
    expect(r.calls).toEqual([]);
    expect(r.issues.map((i) => i.kind)).toContain('partial-call');
  });

  it('prose that mentions the token stays prose', () => {
    const r = parse('Gemma 4 wraps calls in <|tool_call> tokens.');
    expect(r.calls).toEqual([]);
    expect(r.content).toBe('Gemma 4 wraps calls in <|tool_call> tokens.');
  });
});

describe('FunctionGemma', () => {
  it('reads the Ollama render and stops at the response', () => {
    const r = parse(
      '<start_function_call>call:get_weather{city:<escape>Paris<escape>}<end_function_call><start_function_response>',
    );
    expect(callsOf(r)).toEqual([{ name: 'get_weather', arguments: { city: 'Paris' } }]);
    expect(r.format).toBe('gemma:functiongemma');
  });

  it('types delimited scalars like vLLM without a schema, keeps strings with one', () => {
    expect(
      callsOf(
        parse(
          '<start_function_call>call:f{count:<escape>42<escape>,on:<escape>true<escape>}<end_function_call>',
        ),
      ),
    ).toEqual([{ name: 'f', arguments: { count: 42, on: true } }]);
    const tool = { name: 'f', parameters: { type: 'object', properties: { count: { type: 'string' } } } };
    expect(
      callsOf(
        parse('<start_function_call>call:f{count:<escape>42<escape>}<end_function_call>', { tools: [tool] }),
      ),
    ).toEqual([{ name: 'f', arguments: { count: '42' } }]);
  });

  it('reads arguments without commas and bare values', () => {
    const r = parse(
      '<start_function_call>call:search{query:<escape>python<escape>limit:10,sort:<escape>relevance<escape>}<end_function_call>',
    );
    expect(callsOf(r)).toEqual([
      { name: 'search', arguments: { query: 'python', limit: 10, sort: 'relevance' } },
    ]);
  });

  it('several calls, text before', () => {
    const r = parse(
      'Let me check. <start_function_call>call:get_weather{location:<escape>London<escape>}<end_function_call><start_function_call>call:get_time{timezone:<escape>UTC<escape>}<end_function_call>',
    );
    expect(callsOf(r).map((c) => c.name)).toEqual(['get_weather', 'get_time']);
    expect(r.content).toBe('Let me check.');
  });

  it('empty arguments', () => {
    expect(callsOf(parse('<start_function_call>call:f{}<end_function_call>'))).toEqual([
      { name: 'f', arguments: {} },
    ]);
  });
});

describe('[TOOL_REQUEST] (LM Studio)', () => {
  it('reads LLxprt Code’s forms: name {json} and JSON with END_TOOL_REQUEST', () => {
    const a = parse('[TOOL_REQUEST]\nlist_directory {"path": "/home/user"}\n[TOOL_REQUEST_END]');
    expect(callsOf(a)).toEqual([{ name: 'list_directory', arguments: { path: '/home/user' } }]);
    expect(a.content).toBeNull();
    expect(a.format).toBe('gemma:tool-request');
    const b = parse('{"name": "search", "arguments": {"query": "climate change"}}\n[END_TOOL_REQUEST]');
    expect(callsOf(b)).toEqual([{ name: 'search', arguments: { query: 'climate change' } }]);
    expect(b.content).toBeNull();
  });

  it('reads LM Studio prompt form and line numbers', () => {
    const r = parse(
      'On it.\n[TOOL_REQUEST]{"name": "get_delivery_date", "arguments": {"order_id": "123"}}[END_TOOL_REQUEST]',
    );
    expect(callsOf(r)).toEqual([{ name: 'get_delivery_date', arguments: { order_id: '123' } }]);
    expect(r.content).toBe('On it.');
    const n = parse('Searching.\n1 {"name": "search", "arguments": {"q": "x"}}\n[END_TOOL_REQUEST]\nDone?');
    expect(callsOf(n)).toEqual([{ name: 'search', arguments: { q: 'x' } }]);
    expect(n.content).toBe('Searching.\nDone?');
  });

  it('JSON without the end marker is text', () => {
    const r = parse('Here: {"name": "x", "arguments": {}} and more.');
    expect(r.calls).toEqual([]);
    expect(r.content).toBe('Here: {"name": "x", "arguments": {}} and more.');
  });
});

describe('one JSON call as the whole output (Gemma 3 function-calling prompts, tools fine-tunes)', () => {
  it('is read in the exact call shape, or naming a declared tool', () => {
    const text = '{"name": "winccoa__get-value", "parameters": {"dpe": "Water_Tank_1.Liters"}}';
    const r = assertStreamingEqualsBatch(gemma, text);
    expect(callsOf(r)).toEqual([{ name: 'winccoa__get-value', arguments: { dpe: 'Water_Tank_1.Liters' } }]);
    expect(r).toMatchObject({ content: null, format: 'gemma' });
    const declared = '\n{"name": "get_weather", "arguments": {"location": "Paris"}, "id": 1}\n';
    expect(callsOf(parse(declared, { tools: [WEATHER_TOOL] }))).toEqual([
      { name: 'get_weather', arguments: { location: 'Paris' } },
    ]);
  });

  it('stays text when it is not the whole output, not the call shape, or names no declared tool', () => {
    for (const text of [
      '{"name": "x", "parameters": {}} is the shape to write.',
      'Write {"name": "x", "parameters": {}}',
      '{"name": "Alice Smith", "age": 30}',
      '{"name": "x", "parameters": {}}\nThis tells the runtime which tool to use.',
    ]) {
      expect(assertStreamingEqualsBatch(gemma, text)).toMatchObject({ calls: [], content: text });
    }
    const undeclared = '{"name": "rm", "parameters": {"path": "/"}}';
    expect(parse(undeclared, { tools: [WEATHER_TOOL] }).calls).toEqual([]);
  });

  it('JSON with the end marker after it is still read as before, text after it too', () => {
    const text = '{"name": "search", "arguments": {"q": "x"}}\n[END_TOOL_REQUEST]\nDone?';
    const r = assertStreamingEqualsBatch(gemma, text);
    expect(callsOf(r)).toEqual([{ name: 'search', arguments: { q: 'x' } }]);
    expect(r.content).toBe('Done?');
  });
});

describe('tool_code', () => {
  it('reads python calls with lists, dicts, quotes, parens, True/False/None', () => {
    const text =
      'I will check.\n```tool_code\nget_weather(location="Paris (France)", unit=\'celsius\')\nbook(ids=[1, 2], opts={"a": True, "b": None}, note="say \\"hi\\")", ok=False)\n```\nwait';
    const r = parse(text);
    expect(callsOf(r)).toEqual([
      { name: 'get_weather', arguments: { location: 'Paris (France)', unit: 'celsius' } },
      { name: 'book', arguments: { ids: [1, 2], opts: { a: true, b: null }, note: 'say "hi")', ok: false } },
    ]);
    expect(r.content).toBe('I will check.\nwait');
    expect(r.format).toBe('gemma');
  });

  it('maps positional values onto declared parameters', () => {
    const r = parse('```tool_code\nget_weather("Paris")\n```', { tools: [WEATHER_TOOL] });
    expect(callsOf(r)).toEqual([{ name: 'get_weather', arguments: { location: 'Paris' } }]);
  });

  it('a python fence is code, not a call', () => {
    const r = parse('```python\nget_weather(location="Paris")\n```');
    expect(r.calls).toEqual([]);
  });

  it('never evaluates: a broken block is reported', () => {
    const r = parse('```tool_code\nimport os; os.system("rm -rf /")\n```');
    expect(r.calls).toEqual([]);
    expect(r.issues[0]?.kind).toBe('malformed-call');
  });
});

describe('pythonic list', () => {
  it('reads the vLLM Gemma 3 render (missing comma tolerated)', () => {
    const r = parse('[get_weather(location="Paris"unit="celsius"), get_weather(location="London")]');
    expect(callsOf(r)).toEqual([
      { name: 'get_weather', arguments: { location: 'Paris', unit: 'celsius' } },
      { name: 'get_weather', arguments: { location: 'London' } },
    ]);
    expect(r.content).toBeNull();
  });

  it('a list in prose that does not parse stays text', () => {
    const r = parse('See [note 1] and [a, b].');
    expect(r.calls).toEqual([]);
    expect(r.content).toBe('See [note 1] and [a, b].');
  });
});

describe('a token inside a delimited string is text', () => {
  const tool = { name: 'f', parameters: { type: 'object', properties: { a: { type: 'string' } } } };
  const opts = { tools: [tool] };
  const cases: Array<[string, string, string, string]> = [
    ['gemma4', '<|"|>', '<|tool_call>', '<tool_call|>'],
    ['functiongemma', '<escape>', '<start_function_call>', '<end_function_call>'],
  ];
  describe.each(cases)('%s', (variant, quote, open, close) => {
    const h = createGemmaFormat(variant);
    const ends =
      variant === 'gemma4' ? ['<turn|>', '<|tool_response>'] : ['<end_of_turn>', '<start_function_response>'];

    it('reads back its own call when a string holds the block’s markers, streamed in any chunks', () => {
      for (const marker of [close, open, ...ends]) {
        const a = `x ${marker} y`;
        const written = h.formatToolCalls([{ id: 'call_1', name: 'f', arguments: { a } }]);
        expect(written).toBe(`${open}call:f{a:${quote}${a}${quote}}${close}`);
        const r = assertStreamingEqualsBatch(h, `Sure.${written}Done.`, opts);
        expect(callsOf(r)).toEqual([{ name: 'f', arguments: { a } }]);
        expect(r.content).toBe('Sure.Done.');
        expect(r.issues).toEqual([]);
      }
    });

    it('a string that is never closed ends the block at its first close, as before', () => {
      const text = `${open}call:f{a:${quote}x}${close}\n${open}call:f{a:1}${close}\nafter`;
      const r = assertStreamingEqualsBatch(h, text, opts);
      expect(callsOf(r)).toEqual([{ name: 'f', arguments: { a: 1 } }]);
      expect(r.content).toBe('after');
      expect(r.issues.map((i) => [i.kind, i.raw])).toEqual([
        ['malformed-call', `${open}call:f{a:${quote}x}${close}`],
      ]);
    });
  });
});
