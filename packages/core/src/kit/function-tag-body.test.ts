import { describe, expect, it } from 'vitest';
import { resolveParseOptions } from '../options.js';
import {
  announceAttributeTag,
  announceFunctionTag,
  attributeTagBody,
  functionTagBody,
} from './function-tag-body.js';
import { openAiToolShape, withPreamble } from './prompt-parts.js';

const ctx = (closed = true) => ({ options: resolveParseOptions({}), closed, open: '<function=' });

describe('functionTagBody', () => {
  it('reads the name in the tag and the JSON arguments', () => {
    expect(functionTagBody('get_weather>{"city": "Paris"}', ctx())).toMatchObject({
      calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
    });
    expect(functionTagBody('"f">', ctx()).calls).toEqual([{ name: 'f', arguments: {} }]);
  });

  it("leaves Qwen3-Coder's XML parameters to the XML format", () => {
    expect(functionTagBody('f>\n<parameter=a>1</parameter>', ctx())).toEqual({ calls: [], notMarkup: true });
  });

  it('reports arguments the output ended inside, and keeps JSON cut right after its end', () => {
    expect(functionTagBody('f>{"a": ', ctx(false)).error).toMatch(/ended inside/);
    expect(functionTagBody('f>{"a": 1} <', ctx(false)).calls[0]?.arguments).toEqual({ a: 1 });
  });
});

describe('announceFunctionTag', () => {
  it('names the call once the { of its arguments is here, the same for every longer prefix', () => {
    const body = 'get_weather>{"city": "Paris"}';
    const answers = [5, 12, 13, body.length].map((n) => announceFunctionTag(body.slice(0, n)));
    const call = { name: 'get_weather', arguments: { from: 12 } };
    expect(answers).toEqual([null, null, call, call]);
    expect(announceFunctionTag('"get_weather">\n {')).toEqual({
      name: 'get_weather',
      arguments: { from: 16 },
    });
  });

  it('announces no tag that holds something else (XML parameters) or names nothing', () => {
    expect(announceFunctionTag('f>\n<parameter=a>1')).toBeNull();
    expect(announceFunctionTag('>{"a": 1}')).toBeNull();
    expect(announceFunctionTag('a b>{"a": 1}')).toBeNull();
  });
});

describe('attributeTagBody', () => {
  const at = (open: string, closed = true) => ({ options: resolveParseOptions({}), closed, open });

  it('reads the name and the id from the attributes, in any order, and the JSON arguments', () => {
    expect(
      attributeTagBody('"call_1" name="get_weather">\n{"city": "Paris"}\n', at('<tool_call id=')),
    ).toMatchObject({
      calls: [{ name: 'get_weather', id: 'call_1', arguments: { city: 'Paris' } }],
    });
    expect(attributeTagBody("'f' id='c2'>", at('<tool_call name=')).calls).toEqual([
      { name: 'f', id: 'c2', arguments: {} },
    ]);
  });

  it('is no markup without a name, with a broken tag, or with something else than JSON inside', () => {
    const none = { calls: [], notMarkup: true };
    expect(attributeTagBody('"c1">{"a": 1}', at('<tool_call id='))).toEqual(none);
    expect(attributeTagBody('"f" tags, then {"a": 1}', at('<tool_call name='))).toEqual(none);
    expect(attributeTagBody('x> tags', at('<tool_call name='))).toEqual(none);
    expect(attributeTagBody('"f"> tags are how you write it', at('<tool_call name='))).toEqual(none);
  });

  it('reports arguments the output ended inside', () => {
    expect(attributeTagBody('"f">{"a": ', at('<tool_call name=', false)).error).toMatch(/ended inside/);
  });

  it('announces once the tag and the { are here, the same for every longer prefix', () => {
    const body = '"c1" name="get_weather">{"city": "Paris"}';
    const answers = [10, 24, 25, body.length].map((n) =>
      announceAttributeTag(body.slice(0, n), '<tool_call id='),
    );
    const call = { name: 'get_weather', id: 'c1', arguments: { from: 24 } };
    expect(answers).toEqual([null, null, call, call]);
    expect(announceAttributeTag('"c1">{', '<tool_call id=')).toBeNull();
  });
});

describe('prompt parts', () => {
  it('lists a tool as templates do and puts the preamble first', () => {
    expect(openAiToolShape({ name: 'f' })).toEqual({
      type: 'function',
      function: { name: 'f', parameters: { type: 'object', properties: {} } },
    });
    expect(withPreamble({ preamble: ' Be brief. ' }, 'Tools…')).toBe('Be brief.\n\nTools…');
    expect(withPreamble(undefined, 'Tools…')).toBe('Tools…');
  });
});
