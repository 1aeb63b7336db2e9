import { describe, expect, it } from 'vitest';
import { resolveParseOptions } from '../options.js';
import { XML_TAG_OPTIONS } from './attribute-tags.js';
import type { BodyContext } from './markup-spec.js';
import { tagPairCalls } from './tag-pairs.js';

const ctx = (closed = true): BodyContext => ({ options: resolveParseOptions({}), closed, open: '<x>' });

/** GLM's and Hunyuan 3's spelling. */
const PAIRS = tagPairCalls({
  tags: XML_TAG_OPTIONS,
  key: 'arg_key',
  value: 'arg_value',
  nameEnds: '<\n',
  layoutTags: ['tool_sep'],
});

describe('tagPairCalls: read', () => {
  it('reads the name, then key/value pairs, with or without newlines', () => {
    const lines = PAIRS.read(
      'get_weather\n<arg_key>city</arg_key>\n<arg_value>Paris</arg_value>\n<arg_key>days</arg_key>\n<arg_value>2</arg_value>\n',
      ctx(),
    );
    expect(lines.calls).toEqual([{ name: 'get_weather', arguments: { city: 'Paris', days: 2 } }]);
    const tight = PAIRS.read('f<arg_key>a</arg_key><arg_value>x</arg_value>', ctx());
    expect(tight.calls).toEqual([{ name: 'f', arguments: { a: 'x' } }]);
  });

  it('ends the name at any declared character: a separator tag reads like a newline', () => {
    const sep = PAIRS.read('f<tool_sep>\n<arg_key>a</arg_key>\n<arg_value>1</arg_value>\n', ctx());
    expect(sep.calls).toEqual([{ name: 'f', arguments: { a: 1 } }]);
    const colon = tagPairCalls({ tags: XML_TAG_OPTIONS, key: 'k', value: 'v', nameEnds: ':' });
    expect(colon.read('f:<k>a</k><v>1</v>', ctx()).calls).toEqual([{ name: 'f', arguments: { a: 1 } }]);
  });

  it('reads output that was JSON-escaped as a whole', () => {
    const read = PAIRS.read(String.raw`todo_write\n<arg_key>a</arg_key>\n<arg_value>1</arg_value>\n`, ctx());
    expect(read.calls.map((c) => c.name)).toEqual(['todo_write']);
  });

  it('keeps a value that holds tags, and a close that is followed by text', () => {
    const read = PAIRS.read('f<arg_key>a</arg_key><arg_value>x </arg_value> y</arg_value>', ctx());
    expect(read.calls[0]?.arguments).toEqual({ a: 'x </arg_value> y' });
  });

  it('reports what stands outside the pairs, and passes over only layout', () => {
    const read = PAIRS.read(
      'f\n<arg_key>a</arg_key>\n<arg_value>1</arg_value>\nsee below <b>\n<arg_key>c</arg_key><arg_value>2</arg_value> done',
      ctx(),
    );
    expect(read.calls).toEqual([{ name: 'f', arguments: { a: 1, c: 2 } }]);
    expect(read.issues).toEqual([
      {
        kind: 'trailing-text',
        message: 'Text inside the call "f", outside its arguments, was removed.',
        raw: 'see below\n<b>\ndone',
      },
    ]);
    // Blanks, the escapes of an output escaped once and a declared layout tag are no text.
    const layout = PAIRS.read(
      String.raw`f<tool_sep>\n<arg_key>a</arg_key> \t<arg_value>1</arg_value>\r\n`,
      ctx(),
    );
    expect(layout.issues).toEqual([]);
  });

  it('keeps every stray word in its one issue, however many there are', () => {
    const words = Array.from({ length: 200 }, (_, k) => `w${k}`);
    const read = PAIRS.read(`f<arg_key>a</arg_key><arg_value>1</arg_value>${words.join(' <br> ')}`, ctx());
    expect(read.issues).toHaveLength(1);
    const raw = read.issues?.[0]?.raw ?? '';
    for (const w of words) expect(raw).toMatch(new RegExp(`\\b${w}\\b`));
  });

  it('is prose, not a call, when the name has blanks or starts like JSON', () => {
    expect(PAIRS.read('get weather now', ctx()).notMarkup).toBe(true);
    expect(PAIRS.read('{"a": 1}', ctx()).notMarkup).toBe(true);
    expect(PAIRS.read('"f"<arg_key>a</arg_key>', ctx()).notMarkup).toBe(true);
  });

  it('reports a value without its key and a key without its value', () => {
    const read = PAIRS.read('f<arg_value>1</arg_value><arg_key>b</arg_key>', ctx());
    expect(read.calls).toEqual([{ name: 'f', arguments: {} }]);
    expect(read.issues?.map((i) => i.kind)).toEqual(['malformed-call', 'partial-call']);
    expect(read.issues?.[0]?.message).toBe('An <arg_value> without its <arg_key> in "f" was dropped.');
  });

  it('follows the cut-off rule: a name alone may be cut, a cut value is flagged', () => {
    expect(PAIRS.read('list_d', ctx(false)).error).toMatch(/cut off/);
    expect(PAIRS.read('list_files', ctx()).calls).toEqual([{ name: 'list_files', arguments: {} }]);
    const cut = PAIRS.read('f<arg_key>a</arg_key><arg_value>Par', ctx(false));
    expect(cut.calls).toEqual([{ name: 'f', arguments: { a: 'Par' } }]);
    expect(cut.issues?.map((i) => i.kind)).toContain('partial-call');
  });
});

describe('tagPairCalls: readElements', () => {
  it('reads one call per element, an element the output ended inside flagged', () => {
    const read = PAIRS.readElements(
      '\n<tool_call>f<tool_sep><arg_key>a</arg_key><arg_value>1</arg_value></tool_call>\n<tool_call>g<tool_sep><arg_key>b</arg_key><arg_value>P',
      ctx(false),
      '<tool_call>',
      '</tool_call>',
    );
    expect(read.calls).toEqual([
      { name: 'f', arguments: { a: 1 } },
      { name: 'g', arguments: { b: 'P' } },
    ]);
    expect(read.issues.map((i) => i.kind)).toEqual(['partial-call']);
  });

  it('reports words between the elements', () => {
    const read = PAIRS.readElements(
      '\n<tool_call>f<tool_sep><arg_key>a</arg_key><arg_value>1</arg_value></tool_call>\nand then\n<tool_call>g<tool_sep></tool_call> done',
      ctx(),
      '<tool_call>',
      '</tool_call>',
    );
    expect(read.calls.map((c) => c.name)).toEqual(['f', 'g']);
    expect(read.issues).toEqual([
      {
        kind: 'trailing-text',
        message: 'Text inside the call block, outside its calls, was removed.',
        raw: 'and then\ndone',
      },
    ]);
  });

  it('reports an element that holds no call, and reads none from a body without elements', () => {
    const read = PAIRS.readElements('<tool_call>a b</tool_call>', ctx(), '<tool_call>', '</tool_call>');
    expect(read.calls).toEqual([]);
    expect(read.issues).toEqual([{ kind: 'malformed-call', message: 'not a call', raw: 'a b' }]);
    expect(PAIRS.readElements(' ', ctx(), '<tool_call>', '</tool_call>')).toEqual({ calls: [], issues: [] });
  });
});

describe('tagPairCalls: announce', () => {
  it('names the call once its name has ended, the same for every longer prefix', () => {
    expect(PAIRS.announce('get_wea', 0)).toBeNull();
    expect(PAIRS.announce('get_weather<', 0)).toEqual({ name: 'get_weather' });
    expect(PAIRS.announce('  get_weather\n<arg_key>c', 2)).toEqual({ name: 'get_weather' });
    expect(PAIRS.announce('get weather\n', 0)).toBeNull();
  });
});
