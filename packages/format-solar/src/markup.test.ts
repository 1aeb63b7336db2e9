import { describe, expect, it } from 'vitest';
import { createSolarFormat } from './plugin.js';
import { solarCall as call, callsOf, expectStreamingEqualsBatch, parseWith } from './test-support/harness.js';
import {
  BEGIN_ASSISTANT,
  CALL_ARGS,
  CALL_BEGIN,
  CALL_END,
  CALL_NAME,
  CALLS_END,
  CONTENT,
  END,
  FLUSH,
  THINK,
  TOOL_CALLS,
} from './tokens.js';

const solar = createSolarFormat();
/** The header and calls token between segments, as the model writes them. */
const NEXT = `${END}${BEGIN_ASSISTANT}`;

describe('calls', () => {
  it('reads one call, keeps its id, leaves no content', () => {
    const text = `${TOOL_CALLS}${call('987654321', 'lookup_order', '{"order": 42}')}${CALLS_END}`;
    const r = expectStreamingEqualsBatch(solar, text);
    expect(r.calls).toEqual([{ id: '987654321', name: 'lookup_order', arguments: { order: 42 } }]);
    expect(r).toMatchObject({ content: null, reasoning: null, issues: [], format: 'solar' });
  });

  it('reads several calls in a row, each with its own id, in order', () => {
    const text = `${TOOL_CALLS}${call('0', 'a', '{}')}${call('1', 'b', '{"x": [1, 2]}')}${call('2', 'c', '{"y": {"z": null}}')}`;
    const r = expectStreamingEqualsBatch(solar, text);
    expect(r.calls).toEqual([
      { id: '0', name: 'a', arguments: {} },
      { id: '1', name: 'b', arguments: { x: [1, 2] } },
      { id: '2', name: 'c', arguments: { y: { z: null } } },
    ]);
  });

  it('reasoning, the header, then calls', () => {
    const text = `${THINK}The user wants two cities.${NEXT}${TOOL_CALLS}${call('0', 'weather', '{"city": "Busan"}')}${call('1', 'weather', '{"city": "Daegu"}')}`;
    const r = expectStreamingEqualsBatch(solar, text);
    expect(r.reasoning).toBe('The user wants two cities.');
    expect(r.calls.map((c) => [c.id, c.arguments])).toEqual([
      ['0', { city: 'Busan' }],
      ['1', { city: 'Daegu' }],
    ]);
    expect(r.content).toBeNull();
  });

  it('reasoning, content, then calls: all three', () => {
    const text = `${THINK}plan${NEXT}${CONTENT}Let me check the stock.${NEXT}${TOOL_CALLS}${call('7', 'stock', '{"sku": "A-1"}')}${CALLS_END}`;
    const r = expectStreamingEqualsBatch(solar, text);
    expect(r).toMatchObject({ reasoning: 'plan', content: 'Let me check the stock.', issues: [] });
    expect(r.calls).toEqual([{ id: '7', name: 'stock', arguments: { sku: 'A-1' } }]);
  });

  it('an empty id: the call gets a generated one', () => {
    const r = parseWith(
      solar,
      `${TOOL_CALLS}${CALL_BEGIN}${CALL_NAME}get_time${CALL_ARGS}{"tz": "KST"}${CALL_END}`,
    );
    expect(r.calls).toEqual([{ id: 'call_1', name: 'get_time', arguments: { tz: 'KST' } }]);
  });

  it('allows blanks around the id, the name and the JSON', () => {
    const r = parseWith(solar, `${CALL_BEGIN} 12 ${CALL_NAME} f \n${CALL_ARGS} {"a": 1} \n${CALL_END}`);
    expect(r.calls).toEqual([{ id: '12', name: 'f', arguments: { a: 1 } }]);
    expect(r.issues).toEqual([]);
  });

  it('keeps names with dots, dashes and colons', () => {
    const r = parseWith(solar, call('0', 'mcp.fs:read-file', '{}'));
    expect(r.calls.map((c) => c.name)).toEqual(['mcp.fs:read-file']);
  });

  it('the call end inside a JSON string does not end the call', () => {
    const json = `{"note": "${CALL_END} and ${END} are tokens"}`;
    const r = expectStreamingEqualsBatch(solar, `${TOOL_CALLS}${call('0', 'f', json)}${CALLS_END}`);
    expect(r.calls[0]?.arguments).toEqual({ note: `${CALL_END} and ${END} are tokens` });
  });

  it('unwraps arguments written as a JSON string of an object', () => {
    const r = parseWith(solar, call('0', 'f', JSON.stringify(JSON.stringify({ a: 1 }))));
    expect(callsOf(r)).toEqual([{ name: 'f', arguments: { a: 1 } }]);
  });

  it('repairs broken JSON of a closed call and reports it', () => {
    const r = parseWith(solar, call('0', 'f', "{'a': 1,}"));
    expect(callsOf(r)).toEqual([{ name: 'f', arguments: { a: 1 } }]);
    expect(r.issues.map((i) => i.kind)).toEqual(['json-repaired']);
  });

  it('an empty argument token: a call without arguments', () => {
    const r = parseWith(solar, call('0', 'ping', ''));
    expect(r.calls).toEqual([{ id: '0', name: 'ping', arguments: {} }]);
  });

  it('text after the arguments is removed and reported', () => {
    const r = parseWith(solar, call('0', 'f', '{"a": 1} oops'));
    expect(callsOf(r)).toEqual([{ name: 'f', arguments: { a: 1 } }]);
    expect(r.issues.map((i) => i.kind)).toEqual(['trailing-text']);
  });
});

describe('calls without their end token', () => {
  it('end at the next call', () => {
    const text = `${CALL_BEGIN}0${CALL_NAME}f${CALL_ARGS}{"a": 1}${call('1', 'g', '{}')}`;
    expect(parseWith(solar, text).calls.map((c) => c.id)).toEqual(['0', '1']);
  });

  it('end at <|end|> or <|calls|> (read as closed)', () => {
    for (const stop of [END, CALLS_END, FLUSH]) {
      const r = expectStreamingEqualsBatch(
        solar,
        `${CALL_BEGIN}0${CALL_NAME}f${CALL_ARGS}{"a": 1}${stop}Bye`,
      );
      expect(callsOf(r)).toEqual([{ name: 'f', arguments: { a: 1 } }]);
      expect(r.content).toBe('Bye');
    }
  });

  it('at the end of the output: a call when its JSON is complete', () => {
    const r = parseWith(solar, `${TOOL_CALLS}${CALL_BEGIN}0${CALL_NAME}f${CALL_ARGS}{"a": 1}`);
    expect(callsOf(r)).toEqual([{ name: 'f', arguments: { a: 1 } }]);
  });
});

describe('cut-off output', () => {
  it.each([
    ['inside the arguments', `${CALL_BEGIN}0${CALL_NAME}f${CALL_ARGS}{"a": "hal`],
    ['before the arguments', `${CALL_BEGIN}0${CALL_NAME}f${CALL_ARGS}`],
    ['inside the name', `${CALL_BEGIN}0${CALL_NAME}fun`],
    ['inside the id', `${CALL_BEGIN}12`],
  ])('%s: a partial-call issue with the raw text, never a call', (_, cut) => {
    const r = expectStreamingEqualsBatch(solar, `${TOOL_CALLS}${call('0', 'ok', '{}')}${cut}`);
    expect(r.calls.map((c) => c.name)).toEqual(['ok']);
    expect(r.issues).toMatchObject([{ kind: 'partial-call', raw: cut }]);
    expect(r.content).toBeNull();
  });

  it("with onMalformed: 'keep' the cut-off call stays in content", () => {
    const cut = `${CALL_BEGIN}0${CALL_NAME}f${CALL_ARGS}{"a":`;
    const r = parseWith(solar, cut, { onMalformed: 'keep' });
    expect(r.calls).toEqual([]);
    expect(r.content).toBe(cut);
  });
});

describe('malformed calls', () => {
  it.each([
    ['no name token', `${CALL_BEGIN}0${CALL_ARGS}{}${CALL_END}`],
    ['no argument token', `${CALL_BEGIN}0${CALL_NAME}f {}${CALL_END}`],
    ['an empty name', `${CALL_BEGIN}0${CALL_NAME}${CALL_ARGS}{}${CALL_END}`],
    ['a name with a blank', `${CALL_BEGIN}0${CALL_NAME}get weather${CALL_ARGS}{}${CALL_END}`],
    ['an id with a blank', `${CALL_BEGIN}call 1${CALL_NAME}f${CALL_ARGS}{}${CALL_END}`],
    ['arguments that are not an object', `${CALL_BEGIN}0${CALL_NAME}f${CALL_ARGS}[1, 2]${CALL_END}`],
    ['arguments that are not JSON', `${CALL_BEGIN}0${CALL_NAME}f${CALL_ARGS}hello there${CALL_END}`],
  ])('%s: removed and reported, the text around kept', (_, bad) => {
    const r = expectStreamingEqualsBatch(solar, `Before. ${bad} After.`);
    expect(r.calls).toEqual([]);
    expect(r.content).toBe('Before. After.');
    expect(r.issues).toMatchObject([{ kind: 'malformed-call', raw: bad }]);
  });

  it("with onMalformed: 'keep' the span stays in content", () => {
    const bad = `${CALL_BEGIN}0${CALL_NAME}get weather${CALL_ARGS}{}${CALL_END}`;
    expect(parseWith(solar, bad, { onMalformed: 'keep' }).content).toBe(bad);
  });
});

describe('reasoning and content', () => {
  it('content after <|content|>; the header is never content', () => {
    const r = expectStreamingEqualsBatch(
      solar,
      `${BEGIN_ASSISTANT}${CONTENT}Annyeong!\nHow can I help?${FLUSH}`,
    );
    expect(r).toMatchObject({ content: 'Annyeong!\nHow can I help?', reasoning: null, calls: [] });
  });

  it('reasoning ends at <|end|>, then the header and content', () => {
    const r = expectStreamingEqualsBatch(solar, `${THINK}Two\nlines${NEXT}${CONTENT}Answer.`);
    expect(r).toMatchObject({ reasoning: 'Two\nlines', content: 'Answer.' });
  });

  it('<|content|> and <|tool_calls|> end an unclosed thought too', () => {
    expect(parseWith(solar, `${THINK}short${CONTENT}Answer.`)).toMatchObject({
      reasoning: 'short',
      content: 'Answer.',
    });
    const r = parseWith(solar, `${THINK}short${TOOL_CALLS}${call('0', 'f', '{}')}`);
    expect(r.reasoning).toBe('short');
    expect(r.calls.map((c) => c.name)).toEqual(['f']);
  });

  it('an unclosed thought at the end is reasoning', () => {
    expect(parseWith(solar, `${THINK}still going`)).toMatchObject({
      reasoning: 'still going',
      content: null,
    });
  });

  it('reasoningOpen: the prompt opened the thought', () => {
    const r = expectStreamingEqualsBatch(solar, `thinking${NEXT}${CONTENT}Done.`, { reasoningOpen: true });
    expect(r).toMatchObject({ reasoning: 'thinking', content: 'Done.' });
  });

  it('a call inside a thought is reasoning, not a call', () => {
    const inner = call('0', 'f', '{}');
    const r = expectStreamingEqualsBatch(solar, `${THINK}maybe ${inner}?${END}No call.`);
    expect(r.calls).toEqual([]);
    expect(r.reasoning).toBe(`maybe ${inner}?`);
    expect(r.content).toBe('No call.');
  });

  it('JSON content is content, not a call', () => {
    const json = '{"total": 99.5, "currency": "KRW"}';
    const r = expectStreamingEqualsBatch(solar, `${THINK}format as JSON${NEXT}${CONTENT}${json}`);
    expect(r).toMatchObject({ calls: [], content: json, reasoning: 'format as JSON' });
  });

  it('call markup in a code span or fence is text', () => {
    const inner = call('0', 'f', '{}');
    const text = `${CONTENT}Write \`${inner}\` like this:\n\`\`\`\n${inner}\n\`\`\``;
    const r = expectStreamingEqualsBatch(solar, text);
    expect(r.calls).toEqual([]);
    expect(r.content).toBe(`Write \`${inner}\` like this:\n\`\`\`\n${inner}\n\`\`\``);
  });

  it('plain text passes unchanged', () => {
    const r = expectStreamingEqualsBatch(solar, 'If a < b and c | d, use <|x|>.');
    expect(r).toMatchObject({ calls: [], content: 'If a < b and c | d, use <|x|>.', issues: [] });
  });
});

describe('ids with declared tools', () => {
  it('an undeclared name is flagged and kept, with its id', () => {
    const r = parseWith(solar, call('5', 'nope', '{}'), { tools: [{ name: 'f' }] });
    expect(r.calls).toEqual([{ id: '5', name: 'nope', arguments: {} }]);
    expect(r.issues.map((i) => i.kind)).toEqual(['unknown-tool']);
  });
});

describe('streaming announces a call with its id', () => {
  it('the start event carries the id and the name before the call ends', () => {
    const parser = solar.createStreamParser();
    const head = `${TOOL_CALLS}${CALL_BEGIN}123456789${CALL_NAME}search${CALL_ARGS}{"q": "`;
    const events = [...parser.push(head), ...parser.push('x'.repeat(64))];
    const start = events.find((e) => e.type === 'tool-call-start');
    expect(start).toMatchObject({ id: '123456789', name: 'search' });
    const end = [...parser.push('"}'), ...parser.push(CALL_END), ...parser.end()];
    expect(end.some((e) => e.type === 'tool-call-end')).toBe(true);
  });

  it('the arguments stream as they arrive, and add up to their JSON', () => {
    const parser = solar.createStreamParser();
    // (The engine asks for the name at body lengths 16, 32, 64, …: this body passes 64.)
    const early = parser.push(
      `${TOOL_CALLS}${CALL_BEGIN}1${CALL_NAME}search${CALL_ARGS}{"q": "weather in Seoul`,
    );
    expect(early).toMatchObject([
      { type: 'tool-call-start', name: 'search' },
      { type: 'tool-call-delta', argumentsDelta: '{"q":"weather in Seoul' },
    ]);
    const rest = [...parser.push(' today", "n": 5.0}'), ...parser.push(CALL_END), ...parser.end()];
    const deltas = [...early, ...rest].flatMap((e) =>
      e.type === 'tool-call-delta' ? [e.argumentsDelta] : [],
    );
    expect(deltas.join('')).toBe('{"q":"weather in Seoul today","n":5}');
  });
});
