/**
 * Fixtures for every form the family reads, in the shape each model family writes it; every one
 * is also streamed at every split point (architecture/semantics.md, guarantee 7).
 */
import type { ParseOptions } from '@toolformat/core';
import { describe, expect, it } from 'vitest';
import { createXmlFormat } from './plugin.js';
import { callsOf, expectStreamingEqualsBatch, NS, parseWith } from './test-support/harness.js';

const xml = createXmlFormat();

function read(text: string, opts: ParseOptions = {}, handler = xml) {
  const r = expectStreamingEqualsBatch(handler, text, opts);
  return { ...r, calls: callsOf(r) };
}

describe('Claude style: <function_calls> and <invoke name>', () => {
  it('reads several invokes, with text around the block', () => {
    const r = read(
      'Let me check both.\n<function_calls>\n<invoke name="get_weather">\n<parameter name="location">Paris</parameter>\n' +
        '<parameter name="days">3</parameter>\n</invoke>\n<invoke name="get_time">\n<parameter name="tz">Europe/Paris</parameter>\n' +
        '</invoke>\n</function_calls>\nOne moment.',
    );
    expect(r.calls).toEqual([
      { name: 'get_weather', arguments: { location: 'Paris', days: 3 } },
      { name: 'get_time', arguments: { tz: 'Europe/Paris' } },
    ]);
    expect(r.content).toBe('Let me check both.\nOne moment.');
    expect(r.format).toBe('xml');
    expect(r.issues).toEqual([]);
  });

  it('reads Claude’s own namespaced tags', () => {
    const r = read(
      `<${NS}:function_calls>\n<${NS}:invoke name="search">\n<${NS}:parameter name="query">cats</${NS}:parameter>\n` +
        `</${NS}:invoke>\n</${NS}:function_calls>`,
    );
    expect(r.calls).toEqual([{ name: 'search', arguments: { query: 'cats' } }]);
  });

  it('reads a block cut off by the stop sequence (the harness strips </function_calls>)', () => {
    const r = read(
      '<function_calls>\n<invoke name="search">\n<parameter name="query">cats</parameter>\n</invoke>\n',
    );
    expect(r.calls).toEqual([{ name: 'search', arguments: { query: 'cats' } }]);
    expect(r.issues).toEqual([]);
  });

  it('reports a value cut off by the end of the output', () => {
    const r = read('<function_calls><invoke name="search"><parameter name="query">ca');
    expect(r.calls).toEqual([{ name: 'search', arguments: { query: 'ca' } }]);
    expect(r.issues.map((i) => i.kind)).toEqual(['partial-call']);
  });

  it('reads the legacy Claude 2.1 form', () => {
    const r = read(
      '<function_calls>\n<invoke>\n<tool_name>get_weather</tool_name>\n<parameters>\n<location>Paris</location>\n' +
        '<days>2</days>\n</parameters>\n</invoke>\n</function_calls>',
    );
    expect(r.calls).toEqual([{ name: 'get_weather', arguments: { location: 'Paris', days: 2 } }]);
  });

  it('reads an invoke without its wrapper', () => {
    const r = read('Calling: <invoke name="ping"><parameter name="host">a.b</parameter></invoke> Ok');
    expect(r.calls).toEqual([{ name: 'ping', arguments: { host: 'a.b' } }]);
    expect(r.content).toBe('Calling: Ok');
  });

  it('decodes entities, unwraps CDATA, and keeps markup-like text inside a value', () => {
    const r = read(
      '<function_calls><invoke name="write"><parameter name="a">x &lt; y &amp;&amp; &quot;z&quot; &#65;&#x42; & raw</parameter>' +
        '<parameter name="b"><![CDATA[if (a </parameter> b) {}]]></parameter>' +
        '<parameter name="c">This text contains </parameter> in it</parameter>' +
        '<parameter name="d"><div>Hello</div></parameter></invoke></function_calls>',
    );
    expect(r.calls[0]!.arguments).toEqual({
      a: 'x < y && "z" AB & raw',
      b: 'if (a </parameter> b) {}',
      c: 'This text contains </parameter> in it',
      d: '<div>Hello</div>',
    });
  });

  it('keeps a value’s inner newlines; only a newline on both sides is layout', () => {
    const r = read(
      '<function_calls><invoke name="edit"><parameter name="old">    if x:\n        return 1\n</parameter>' +
        '<parameter name="new">\nreturn 2\n</parameter></invoke></function_calls>',
    );
    expect(r.calls[0]!.arguments).toEqual({ old: '    if x:\n        return 1\n', new: 'return 2' });
  });

  it('removes an invoke without a name and says so', () => {
    const r = read(
      '<function_calls><invoke><parameter name="a">1</parameter></invoke><invoke name="b"></invoke></function_calls>',
    );
    expect(r.calls).toEqual([{ name: 'b', arguments: {} }]);
    expect(r.issues.map((i) => i.kind)).toEqual(['malformed-call']);
  });
});

describe('generic tags: <tool>', () => {
  it('reads <tool><name>…</name><arguments>…</arguments></tool>', () => {
    const r = read(
      '<tool><name>search</name><arguments><query>weather in SF</query><limit>5</limit></arguments></tool>',
    );
    expect(r.calls).toEqual([{ name: 'search', arguments: { query: 'weather in SF', limit: 5 } }]);
  });

  it('reads JSON arguments inside <arguments>', () => {
    const r = read(
      '<tool_use>\n<name>search</name>\n<arguments>{"query": "x", "n": 2}</arguments>\n</tool_use>',
    );
    expect(r.calls).toEqual([{ name: 'search', arguments: { query: 'x', n: 2 } }]);
  });

  it('leaves a JSON <tool> body to the JSON formats and prose mentions alone', () => {
    const text = 'Use the <tool> tag. <tool>{"name": "x"}</tool>';
    const r = read(text);
    expect(r.calls).toEqual([]);
    expect(r.content).toBe(text);
  });
});

describe('Atlas AnyLegal’s <tool>name</tool> and the <parameter> lines after it, with an allowlist', () => {
  // Seed 002, a production report: Kimi K2 on OpenRouter fell back to this; only allowed names run.
  const tools = [{ name: 'enter_plan_mode' }, { name: 'read_file' }];
  const text =
    'This needs a plan.\n\n<tool>enter_plan_mode</tool>\n<parameter name="reason">Task is multi-dimensional</parameter>\n\n' +
    '<tool>delete_everything</tool>\n<parameter name="really">yes</parameter>\n' +
    '<tool>read_file</tool>\n<parameter name="path">a.txt</parameter>\n<parameter name="lines">10</parameter>\nThen I continue.';

  it('drops the hallucinated tool, keeps the allowed ones, and strips all the markup', () => {
    const r = read(text, { tools, unknownTools: 'drop' });
    expect(r.calls).toEqual([
      { name: 'enter_plan_mode', arguments: { reason: 'Task is multi-dimensional' } },
      { name: 'read_file', arguments: { path: 'a.txt', lines: 10 } },
    ]);
    expect(r.content).toBe('This needs a plan.\n\nThen I continue.');
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0]).toMatchObject({ kind: 'unknown-tool' });
    expect(r.issues[0]!.raw).toContain('delete_everything');
  });

  it('keeps and flags the unknown tool by default', () => {
    const r = read(text, { tools });
    expect(r.calls.map((c) => c.name)).toEqual(['enter_plan_mode', 'delete_everything', 'read_file']);
    expect(r.issues.map((i) => i.kind)).toEqual(['unknown-tool']);
  });

  it('a <tool> name alone is a call without arguments; prose between the tags is not', () => {
    expect(read('<tool>refresh</tool> Done').calls).toEqual([{ name: 'refresh', arguments: {} }]);
    const prose = 'Wrap it in <tool> tags like this </tool>.';
    expect(read(prose).content).toBe(prose);
  });
});

describe('Qwen3-Coder, Qwen3.5, Nemotron 3, Step-3.5: <tool_call><function=…>', () => {
  const coder = createXmlFormat('qwen3-coder');

  it("reads Qwen2.5's JSON, which Qwen3-Coder models write under the wrong parser, in <tool_call> and <tools>", () => {
    for (const text of [
      '<tool_call>\n{"name": "read_file", "arguments": {"path": "a.py"}}\n</tool_call>',
      '<tools>\n{"name": "read_file", "arguments": {"path": "a.py"}}\n</tools>',
      "<tool_call>\n{'name': 'read_file', 'arguments': {'path': 'a.py'}}\n</tool_call>",
    ]) {
      expect(callsOf(parseWith(coder, text))).toEqual([{ name: 'read_file', arguments: { path: 'a.py' } }]);
      expectStreamingEqualsBatch(coder, text);
    }
    // Cut off inside the JSON: no call (the cut-off rule), reported.
    const cut = parseWith(coder, '<tool_call>\n{"name": "read_file", "arguments": {"path": "a.p');
    expect(cut.calls).toEqual([]);
    expect(cut.issues.map((i) => i.kind)).toEqual(['partial-call']);
  });

  it('reads the template’s layout: one newline around each value is the format’s', () => {
    const r = read(
      'I will write it.\n<tool_call>\n<function=write_file>\n<parameter=path>\na.py\n</parameter>\n<parameter=content>\n' +
        'def f():\n\n    return 1\n\n</parameter>\n</function>\n</tool_call>',
      {},
      coder,
    );
    expect(r.calls).toEqual([
      { name: 'write_file', arguments: { path: 'a.py', content: 'def f():\n\n    return 1\n' } },
    ]);
    expect(r.content).toBe('I will write it.');
    expect(r.format).toBe('xml:qwen3-coder');
  });

  it('reads a missing </parameter> and a missing </function>', () => {
    const r = read(
      '<tool_call>\n<function=f>\n<parameter=a>\nDallas\n<parameter=b>\nTX\n</function>\n</tool_call>' +
        '<tool_call>\n<function=g>\n<parameter=c>\nx\n</parameter>\n</tool_call>',
    );
    expect(r.calls).toEqual([
      { name: 'f', arguments: { a: 'Dallas', b: 'TX' } },
      { name: 'g', arguments: { c: 'x' } },
    ]);
  });

  it('does not end a value at </parameter> inside a code fence or CDATA', () => {
    const r = read(
      '<tool_call>\n<function=doc>\n<parameter=text>\nUse it like this:\n```\n<parameter=x>\n1\n</parameter>\n```\nDone.\n</parameter>\n' +
        '<parameter=raw>\n<![CDATA[</parameter></function>]]>\n</parameter>\n</function>\n</tool_call>',
    );
    expect(r.calls).toEqual([
      {
        name: 'doc',
        arguments: {
          text: 'Use it like this:\n```\n<parameter=x>\n1\n</parameter>\n```\nDone.',
          raw: '</parameter></function>',
        },
      },
    ]);
  });

  it('reads a bare <function=…> without <tool_call>, and the stray </tool_call> after it', () => {
    const r = read(
      "I'll check.\n\n<function=get_weather>\n<parameter=city>\nDallas\n</parameter>\n</function>\n</tool_call>\nok",
    );
    expect(r.calls).toEqual([{ name: 'get_weather', arguments: { city: 'Dallas' } }]);
    expect(r.content).toBe("I'll check.\n\nok");
  });

  it('reads JSON arguments (Llama 3.1’s <function=name>{…})', () => {
    expect(read('<tool_call><function=f>{"a": [1, 2]}</function></tool_call>').calls).toEqual([
      { name: 'f', arguments: { a: [1, 2] } },
    ]);
  });

  it('drops a <function=name without its > and keeps the next call', () => {
    const r = read(
      '<tool_call>\n<function=bad_func_no_gt\n</function>\n</tool_call>\n<tool_call>\n<function=ok>\n<parameter=a>1</parameter>\n</function>\n</tool_call>',
    );
    expect(r.calls).toEqual([{ name: 'ok', arguments: { a: 1 } }]);
    expect(r.issues.map((i) => i.kind)).toEqual(['malformed-call']);
  });

  it('reads a call on one line with its closers missing, the blanks of the missing newlines left out', () => {
    const r = read(
      '<tool_call> <function=execute_shell_command> <parameter=command>agent-browser screenshot /tmp/x.png --full </tool_call>',
    );
    expect(r.calls).toEqual([
      { name: 'execute_shell_command', arguments: { command: 'agent-browser screenshot /tmp/x.png --full' } },
    ]);
    expect(r.content).toBeNull();
    // A value on lines of its own keeps its blanks: only the newlines around it are layout.
    expect(
      read('<tool_call>\n<function=f>\n<parameter=a>\n  x  \n</parameter>\n</function>\n</tool_call>').calls,
    ).toEqual([{ name: 'f', arguments: { a: '  x  ' } }]);
  });

  it('reads a call cut off by the end', () => {
    const r = read('<tool_call>\n<function=get_current_weather>\n<parameter=location>London');
    expect(r.calls).toEqual([{ name: 'get_current_weather', arguments: { location: 'London' } }]);
  });

  it('Qwen3.5 thinks first', () => {
    const r = read(
      '<think>\nUser wants weather.\n</think>\n\n<tool_call>\n<function=get_weather>\n<parameter=location>\nParis\n</parameter>\n</function>\n</tool_call>',
      {},
      createXmlFormat('qwen3.5'),
    );
    expect(r.reasoning).toBe('User wants weather.');
    expect(r.calls).toEqual([{ name: 'get_weather', arguments: { location: 'Paris' } }]);
    expect(r.format).toBe('xml:qwen3.5');
  });

  it('Nemotron 3 / Step-3.5: the prompt opened the reasoning block', () => {
    const r = read(
      "I'm\nthinking\n</think>\n<tool_call>\n<function=special_function>\n<parameter=arg1>\n1\n</parameter>\n</function>\n</tool_call>",
      { reasoningOpen: true },
      coder,
    );
    expect(r.reasoning).toBe("I'm\nthinking");
    expect(r.calls).toEqual([{ name: 'special_function', arguments: { arg1: 1 } }]);
    expect(r.content).toBeNull();
  });
});

describe('Seed-OSS: <seed:tool_call> and <seed:think>', () => {
  const seed = createXmlFormat('seed-oss');

  it('reads the calls and the reasoning', () => {
    const r = read(
      '<seed:think>The user wants the weather.</seed:think>\n<seed:tool_call>\n<function=get_weather>\n' +
        '<parameter=location>Barcelona, Spain</parameter>\n<parameter=days>2</parameter>\n</function>\n</seed:tool_call>',
      {},
      seed,
    );
    expect(r.calls).toEqual([{ name: 'get_weather', arguments: { location: 'Barcelona, Spain', days: 2 } }]);
    expect(r.reasoning).toBe('The user wants the weather.');
    expect(r.format).toBe('xml:seed-oss');
  });

  it('a pre-opened reasoning block is <seed:think>', () => {
    const r = read('thinking</seed:think>Hello', { reasoningOpen: true }, seed);
    expect(r.reasoning).toBe('thinking');
    expect(r.content).toBe('Hello');
  });
});

describe('GLM-4.5 / 4.6 / 4.7: <tool_call>name<arg_key>…', () => {
  it('reads the newline layout of 4.5/4.6', () => {
    const r = read(
      '<think>Two cities.</think>\n<tool_call>get_weather\n<arg_key>location</arg_key>\n<arg_value>Paris</arg_value>\n' +
        '<arg_key>days</arg_key>\n<arg_value>2</arg_value>\n</tool_call>\n<tool_call>get_weather\n<arg_key>location</arg_key>\n' +
        '<arg_value>London</arg_value>\n</tool_call>',
      {},
      createXmlFormat('glm'),
    );
    expect(r.calls).toEqual([
      { name: 'get_weather', arguments: { location: 'Paris', days: 2 } },
      { name: 'get_weather', arguments: { location: 'London' } },
    ]);
    expect(r.reasoning).toBe('Two cities.');
    expect(r.format).toBe('xml:glm');
  });

  it('reads 4.7 without newlines, and calls without arguments', () => {
    const r = read(
      'Checking.<tool_call>list_files</tool_call><tool_call>get_weather<arg_key>city</arg_key><arg_value>Beijing</arg_value></tool_call>',
    );
    expect(r.calls).toEqual([
      { name: 'list_files', arguments: {} },
      { name: 'get_weather', arguments: { city: 'Beijing' } },
    ]);
    expect(r.content).toBe('Checking.');
    expect(r.format).toBe('xml:glm');
  });

  it('reads output that was JSON-escaped as a whole', () => {
    const r = read(
      String.raw`<tool_call>todo_write\n<arg_key>todos</arg_key>\n<arg_value>[{\"id\": \"1\", \"task\": \"C:\\\\Users\"}]</arg_value></tool_call>`,
    );
    expect(r.calls).toEqual([{ name: 'todo_write', arguments: { todos: [{ id: '1', task: 'C:\\Users' }] } }]);
    expect(r.issues.map((i) => i.kind)).toEqual(['json-repaired']);
  });

  it('reads a quote in a value after a CDATA value as text, so the close still ends the call', () => {
    // Found by the properties: the JSON guard took the `[` of `<![CDATA[` for the start of JSON,
    // then the `"` for an open string, and the block ran on over the next call.
    const glm =
      '<tool_call>f<arg_key>a</arg_key><arg_value><![CDATA[x y]]></arg_value><arg_key>b</arg_key><arg_value>"</arg_value></tool_call>';
    const next =
      '<function_calls><invoke name="g"><parameter name="c">"</parameter></invoke></function_calls>';
    const r = expectStreamingEqualsBatch(xml, `${glm}\n${next}`);
    expect(callsOf(r)).toEqual([
      { name: 'f', arguments: { a: 'x y', b: '"' } },
      { name: 'g', arguments: { c: '"' } },
    ]);
    expect(r.issues).toEqual([]);
  });

  it('reports words a call holds outside its arguments, in GLM, Qwen3-Coder and MiniMax alike', () => {
    // They were passed over without a word: what a call block holds is a call, or said.
    for (const [text, name] of [
      ['<tool_call>f<arg_key>a</arg_key><arg_value>1</arg_value>see the docs</tool_call>', 'glm'],
      [
        '<tool_call>\n<function=f>\n<parameter=a>\n1\n</parameter>\nsee the docs\n</function>\n</tool_call>',
        'qwen3-coder',
      ],
      [
        '<minimax:tool_call>\n<invoke name="f">\n<parameter name="a">1</parameter>\nsee the docs\n</invoke>\n</minimax:tool_call>',
        'minimax',
      ],
    ] as const) {
      const r = read(text, {}, createXmlFormat(name));
      expect(r.calls).toEqual([{ name: 'f', arguments: { a: 1 } }]);
      expect(r.content).toBeNull();
      expect(r.issues).toEqual([
        {
          kind: 'trailing-text',
          message: 'Text inside the call "f", outside its arguments, was removed.',
          raw: 'see the docs',
          offset: 0,
        },
      ]);
    }
  });

  it('keeps prose that mentions <tool_call> as prose', () => {
    const text = 'Wrap each call in <tool_call> tags, then wait.';
    expect(read(text).content).toBe(text);
  });
});

describe('MiniMax-M2: <minimax:tool_call>', () => {
  it('reads the template’s layout', () => {
    const r = read(
      '<think>\nTwo cities.\n</think>\n\n\n<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="location">Paris</parameter>\n' +
        '<parameter name="unit">celsius</parameter>\n</invoke>\n<invoke name="get_weather">\n<parameter name="location">London</parameter>\n' +
        '</invoke>\n</minimax:tool_call>[e~[',
      {},
      createXmlFormat('minimax'),
    );
    expect(r.calls).toEqual([
      { name: 'get_weather', arguments: { location: 'Paris', unit: 'celsius' } },
      { name: 'get_weather', arguments: { location: 'London' } },
    ]);
    expect(r.reasoning).toBe('Two cities.');
    expect(r.content).toBeNull();
    expect(r.format).toBe('xml:minimax');
  });

  it('keeps text after the block', () => {
    const r = read(
      'Here is some text.<minimax:tool_call><invoke name="f"><parameter name="x">true</parameter></invoke></minimax:tool_call>More text after.',
    );
    expect(r.content).toBe('Here is some text.More text after.');
    expect(r.calls).toEqual([{ name: 'f', arguments: { x: true } }]);
  });
});

describe('Step-3: <steptml:invoke> between fullwidth-bar tokens', () => {
  it('reads parallel calls, the function<｜tool_sep｜> prefix, and exact string values', () => {
    const r = read(
      'Let me check.\n\n<｜tool_calls_begin｜><｜tool_call_begin｜>function<｜tool_sep｜><steptml:invoke name="edit_file">' +
        '<steptml:parameter name="old_string">    if x:</steptml:parameter><steptml:parameter name="tail">hello </steptml:parameter>' +
        '<steptml:parameter name="indent"> 4 </steptml:parameter></steptml:invoke><｜tool_call_end｜><｜tool_sep｜>' +
        '<｜tool_call_begin｜><steptml:invoke name="get_time"><steptml:parameter name="timezone">Asia/Tokyo</steptml:parameter>' +
        '</steptml:invoke><｜tool_call_end｜><｜tool_calls_end｜>\n\nDone.',
      {
        tools: [
          {
            name: 'edit_file',
            parameters: {
              type: 'object',
              properties: { tail: { type: 'string' }, indent: { type: 'integer' } },
            },
          },
          { name: 'get_time' },
        ],
      },
      createXmlFormat('step3'),
    );
    expect(r.calls).toEqual([
      { name: 'edit_file', arguments: { old_string: '    if x:', tail: 'hello ', indent: 4 } },
      { name: 'get_time', arguments: { timezone: 'Asia/Tokyo' } },
    ]);
    expect(r.content).toBe('Let me check.\n\nDone.');
    expect(r.format).toBe('xml:step3');
  });
});

describe('Morph: the tool’s own name as the tag, when the tool is declared', () => {
  const tools = [
    { name: 'get_weather', parameters: { type: 'object', properties: { days: { type: 'integer' } } } },
  ];

  it('reads it with the tool declared', () => {
    const r = read('Checking <get_weather><location>SF</location><days>3</days></get_weather> Now', {
      tools,
    });
    expect(r.calls).toEqual([{ name: 'get_weather', arguments: { location: 'SF', days: 3 } }]);
    expect(r.content).toBe('Checking Now');
  });

  it('is text without declared tools, or followed by prose', () => {
    const text = 'Checking <get_weather><location>SF</location></get_weather> now';
    expect(read(text).content).toBe(text);
    const prose = 'the <get_weather> tool is slow';
    expect(read(prose, { tools }).content).toBe(prose);
  });
});

describe('code and prose are not markup (architecture/semantics.md, guarantee 4)', () => {
  const call = '<tool_call>\n<function=f>\n<parameter=a>1</parameter>\n</function>\n</tool_call>';

  it('inside a code fence or an inline code span', () => {
    const text = `Example:\n\`\`\`xml\n${call}\n\`\`\`\nand \`<tool>x</tool>\` inline.`;
    const r = read(text);
    expect(r.calls).toEqual([]);
    expect(r.content).toBe(text);
  });

  it('a fence holding nothing but a call to a declared tool is a call', () => {
    const r = read(`\`\`\`\n${call}\n\`\`\``, { tools: [{ name: 'f' }] });
    expect(r.calls).toEqual([{ name: 'f', arguments: { a: 1 } }]);
  });

  it('inside reasoning', () => {
    const r = read(`<think>maybe ${call}</think>No call.`);
    expect(r.calls).toEqual([]);
    expect(r.content).toBe('No call.');
  });
});

describe('format names', () => {
  it('the default variant names the family that writes each form; a variant names itself', () => {
    const glm = '<tool_call>f<arg_key>a</arg_key><arg_value>1</arg_value></tool_call>';
    expect(parseWith(xml, glm).format).toBe('xml:glm');
    expect(parseWith(createXmlFormat('qwen3-coder'), glm).format).toBe('xml:qwen3-coder');
    expect(
      parseWith(xml, '<｜tool_call_begin｜><steptml:invoke name="f"></steptml:invoke><｜tool_call_end｜>')
        .format,
    ).toBe('xml:step3');
    expect(parseWith(xml, 'no markup').format).toBeNull();
  });

  it('an unknown variant is a configuration error naming the known ones', () => {
    expect(() => createXmlFormat('nope')).toThrow(/unknown variant 'nope'.*claude.*qwen3-coder/);
  });
});

describe('streaming: a call is announced once its tag is complete (architecture/semantics.md, guarantee 7)', () => {
  /** One-character chunks: each event with where it arrived. */
  function streamChars(handler: typeof xml, text: string) {
    const parser = handler.createStreamParser();
    const seen = [...text].flatMap((ch, at) => parser.push(ch).map((e) => ({ at, e })));
    return [...seen, ...parser.end().map((e) => ({ at: text.length, e }))];
  }

  it.each([
    [
      'Qwen3-Coder',
      '<tool_call>\n<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=days>\n3\n</parameter>\n</function>\n</tool_call>',
    ],
    [
      'Claude style',
      '<function_calls>\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n<parameter name="days">3</parameter>\n</invoke>\n</function_calls>',
    ],
    [
      'a bare <function=',
      '<function=get_weather>\n<parameter=city>\nParis\n</parameter>\n<parameter=days>\n3\n</parameter>\n</function>',
    ],
    [
      'GLM',
      '<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n<arg_key>days</arg_key>\n<arg_value>3</arg_value>\n</tool_call>',
    ],
    [
      'MiniMax-M2',
      '<minimax:tool_call>\n<invoke name="get_weather">\n<parameter name="city">Paris</parameter>\n<parameter name="days">3</parameter>\n</invoke>\n</minimax:tool_call>',
    ],
  ])('%s: the start comes before the parameters end; the typed arguments come with the call', (_, text) => {
    const seen = streamChars(xml, text);
    const start = seen.find(({ e }) => e.type === 'tool-call-start')!;
    expect(start.e).toMatchObject({ name: 'get_weather' });
    expect(start.at).toBeLessThan(text.indexOf('days'));
    const deltas = seen.flatMap(({ e }) => (e.type === 'tool-call-delta' ? [e.argumentsDelta] : []));
    expect(deltas).toEqual(['{"city":"Paris","days":3}']);
    expectStreamingEqualsBatch(xml, text);
  });
});

describe('GLM-4-9B-chat / GLM-4-0414: a declared name on a line, then its JSON', () => {
  const glm4 = createXmlFormat('glm4');
  const tools = [
    { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
  ];

  it('reads the call with the tool declared, after prose too, and streams it the same', () => {
    for (const text of ['get_weather\n{"city": "Paris"}', 'I will check.\nget_weather\n{"city": "Paris"}']) {
      expect(callsOf(parseWith(glm4, text, { tools }))).toEqual([
        { name: 'get_weather', arguments: { city: 'Paris' } },
      ]);
      expectStreamingEqualsBatch(glm4, text, { tools });
    }
  });

  it('reads nothing without declared tools, or where the name is only a word in a sentence', () => {
    expect(parseWith(glm4, 'get_weather\n{"city": "Paris"}').calls).toEqual([]);
    const prose = 'Call get_weather\n{"city": "Paris"} is the shape.';
    expect(parseWith(glm4, prose, { tools })).toMatchObject({ calls: [] });
  });

  it('renders calls the way it reads them', () => {
    const text = glm4.formatToolCalls([{ id: '1', name: 'get_weather', arguments: { city: 'Oslo' } }]);
    expect(text).toBe('get_weather\n{"city":"Oslo"}');
    expect(callsOf(parseWith(glm4, text, { tools }))).toEqual([
      { name: 'get_weather', arguments: { city: 'Oslo' } },
    ]);
    expect(glm4.systemPrompt(tools)).toContain('## get_weather');
  });
});
