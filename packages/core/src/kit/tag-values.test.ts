import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextAttributeTag, readAttributeTag, XML_TAG_OPTIONS } from './attribute-tags.js';
import { scanValue, type ValueRules } from './tag-values.js';

/** The namespace Claude's own output puts on its tool tags. */
const NS = `${'ant'}ml`;
const readTag = (s: string, at: number) => readAttributeTag(s, at, s.length, XML_TAG_OPTIONS);
const nextTag = (s: string, from: number) => nextAttributeTag(s, from, s.length, XML_TAG_OPTIONS);

describe('XML_TAG_OPTIONS', () => {
  it('reads names, prefixes, the name attribute and the `=` form', () => {
    expect(readTag('<invoke name="get_weather">', 0)).toMatchObject({
      local: 'invoke',
      prefix: '',
      name: 'get_weather',
      end: 27,
    });
    expect(readTag(`<${NS}:parameter name='k' string="true">`, 0)).toMatchObject({
      local: 'parameter',
      prefix: NS,
      name: 'k',
    });
    expect(readTag('<function=get_weather>', 0)).toMatchObject({ local: 'function', eq: 'get_weather' });
    expect(readTag('<parameter= "city" >', 0)).toMatchObject({ local: 'parameter', eq: 'city' });
    expect(readTag('</minimax:tool_call >', 0)).toMatchObject({
      closing: true,
      local: 'tool_call',
      prefix: 'minimax',
    });
    expect(readTag('<br/>', 0)).toMatchObject({ local: 'br', end: 5 });
  });

  it('is not a tag: prose, a break or another < before the >', () => {
    for (const s of [
      '< b>',
      '<!-- x -->',
      '<function=f\n>',
      '<a name="x\ny">',
      '<a <b>',
      '<3',
      '<invoke name="x',
      '<>',
    ]) {
      expect(readTag(s, 0), s).toBeNull();
    }
  });

  it('nextTag skips what is not one', () => {
    expect(nextTag('a < b <3 <c>', 0)).toMatchObject({ local: 'c', start: 9 });
  });
});

describe('scanValue', () => {
  const rules: ValueRules = {
    tags: XML_TAG_OPTIONS,
    isClose: (t) => t.closing && t.local === 'p',
    canFollow: (t) => t.local === 'p' || t.closing,
    isStop: (t) => !t.closing && t.local === 'p',
  };
  const value = (s: string) => {
    const span = scanValue(s, 0, s.length, rules);
    return [s.slice(span.start, span.end), s.slice(span.next), span.closed] as const;
  };

  it('ends at a close followed by the next element, the end of the call, or the end', () => {
    expect(value('a</p><p>b</p>')).toEqual(['a', '<p>b</p>', true]);
    expect(value('a</p>\n</f>')).toEqual(['a', '\n</f>', true]);
    expect(value('a</p>  ')).toEqual(['a', '  ', true]);
  });

  it('skips a close followed by other text, and falls back to it when nothing better comes', () => {
    expect(value('x </p> y</p></f>')).toEqual(['x </p> y', '</f>', true]);
    expect(value('x </p> y')).toEqual(['x ', ' y', true]);
  });

  it('ends at a stop without a close, or runs to the end', () => {
    expect(value('a\n<p>b')).toEqual(['a\n', '<p>b', false]);
    expect(value('abc')).toEqual(['abc', '', false]);
  });

  it('never looks into CDATA or a fenced code block; unclosed ones do not protect', () => {
    expect(value('<![CDATA[</p><p>]]></p>')).toEqual(['<![CDATA[</p><p>]]>', '', true]);
    expect(value('\n```\n</p><p>\n```\n</p>')).toEqual(['\n```\n</p><p>\n```\n', '', true]);
    expect(value('<![CDATA[ a</p><p>')).toEqual(['<![CDATA[ a', '<p>', true]);
    expect(value('\n```\na</p><p>')).toEqual(['\n```\na', '<p>', true]);
  });
});

describe('scanValue nextTag', () => {
  const rules: ValueRules = {
    tags: XML_TAG_OPTIONS,
    isClose: (t) => t.closing && t.local === 'v',
    canFollow: (t) => t.local === 'k' || t.local === 'v' || t.closing,
    isStop: (t) => !t.closing && t.local === 'k',
  };

  it('is the tag a search from `next` finds, whenever the scan hands one over', () => {
    const piece = fc.constantFrom(
      '<k>',
      '</k>',
      '<v>',
      '</v>',
      '<a:b>',
      '<a:>',
      '< ',
      ' ',
      '\n',
      'x',
      '<![CDATA[',
      ']]>',
      '```\n',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (pieces) => {
        const s = pieces.join('');
        const span = scanValue(s, 0, s.length, rules);
        if (span.nextTag !== undefined) expect(span.nextTag).toEqual(nextTag(s, span.next));
      }),
    );
  });

  it('hands over the stop tag and the tag after a close', () => {
    expect(scanValue('x<k>a', 0, 5, rules).nextTag).toMatchObject({ local: 'k', start: 1 });
    expect(scanValue('x</v> \n<k>a', 0, 11, rules).nextTag).toMatchObject({ local: 'k', start: 7 });
    expect(scanValue('x</v>', 0, 5, rules).nextTag).toBeUndefined();
  });
});

describe('namespaced names', () => {
  it('split at the last colon, and a name ending in a colon is no tag', () => {
    expect(readTag('<a:b:c x="1">', 0)).toMatchObject({ prefix: 'a:b', local: 'c' });
    expect(readTag('<a:b:>', 0)).toBeNull();
    expect(readTag('</a:>', 0)).toBeNull();
    expect(readTag('<:b>', 0)).toMatchObject({ prefix: '', local: 'b' });
  });
});
