import { describe, expect, it } from 'vitest';
import { markupFormat } from '../test-support/toy-format.js';
import { callsOf, parseWithIds } from '../testing/index.js';
import type { BodyParser, MarkupSpec } from './markup-spec.js';
import { mergeMarkup } from './merge-markup.js';
import { parsePythonCalls } from './python-calls.js';

const jsonBody: BodyParser = (body) => {
  try {
    const v = JSON.parse(body) as { name: string; arguments: unknown };
    return { calls: [{ name: v.name, arguments: v.arguments }] };
  } catch (e) {
    return { calls: [], error: String(e) };
  }
};
const xmlBody: BodyParser = (body) =>
  body.startsWith('<function=')
    ? { calls: [{ name: body.slice(10, body.indexOf('>')), arguments: {} }] }
    : { calls: [], error: 'not xml' };
const pythonBody: BodyParser = (body) => {
  const r = parsePythonCalls(body.trim());
  return r.ok
    ? { calls: r.calls.map((c) => ({ name: c.name, arguments: c.arguments })) }
    : { calls: [], error: r.error };
};

const jsonSpec: MarkupSpec = {
  id: 'json-ish',
  blocks: [{ open: '<tool_call>', close: '</tool_call>', body: jsonBody }],
  whole: {
    startChars: '[{',
    body: (t) => jsonBody(t.trim().replace(/^\[|\]$/g, ''), {} as never),
    onlyDeclaredTools: true,
  },
};
const xmlSpec: MarkupSpec = {
  id: 'xml-ish',
  blocks: [{ open: '<tool_call>', close: '</tool_call>', body: xmlBody }],
};
const pySpec: MarkupSpec = {
  id: 'py-ish',
  blocks: [],
  whole: { startChars: '[', body: pythonBody, onlyDeclaredTools: true },
};

const auto = markupFormat(mergeMarkup('auto', [jsonSpec, xmlSpec, pySpec]));

describe('mergeMarkup (auto mode)', () => {
  it('tries the body parsers of a shared open marker in order and names the format that read it', () => {
    const json = parseWithIds(auto, '<tool_call>{"name": "a", "arguments": {}}</tool_call>');
    expect([json.format, callsOf(json)]).toEqual(['json-ish', [{ name: 'a', arguments: {} }]]);
    const xml = parseWithIds(auto, '<tool_call><function=b></function></tool_call>');
    expect([xml.format, xml.calls[0]?.name]).toEqual(['xml-ish', 'b']);
  });

  it('tries every bare-output form, taking the first whose calls are all declared', () => {
    const tools = [{ name: 'get_weather' }];
    const r = parseWithIds(auto, "[get_weather(city='Paris')]", { tools });
    expect([r.format, callsOf(r)]).toEqual([
      'py-ish',
      [{ name: 'get_weather', arguments: { city: 'Paris' } }],
    ]);
    expect(parseWithIds(auto, "[get_weather(city='Paris')]").calls).toEqual([]);
    expect(parseWithIds(auto, "[rm(path='/')]", { tools }).content).toBe("[rm(path='/')]");
  });
});
