import { describe, expect, it } from 'vitest';
import { defineFormat, streamAll } from '../define-format.js';
import type { ParseOptions, ParseResult } from '../schemas.js';
import { createToyFormat } from '../test-support/toy-format.js';
import { bareCallLineBlocks } from './bare-call-line.js';
import { foldEvents } from './fold-events.js';
import { sequentialIds } from './ids.js';

const toy = createToyFormat();
const format = defineFormat({
  markup: toy.markup,
  markupForTools: (names) => {
    const lines = bareCallLineBlocks(names);
    return lines.length === 0 ? undefined : { ...toy.markup, blocks: [...toy.markup.blocks, ...lines] };
  },
  systemPrompt: () => '',
  stopSequences: [],
  formatToolCalls: () => '',
  formatResult: () => '',
});

const tools = [
  { name: 'get_weather', parameters: { type: 'object', properties: { location: { type: 'string' } } } },
  { name: 'get_time' },
];

/** The batch result, checked against streaming at every split point. */
function read(text: string, opts: ParseOptions = { tools }): ParseResult {
  const batch = format.parse(text, { generateId: sequentialIds(), ...opts });
  for (let i = 0; i <= text.length; i++) {
    const parser = format.createStreamParser({ generateId: sequentialIds(), ...opts });
    const streamed = foldEvents(streamAll(parser, [text.slice(0, i), text.slice(i)]), parser.format);
    expect(streamed, `split at ${i}`).toEqual(batch);
  }
  return batch;
}

const names = (r: ParseResult) => r.calls.map((c) => [c.name, c.arguments]);

describe('a declared tool called in Python, with no marker', () => {
  it('is a call as the whole output', () => {
    const r = read('get_weather(location="San Francisco")');
    expect(names(r)).toEqual([['get_weather', { location: 'San Francisco' }]]);
    expect(r.content).toBeNull();
  });

  it('after reasoning, one call a line, positional values placed by the schema', () => {
    const r = read('<think>Weather, then time.</think>\n\nget_weather("Paris")\nget_time()\n');
    expect(names(r)).toEqual([
      ['get_weather', { location: 'Paris' }],
      ['get_time', {}],
    ]);
    expect(r).toMatchObject({ content: null, reasoning: 'Weather, then time.' });
  });

  it('after another call, which stays a call', () => {
    const r = read('<call>{"name": "get_time", "arguments": {}}</call>\nget_weather(location="Oslo")');
    expect(names(r)).toEqual([
      ['get_time', {}],
      ['get_weather', { location: 'Oslo' }],
    ]);
  });

  it('is text in a sentence, after text, with text after it, or followed by prose', () => {
    for (const text of [
      'Call get_weather(location="Paris") to know.',
      'Example:\nget_weather(location="Paris")',
      'get_weather(location="Paris") returns the forecast.',
      'get_weather(location="Paris")\nThis returns the forecast.',
      'get_weather(location="Paris")\n\nThat is how the tool is called.',
      '    get_weather(location="Paris")',
    ]) {
      expect(read(text)).toMatchObject({ calls: [], content: text.trim(), issues: [] });
    }
  });

  it('is text for a tool not declared, without tools, or cut off', () => {
    expect(read('rm_rf(path="/")')).toMatchObject({ calls: [], content: 'rm_rf(path="/")' });
    expect(read('get_weather(location="Paris")', {})).toMatchObject({ calls: [] });
    expect(read('get_weather(location="Par')).toMatchObject({
      calls: [],
      content: 'get_weather(location="Par',
    });
  });

  it('needs no marker search in prose: a name in the middle of text costs nothing and is text', () => {
    const prose = `${'The weather is fine. '.repeat(50)}get_weather(location="Paris")`;
    expect(read(prose)).toMatchObject({ calls: [] });
  });

  it('takes only names Python can call', () => {
    expect(bareCallLineBlocks(['get-value', '1st', 'a..b'])).toEqual([]);
    expect(bareCallLineBlocks(['brave_search.call', 'f', 'f'])[0]?.open).toEqual([
      'brave_search.call(',
      'f(',
    ]);
  });
});
