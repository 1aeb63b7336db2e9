import { describe, expect, it } from 'vitest';
import { createHermesFormat } from './plugin.js';
import { callsOf, expectStreamingEqualsBatch, parseWith } from './test-support/harness.js';

const hermes = createHermesFormat();
const parse = (text: string, opts = {}) => parseWith(hermes, text, opts);
const weather = (city: string) => ({ name: 'get_weather', arguments: { city } });
const W = (city: string) => `{"name": "get_weather", "arguments": {"city": "${city}"}}`;

describe('the Hermes / Qwen <tool_call> block', () => {
  it('reads the template form, several blocks, text before and after', () => {
    const text = `Let me check.\n<tool_call>\n${W('Paris')}\n</tool_call>\n<tool_call>\n${W('London')}\n</tool_call>\nOne moment.`;
    const r = parse(text);
    expect(callsOf(r)).toEqual([weather('Paris'), weather('London')]);
    expect(r).toMatchObject({
      content: 'Let me check.\nOne moment.',
      reasoning: null,
      issues: [],
      format: 'hermes',
    });
    expectStreamingEqualsBatch(hermes, text);
  });

  it('reads blocks with no newlines, back to back', () => {
    const r = parse(`<tool_call>${W('A')}</tool_call><tool_call>${W('B')}</tool_call>`);
    expect(callsOf(r)).toEqual([weather('A'), weather('B')]);
    expect(r.content).toBeNull();
  });

  it('reads a block the output ended inside of, when its JSON is complete', () => {
    expect(callsOf(parse(`<tool_call>\n${W('Oslo')}`))).toEqual([weather('Oslo')]);
  });

  it('does not extract a call whose JSON the output cut off; the block is removed and reported', () => {
    const r = parse('Sure.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Os');
    expect(r.calls).toEqual([]);
    expect(r.content).toBe('Sure.');
    expect(r.issues[0]).toMatchObject({ kind: 'partial-call', raw: expect.stringContaining('"Os') });
  });

  it('does not end a block at a close tag inside a JSON string', () => {
    const r = parse(
      '<tool_call>{"name": "python", "arguments": {"code": "print(\'</tool_call>\')"}}</tool_call> After',
    );
    expect(r.calls[0]?.arguments).toEqual({ code: "print('</tool_call>')" });
    expect(r.content).toBe('After');
  });

  it('reads an array, JSON lines and an OpenAI-shaped call inside one block', () => {
    expect(callsOf(parse(`<tool_call>[${W('A')}, ${W('B')}]</tool_call>`))).toEqual([
      weather('A'),
      weather('B'),
    ]);
    expect(callsOf(parse(`<tool_call>\n${W('A')}\n${W('B')}\n</tool_call>`))).toEqual([
      weather('A'),
      weather('B'),
    ]);
    const openai =
      '<tool_call>{"id": "c9", "type": "function", "function": {"name": "f", "arguments": {}}}</tool_call>';
    expect(parse(openai).calls).toEqual([{ id: 'c9', name: 'f', arguments: {} }]);
  });

  it('unwraps arguments given as a JSON string and normalises keys', () => {
    const r = parse('<tool_call>{"function": "f", "parameters": "{\\"a\\": 1}"}</tool_call>');
    expect(callsOf(r)).toEqual([{ name: 'f', arguments: { a: 1 } }]);
  });

  it('reports keys of the call object it does not carry; strict mode does not take such a call', () => {
    // A misspelt "argument": the call goes out without arguments, and what was written is said.
    const text = 'Listing.\n<tool_call>\n{"name": "list_files", "argument": {"path": "/tmp"}}\n</tool_call>';
    const r = expectStreamingEqualsBatch(hermes, text);
    expect(callsOf(r)).toEqual([{ name: 'list_files', arguments: {} }]);
    expect(r.content).toBe('Listing.');
    expect(r.issues).toEqual([
      {
        kind: 'trailing-text',
        message: 'Keys of the call "list_files" that hold no part of it were removed: "argument".',
        raw: '{"argument":{"path":"/tmp"}}',
        offset: 9,
      },
    ]);
    expect(parse(text, { strict: true }).calls).toEqual([]);
  });

  it('repairs relaxed JSON and reports the repair', () => {
    const r = parse("<tool_call>{'name': 'f', 'arguments': {'a': 1,},}</tool_call>");
    expect(callsOf(r)).toEqual([{ name: 'f', arguments: { a: 1 } }]);
    expect(r.issues.map((i) => i.kind)).toEqual(['json-repaired']);
  });

  it("reads the doubled braces of an escaped template's example, and reports the repair", () => {
    const text = `I'll get the temperature first.\n<tool_call>\n{{"name": "get_weather", "arguments": {"city": "SF, CA"}}}\n</tool_call>`;
    const r = parse(text);
    expect(callsOf(r)).toEqual([weather('SF, CA')]);
    expect(r.content).toBe("I'll get the temperature first.");
    expect(r.issues.map((i) => i.kind)).toEqual(['json-repaired']);
    expectStreamingEqualsBatch(hermes, text);
  });

  it('keeps a doubled-brace block named in a sentence as text', () => {
    const text =
      'The template shows <tool_call>{{"name": "f", "arguments": {}}}</tool_call> with its braces escaped.';
    expect(parse(text)).toMatchObject({ calls: [], content: text });
  });
});

describe('the name as an attribute: <tool_call id="…" name="…">{…}</tool_call>', () => {
  it('reads the call, its id kept', () => {
    const text = '<tool_call id="call_00_ab" name="get_weather">\n{"city": "Paris"}\n</tool_call>';
    const r = parse(text);
    expect(r.calls).toEqual([{ id: 'call_00_ab', name: 'get_weather', arguments: { city: 'Paris' } }]);
    expect(r.content).toBeNull();
    expectStreamingEqualsBatch(hermes, text);
  });

  it('keeps a tag named in prose as text, and reads the real call after it', () => {
    const text = `Write <tool_call name="get_weather"> tags, like this:\n<tool_call>${W('Rome')}</tool_call>`;
    const r = parse(text);
    expect(callsOf(r)).toEqual([weather('Rome')]);
    expect(r.content).toBe('Write <tool_call name="get_weather"> tags, like this:');
    expectStreamingEqualsBatch(hermes, text);
    const mention = 'A <tool_call name="f">{"a": 1}</tool_call> block is what the model should write.';
    expect(parse(mention)).toMatchObject({ calls: [], content: mention });
  });
});

describe('a call whose <tool_call> the model left out (Qwen3 after </think>)', () => {
  it('counts only when the stray </tool_call> follows it, and that closer goes too', () => {
    const text = `I should check.</think>\n\n${W('Paris')}\n</tool_call>`;
    const r = parse(text);
    expect(callsOf(r)).toEqual([weather('Paris')]);
    expect(r.content).toBe('I should check.</think>');
    expectStreamingEqualsBatch(hermes, text);
  });
  it('leaves JSON at a line start that no closer follows as text', () => {
    const example = `Here is the call:\n${W('Paris')}`;
    expect(parse(example)).toMatchObject({ calls: [], content: example });
    expectStreamingEqualsBatch(hermes, example);
    const data = 'The data:\n{"answer": 42}\nDone.';
    expect(parse(data)).toMatchObject({ calls: [], content: data });
  });
});

describe('streaming a call (architecture/semantics.md, guarantee 7)', () => {
  it('announces the call once its name is written, and sends its arguments as they arrive', () => {
    const text = `Let me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "unit": "celsius"}}\n</tool_call>`;
    const parser = hermes.createStreamParser();
    const seen: Array<{ at: number; type: string; delta?: string }> = [];
    [...text].forEach((ch, at) => {
      for (const e of parser.push(ch))
        seen.push({ at, type: e.type, ...(e.type === 'tool-call-delta' ? { delta: e.argumentsDelta } : {}) });
    });
    for (const e of parser.end()) seen.push({ at: text.length, type: e.type });
    const close = text.indexOf('</tool_call>');
    expect(seen.find((e) => e.type === 'tool-call-start')!.at).toBeLessThan(text.indexOf('"city"'));
    const deltas = seen.filter((e) => e.type === 'tool-call-delta');
    expect(deltas.every((d) => d.at < close)).toBe(true);
    expect(deltas.map((d) => d.delta).join('')).toBe('{"city":"Paris","unit":"celsius"}');
    expect(seen.find((e) => e.type === 'tool-call-end')!.at).toBeGreaterThanOrEqual(close);
  });
});

describe('prose that mentions a tag stays prose (architecture/semantics.md, guarantee 4)', () => {
  it('keeps a tag followed by words, and finds the real call after it', () => {
    const text = `Use <tool_call> tags to call tools. <tool_call>${W('Rome')}</tool_call> Done.`;
    const r = parse(text);
    expect(callsOf(r)).toEqual([weather('Rome')]);
    expect(r.content).toBe('Use <tool_call> tags to call tools. Done.');
    expect(r.issues).toEqual([]);
    expectStreamingEqualsBatch(hermes, text);
  });

  it('keeps prose with both tags', () => {
    const text = 'Wrap the JSON in <tool_call>...</tool_call> and <tools>…</tools> tags.';
    expect(parse(text)).toMatchObject({ calls: [], content: text, issues: [], format: null });
  });

  it('leaves calls inside code fences and inline code alone', () => {
    const text = `Example:\n\`\`\`xml\n<tool_call>${W('X')}</tool_call>\n\`\`\`\nand \`<tool_call>${W('Y')}</tool_call>\``;
    expect(parse(text)).toMatchObject({ calls: [], content: text });
  });

  it('reads a fence that holds nothing but calls to declared tools', () => {
    const text = `Sure.\n\`\`\`xml\n<tool_call>${W('X')}</tool_call>\n\`\`\``;
    const r = parse(text, { tools: [{ name: 'get_weather' }] });
    expect(callsOf(r)).toEqual([weather('X')]);
    expect(r.content).toBe('Sure.');
  });

  it('does not take a function-tag with XML parameters (Qwen3-Coder) for its own', () => {
    const text = '<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n</function>';
    expect(parse(text)).toMatchObject({ calls: [], content: text, issues: [] });
  });

  it("does not touch Python's functools", () => {
    const text = 'Use functools.partial, or functools . reduce.';
    expect(parse(text)).toMatchObject({ calls: [], content: text });
  });
});

describe('every wrapper of the family (agents’ leak reports, the families’ templates)', () => {
  const cases: Array<[string, string, string]> = [
    ['<tool_calls> (MiniMax-M1 JSON lines)', `<tool_calls>\n${W('A')}\n${W('B')}\n</tool_calls>`, 'hermes'],
    [
      '<tool_calls> (Jamba, Hunyuan array)',
      ` <tool_calls>[\n    ${W('A')},\n    ${W('B')}\n]</tool_calls>`,
      'hermes',
    ],
    ['<tools>', `<tools>\n${W('A')}\n</tools>\n\n<tools>\n${W('B')}\n</tools>`, 'hermes'],
    [
      '<function_call>…</function_call>',
      `<function_call>${W('A')}</function_call>\n<function_call>${W('B')}</function_call>`,
      'hermes',
    ],
    [
      '<function_call> lines (Granite-20B-FC)',
      `<function_call> ${W('A')}\n<function_call> ${W('B')}`,
      'hermes',
    ],
    ['<function>', `<function>${W('A')}</function><function>[${W('B')}]</function>`, 'hermes'],
    [
      '<function=NAME>',
      '<function=get_weather>{"city": "A"}</function>\n<function name="get_weather">{"city": "B"}</function>',
      'hermes',
    ],
    ['<tool>, <json>, <response>', `<tool>${W('A')}</tool> <json>${W('B')}</json>`, 'hermes'],
    [
      '```tool_call fence',
      `\`\`\`tool_call\n${W('A')}\n\`\`\`\n\`\`\`tool_calls\n[${W('B')}]\n\`\`\``,
      'hermes',
    ],
    ['Granite <|tool_call|>', `<|tool_call|>[${W('A')}, ${W('B')}]<|end_of_text|>`, 'hermes:granite'],
    [
      'Phi-4 <|tool_call|>…<|/tool_call|>',
      `<|tool_call|>[${W('A')}]<|/tool_call|><|tool_call|>${W('B')}<|/tool_call|><|end|>`,
      'hermes:granite',
    ],
    ['Phi-4 / Firefunction functools[…]', ` functools[${W('A')}, ${W('B')}]`, 'hermes:phi4'],
    ['Nemotron <TOOLCALL>', `<TOOLCALL>[${W('A')}, ${W('B')}]</TOOLCALL>`, 'hermes:nemotron'],
    [
      'Nemotron-Mini <toolcall>',
      `<toolcall> ${W('A')} </toolcall><toolcall>${W('B')}</toolcall>`,
      'hermes:nemotron',
    ],
    ['LFM2 with JSON', `<|tool_call_start|>[${W('A')}, ${W('B')}]<|tool_call_end|>`, 'hermes:lfm2'],
    [
      'LFM2 pythonic',
      '<|tool_call_start|>[get_weather(city=\'A\'), get_weather(city="B")]<|tool_call_end|>',
      'hermes:lfm2',
    ],
    [
      'Apertus',
      '<|tools_prefix|>[{"get_weather": {"city": "A"}}, {"get_weather": {"city": "B"}}]<|tools_suffix|>',
      'hermes:apertus',
    ],
    [
      'InternLM',
      `<|action_start|><|plugin|>\n${W('A')}<|action_end|><|action_start|><|plugin|>\n${W('B')}<|action_end|>`,
      'hermes:internlm',
    ],
    [
      'LongCat',
      `<longcat_tool_call>${W('A')}</longcat_tool_call><longcat_tool_call>${W('B')}</longcat_tool_call>`,
      'hermes:longcat',
    ],
  ];
  for (const [label, text, format] of cases) {
    it(`reads ${label}`, () => {
      const r = parse(text);
      expect(callsOf(r)).toEqual([weather('A'), weather('B')]);
      expect(r).toMatchObject({ content: null, issues: [], format });
      expectStreamingEqualsBatch(hermes, text);
    });
  }
});

describe('reasoning (architecture/semantics.md, guarantee 5)', () => {
  it('moves <think> and <scratch_pad> to reasoning, and ignores calls inside them', () => {
    const text = `<think>\nUser wants weather.\n</think>\n\n<scratch_pad>plan: <tool_call>${W('No')}</tool_call></scratch_pad>\n<tool_call>\n${W('A')}\n</tool_call>`;
    const r = parse(text);
    expect(callsOf(r)).toEqual([weather('A')]);
    expect(r.reasoning).toBe(`User wants weather.\nplan: <tool_call>${W('No')}</tool_call>`);
    expect(r.content).toBeNull();
    expectStreamingEqualsBatch(hermes, text);
  });

  it('starts inside reasoning when the prompt opened it (QwQ)', () => {
    const r = parse(`thinking…\n</think>\n\n<tool_call>\n${W('A')}\n</tool_call>`, { reasoningOpen: true });
    expect(r).toMatchObject({ reasoning: 'thinking…', content: null });
    expect(r.calls).toHaveLength(1);
  });

  it("reads Apertus' reasoning markers", () => {
    expect(parse('<|inner_prefix|>hmm<|inner_suffix|>Hello')).toMatchObject({
      reasoning: 'hmm',
      content: 'Hello',
    });
  });
});

describe('bare JSON (xLAM style)', () => {
  const tools = [{ name: 'get_weather' }];
  it('is read by the hermes variant when every call names a declared tool', () => {
    expect(callsOf(parse(`[${W('A')}, ${W('B')}]`, { tools }))).toEqual([weather('A'), weather('B')]);
    expect(callsOf(parse(`  ${W('A')}\n`, { tools }))).toEqual([weather('A')]);
  });

  it('is read without declared tools only in the exact call shape', () => {
    expect(callsOf(parse(`[${W('A')}]`))).toEqual([weather('A')]);
    const extraKey = '[{"name": "get_weather", "arguments": {"city": "A"}, "confidence": 0.9}]';
    expect(parse(extraKey)).toMatchObject({ calls: [], content: extraKey });
    const answer = '{"name": "Ada Lovelace", "arguments": {"born": 1815}}';
    expect(parse(answer)).toMatchObject({ calls: [], content: answer });
  });

  it('stays text when a declared tool list does not name it', () => {
    const text = `[${W('A')}]`;
    expect(parse(text, { tools: [{ name: 'other' }] })).toMatchObject({ calls: [], content: text });
  });

  const json = createHermesFormat('json');
  it('is read by the json variant without declared tools, with text after it kept', () => {
    const r = parseWith(json, `<think>ok</think>[${W('A')}]\nChecking now.`);
    expect(callsOf(r)).toEqual([weather('A')]);
    expect(r).toMatchObject({ reasoning: 'ok', content: 'Checking now.', format: 'hermes:json' });
  });

  it('takes only complete calls from truncated output', () => {
    const r = parseWith(json, `[${W('A')}, {"name": "get_weather"`);
    expect(callsOf(r)).toEqual([weather('A')]);
    expect(r.issues.map((i) => i.kind)).toEqual(['partial-call']);
  });

  it('reads a ```json fence of calls in the json variant, not an ordinary one', () => {
    const r = parseWith(json, `I'll help.\n\`\`\`json\n[${W('A')}]\n\`\`\``);
    expect(callsOf(r)).toEqual([weather('A')]);
    expect(r.content).toBe("I'll help.");
    const example = 'Config:\n```json\n{"port": 8080}\n```';
    expect(parseWith(json, example)).toMatchObject({ calls: [], content: example });
  });

  it('reads a plain or xml fence of bare calls, or of tags, to declared tools (semantics 4)', () => {
    for (const text of [
      `\`\`\`\n${W('A')}\n\`\`\``,
      `\`\`\`xml\n  [${W('A')}]\n\`\`\``,
      `\`\`\`json\n<function_call> ${W('A')}\n</function_call>\n\`\`\``,
    ]) {
      expect(callsOf(parse(text, { tools })), text).toEqual([weather('A')]);
      expect(parse(text), text).toMatchObject({ calls: [], content: text });
    }
  });

  it('reads a ```json fence of calls to declared tools in the hermes variant', () => {
    const text = `\`\`\`json\n${W('A')}\n\`\`\``;
    expect(callsOf(parse(text, { tools }))).toEqual([weather('A')]);
    expect(parse(text)).toMatchObject({ calls: [], content: text });
  });
});

describe('GigaChat 3 and 3.1', () => {
  const giga = createHermesFormat('gigachat');
  const call = '{"name": "remember", "arguments": {"key": "city", "value": "Paris"}}';

  it('reads `function call<|role_sep|>` after the message separator, and `<|function_call|>`', () => {
    for (const text of [
      `Noted.<|message_sep|>\n\nfunction call<|role_sep|>\n${call}`,
      `Noted.<|function_call|>${call}</s>`,
    ]) {
      const r = parseWith(giga, text);
      expect(callsOf(r)).toEqual([{ name: 'remember', arguments: { key: 'city', value: 'Paris' } }]);
      expect(r).toMatchObject({ content: 'Noted.', format: 'hermes:gigachat', issues: [] });
      expectStreamingEqualsBatch(giga, text);
    }
  });

  it('is read by every variant and in auto mode (the markers are GigaChat tokens)', () => {
    expect(callsOf(parse(`<|function_call|>${call}`))).toHaveLength(1);
  });

  it('writes calls as 3.1 does, and reads them back', () => {
    const calls = [{ id: 'c1', name: 'remember', arguments: { key: 'city' } }];
    const text = giga.formatToolCalls(calls);
    expect(text).toBe('<|function_call|>{"name": "remember", "arguments": {"key": "city"}}');
    expect(callsOf(parseWith(giga, text))).toEqual([{ name: 'remember', arguments: { key: 'city' } }]);
  });

  it('keeps prose that only says "function call" as prose', () => {
    const text = 'The function call<|role_sep|> token is not followed by JSON here.';
    expect(parseWith(giga, text)).toMatchObject({ calls: [], content: text });
  });
});

describe('a declared tool called in Python, no markup (Granite 3.x)', () => {
  const granite = createHermesFormat('granite');
  const tools = [{ name: 'get_weather', parameters: { type: 'object', properties: { location: {} } } }];

  it('is a call as the whole output, with the tool declared', () => {
    const text = 'get_weather(location="San Francisco")';
    const r = expectStreamingEqualsBatch(granite, text, { tools });
    expect(callsOf(r)).toEqual([{ name: 'get_weather', arguments: { location: 'San Francisco' } }]);
    expect(r).toMatchObject({ content: null, format: 'hermes:granite' });
  });

  it('is a call on its own line after a call block, streamed a character at a time as well', () => {
    const text = `<tool_call>\n${W('A')}\n</tool_call>\nget_weather(location="San Francisco")`;
    const r = expectStreamingEqualsBatch(granite, text, { tools });
    expect(callsOf(r)).toEqual([
      weather('A'),
      { name: 'get_weather', arguments: { location: 'San Francisco' } },
    ]);
    expect(r.content).toBeNull();
  });

  it('is text without the tool declared, in prose, or with prose after it', () => {
    for (const [text, opts] of [
      ['get_weather(location="San Francisco")', {}],
      ['Try get_weather(location="San Francisco") first.', { tools }],
      ['get_weather(location="San Francisco")\nThis asks the weather service.', { tools }],
    ] as const) {
      expect(expectStreamingEqualsBatch(granite, text, opts)).toMatchObject({ calls: [], content: text });
    }
  });
});

describe('the other variants read the plain Hermes tags too (models drift)', () => {
  for (const variant of ['granite', 'lfm2', 'phi4', 'apertus', 'internlm', 'nemotron', 'json', 'qwen']) {
    it(`hermes:${variant}`, () => {
      const r = parseWith(createHermesFormat(variant), `<tool_call>\n${W('A')}\n</tool_call>`);
      expect(callsOf(r)).toEqual([weather('A')]);
      expect(r.format).toBe(`hermes:${variant}`);
    });
  }

  it("granite's <response> wrapper is removed, not taken for a call", () => {
    const granite = createHermesFormat('granite');
    expect(parseWith(granite, '<think>hm</think><response>Hello!</response>')).toMatchObject({
      content: 'Hello!',
      reasoning: 'hm',
    });
  });
});

describe('names and malformed blocks (decisions from agents’ leak reports)', () => {
  const tools = [{ name: 'get_weather' }];
  it('extracts an unknown tool and flags it, or drops it on request', () => {
    const text = `<tool_call>{"name": "rm_rf", "arguments": {}}</tool_call><tool_call>${W('A')}</tool_call>`;
    const kept = parse(text, { tools });
    expect(kept.calls.map((c) => c.name)).toEqual(['rm_rf', 'get_weather']);
    expect(kept.issues.map((i) => i.kind)).toEqual(['unknown-tool']);
    const dropped = parse(text, { tools, unknownTools: 'drop' });
    expect(dropped.calls.map((c) => c.name)).toEqual(['get_weather']);
  });

  it('removes a tag with invalid JSON and reports its raw text; keeps it on request', () => {
    const text = 'Before <tools>{"name": get_weather, "arguments": {</tools> After';
    const r = parse(text);
    expect(r).toMatchObject({ calls: [], content: 'Before After' });
    expect(r.issues).toEqual([
      expect.objectContaining({
        kind: 'malformed-call',
        raw: '<tools>{"name": get_weather, "arguments": {</tools>',
      }),
    ]);
    expect(parse(text, { onMalformed: 'keep' }).content).toBe(text);
  });

  it('removes an echoed tool list instead of calling it', () => {
    const text =
      '<tools>\n{"type": "function", "function": {"name": "get_weather", "description": "d", "parameters": {"type": "object", "properties": {}}}}\n</tools>';
    const r = parse(text);
    expect(r.calls).toEqual([]);
    expect(r.issues[0]?.message).toMatch(/tool definition/);
  });

  it('removes end-of-turn tokens servers leave in', () => {
    expect(parse('Hello<|im_end|>').content).toBe('Hello');
    expect(parse('Hi<|endoftext|>').content).toBe('Hi');
  });
});
