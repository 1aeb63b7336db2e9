/**
 * Fixtures of the other line-keyed forms: the key-value line (LLxprt Code’s text parser), Qwen-Agent's ✿ markers,
 * Command R's `Action:` JSON list and R7B's action tokens (from the rendered chat templates in
 * fixtures/, see fixtures/README.md), and the `<tool_call>` a ReAct-prompted model drifts into.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createReactFormat } from './plugin.js';
import { callsOf, expectStreamingEqualsBatch, kindsOf, parseWith, TOOLS } from './test-support/harness.js';
import { VARIANTS } from './variants.js';

const react = createReactFormat();
const parse = (text: string, withTools = true) => parseWith(react, text, withTools ? { tools: TOOLS } : {});
const rendered = (name: string) => readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
/** The first assistant turn of a rendered template: from the chatbot token to the next turn. */
function chatbotTurn(text: string): string {
  const start =
    text.indexOf('<|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|>') +
    '<|START_OF_TURN_TOKEN|><|CHATBOT_TOKEN|>'.length;
  const end = text.indexOf('<|START_OF_TURN_TOKEN|>', start);
  return text.slice(start, end);
}

describe('key-value line: ✦ tool_call: NAME for KEY VALUE …', () => {
  it('reads LLxprt Code’s example', () => {
    const text = '✦ tool_call: list_directory for path /home/user ignore *.log';
    const r = parse(text);
    expect(callsOf(r)).toEqual([
      { name: 'list_directory', arguments: { path: '/home/user', ignore: '*.log' } },
    ]);
    expect(r).toMatchObject({ content: null, issues: [], format: 'react:keyvalue' });
    expectStreamingEqualsBatch(react, text, { tools: TOOLS });
  });

  it('lets a declared schema split the pairs, so values may hold spaces, typed by the schema', () => {
    const r = parse('I’ll look.\n✦ tool_call: list_directory for path /home/my docs depth 2\nDone.');
    expect(callsOf(r)).toEqual([{ name: 'list_directory', arguments: { path: '/home/my docs', depth: 2 } }]);
    expect(r.content).toBe('I’ll look.\nDone.');
  });

  it('alternates keys and values without a schema, with quoted values and JSON literals', () => {
    const r = parse('✦ tool_call: open_file for path "/tmp/a b.txt" lines 20 follow true', false);
    expect(callsOf(r)).toEqual([
      { name: 'open_file', arguments: { path: '/tmp/a b.txt', lines: 20, follow: true } },
    ]);
  });

  it('reads several calls on a line or on lines, and a call without arguments', () => {
    const text = '✦ tool_call: get_time ✦ tool_call: search for query cats\n✦tool_call: get_time';
    const r = parse(text);
    expect(callsOf(r)).toEqual([
      { name: 'get_time', arguments: {} },
      { name: 'search', arguments: { query: 'cats' } },
      { name: 'get_time', arguments: {} },
    ]);
    expectStreamingEqualsBatch(react, text, { tools: TOOLS });
  });

  it('reports a line it cannot read, and a key without a value', () => {
    expect(kindsOf(parse('✦ tool_call: list_directory /home'))).toEqual(['malformed-call']);
    const r = parse('✦ tool_call: thing for a 1 b', false);
    expect(callsOf(r)).toEqual([{ name: 'thing', arguments: { a: 1 } }]);
    expect(kindsOf(r)).toEqual(['malformed-call']);
  });

  it('leaves the sparkle alone in prose', () => {
    expect(parse('✦ Here is the answer.').content).toBe('✦ Here is the answer.');
    // A `✦` after a call that starts no other call: the line quotes the markup.
    const quoted = '✦ tool_call: get_time ✦ Here is the answer.';
    expect(expectStreamingEqualsBatch(react, quoted, { tools: TOOLS })).toMatchObject({
      calls: [],
      content: quoted,
    });
  });
});

describe('Qwen-Agent: ✿FUNCTION✿ / ✿ARGS✿ / ✿RESULT✿ / ✿RETURN✿', () => {
  it('reads a call, and text before it as content', () => {
    const text = 'Let me check.\n✿FUNCTION✿: get_weather\n✿ARGS✿: {"location": "Paris"}';
    const r = parse(text);
    expect(callsOf(r)).toEqual([{ name: 'get_weather', arguments: { location: 'Paris' } }]);
    expect(r).toMatchObject({ content: 'Let me check.', issues: [], format: 'react:qwen-agent' });
    expectStreamingEqualsBatch(react, text, { tools: TOOLS });
  });

  it('reads parallel calls, and cuts off a made-up ✿RESULT✿ with the reply after it', () => {
    const tail = '✿RESULT✿: sunny\n✿RESULT✿: rain\n✿RETURN✿: Sunny in Paris, rain in London.';
    const text = `✿FUNCTION✿: get_weather\n✿ARGS✿: {"location": "Paris"}\n✿FUNCTION✿: get_weather\n✿ARGS✿: {"location": "London"}\n${tail}`;
    const r = parse(text);
    expect(callsOf(r).map((c) => c.arguments.location)).toEqual(['Paris', 'London']);
    expect(r.content).toBeNull();
    expect(r.issues).toEqual([expect.objectContaining({ kind: 'trailing-text', raw: tail })]);
    expectStreamingEqualsBatch(react, text, { tools: TOOLS });
  });

  it('reads the code interpreter’s fenced code into its one string parameter', () => {
    const tools = [
      { name: 'code_interpreter', parameters: { type: 'object', properties: { code: { type: 'string' } } } },
    ];
    const r = parseWith(react, '✿FUNCTION✿: code_interpreter\n✿ARGS✿: ```py\nprint(1)\n```', { tools });
    expect(callsOf(r)).toEqual([{ name: 'code_interpreter', arguments: { code: 'print(1)' } }]);
  });

  it('removes the reply marker from an answer', () => {
    expect(parse('✿RETURN✿: It is sunny.')).toMatchObject({ calls: [], content: 'It is sunny.' });
  });
});

describe('Command R: Action: and a JSON list', () => {
  it('reads the turn the Command R+ tool_use template renders', () => {
    const turn = chatbotTurn(rendered('command_r_plus_tool_use.txt'));
    const r = parseWith(createReactFormat('command-r'), turn, { tools: TOOLS });
    expect(callsOf(r)).toEqual([
      { name: 'get_weather', arguments: { location: 'Paris', unit: 'celsius' } },
      { name: 'get_weather', arguments: { location: 'London' } },
    ]);
    expect(r).toMatchObject({ content: null, issues: [], format: 'react:command-r' });
    expect(parse(turn).format).toBe('react:command-r');
    expectStreamingEqualsBatch(react, turn, { tools: TOOLS });
  });

  it('reads a bare list, drops `directly-answer`, and reports a broken list', () => {
    expect(callsOf(parse('Action: [{"tool_name": "search", "parameters": {"query": "q"}}]'))).toEqual([
      { name: 'search', arguments: { query: 'q' } },
    ]);
    const direct = parse('Action:\n```json\n[{"tool_name": "directly-answer", "parameters": {}}]\n```');
    expect(direct).toMatchObject({ calls: [], content: null, issues: [] });
    expect(kindsOf(parse('Action:\n```json\n[{"tool_name": "search", "parameters": {"query": "q\n'))).toEqual(
      ['malformed-call'],
    );
  });
});

describe('Command R7B / Command A: <|START_ACTION|>', () => {
  it('reads the turn the R7B template renders, with the call ids', () => {
    const turn = chatbotTurn(rendered('command_r7b_tool_use.txt'));
    const r = parse(turn);
    expect(r.calls).toEqual([
      { id: '0', name: 'get_weather', arguments: { location: 'Paris', unit: 'celsius' } },
      { id: '1', name: 'get_weather', arguments: { location: 'London' } },
    ]);
    expect(r).toMatchObject({ content: null, reasoning: null, issues: [], format: 'react:command-r' });
    expectStreamingEqualsBatch(react, turn, { tools: TOOLS });
  });

  it('reads the plan as reasoning and the response as content', () => {
    const text =
      "<|START_THINKING|>I'm\nthinking<|END_THINKING|><|START_RESPONSE|>Hello, world!\nWhat's up?<|END_RESPONSE|>";
    expect(parse(text)).toMatchObject({
      calls: [],
      content: "Hello, world!\nWhat's up?",
      reasoning: "I'm\nthinking",
    });
    expectStreamingEqualsBatch(react, text);
  });

  it('takes no call from a list the output ended inside of', () => {
    const r = parse('<|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "special');
    expect(r).toMatchObject({ calls: [], content: null });
    // The cut-off rule (architecture/semantics.md): a block the output ended inside of.
    expect(kindsOf(r)).toEqual(['partial-call']);
    const half = parse(
      '<|START_ACTION|>[{"tool_call_id": "0", "tool_name": "search", "parameters": {"query": "a"}}, {"tool_call_id": "1", "tool_',
    );
    expect(half.calls.map((c) => c.id)).toEqual(['0']);
    expect(kindsOf(half)).toEqual(['partial-call']);
  });
});

describe('<tool_call> drift (a ReAct agent’s drift)', () => {
  it('reads the call and keeps the prose before it', () => {
    const text =
      'Done. Next I\'m going to delete...\n<tool_call>\n{"name":"delete_user_attribute","arguments":{"query":"qwen"}}\n</tool_call>';
    const r = parse(text);
    expect(callsOf(r)).toEqual([{ name: 'delete_user_attribute', arguments: { query: 'qwen' } }]);
    expect(r.content).toBe("Done. Next I'm going to delete...");
    expect(react.sanitize(text)).toBe("Done. Next I'm going to delete...");
  });

  it('leaves prose that mentions the tag', () => {
    expect(parse('Wrap calls in <tool_call> tags.').content).toBe('Wrap calls in <tool_call> tags.');
  });
});

describe('every variant reads every form and names itself', () => {
  it.each(VARIANTS.ids)('%s', (variant) => {
    const h = createReactFormat(variant);
    const id = variant === 'react' ? 'react' : `react:${variant}`;
    expect(h.id).toBe(id);
    for (const text of [
      'Action: search\nAction Input: {"query": "q"}',
      '✦ tool_call: search for query q',
      '✿FUNCTION✿: search\n✿ARGS✿: {"query": "q"}',
      '<|START_ACTION|>[{"tool_name": "search", "parameters": {"query": "q"}}]<|END_ACTION|>',
    ]) {
      const r = parseWith(h, text, { tools: TOOLS });
      expect(callsOf(r)).toEqual([{ name: 'search', arguments: { query: 'q' } }]);
      expect(r.format).toEqual(variant === 'react' ? expect.stringMatching(/^react/) : id);
    }
  });

  it('throws a configuration error naming the variants for an unknown one', () => {
    expect(() => createReactFormat('nope')).toThrow(/unknown variant 'nope'.*react, keyvalue, qwen-agent/);
  });
});
