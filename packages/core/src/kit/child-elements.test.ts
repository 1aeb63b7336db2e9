import { describe, expect, it } from 'vitest';
import { resolveParseOptions } from '../options.js';
import { XML_TAG_OPTIONS } from './attribute-tags.js';
import {
  elementsObject,
  type NestedElementsSpec,
  readChildElements,
  readNestedElements,
} from './child-elements.js';
import type { BodyIssue } from './markup-spec.js';
import { ArgumentCollector } from './typed-values.js';

const ctx = { options: resolveParseOptions({}), closed: true, open: '<x>' };

const children = (body: string, container: string | null) => {
  const args = new ArgumentCollector();
  const next = readChildElements(body, 0, body.length, container, args, XML_TAG_OPTIONS);
  const issues: BodyIssue[] = [];
  return { next, args: args.build('f', ctx, issues) };
};

describe('readChildElements', () => {
  it('reads each child as an argument up to the container close, and says where reading goes on', () => {
    const body = '<query>cats</query>\n<limit>5</limit></arguments><more>x</more>';
    expect(children(body, 'arguments')).toEqual({
      next: body.indexOf('<more>'),
      args: { query: 'cats', limit: 5 },
    });
  });

  it('reads to the end without a container, keeping a prefixed name whole', () => {
    const body = '<a>1</a><ns:b>two</ns:b>';
    expect(children(body, null)).toEqual({ next: body.length, args: { a: 1, 'ns:b': 'two' } });
  });

  it('ends a value left open at the container close, and keeps inner markup in a value', () => {
    expect(children('<a>1</parameters>', 'parameters').args).toEqual({ a: 1 });
    expect(children('<a><b>x</b></a></parameters>', 'parameters').args).toEqual({ a: '<b>x</b>' });
    expect(children('<a><![CDATA[<x>]]></a>', null).args).toEqual({ a: '<x>' });
  });
});

const SPEC: NestedElementsSpec = { tags: XML_TAG_OPTIONS, item: 'item', maxDepth: 16 };

describe('readNestedElements and elementsObject', () => {
  it('reads nested elements up to the container close', () => {
    const text = '<shipping><city>Singapore</city></shipping><tags><item>a</item></tags></invoke>rest';
    const read = readNestedElements(text, 0, 'invoke', SPEC);
    expect(read).toEqual({
      children: [
        ['shipping', { children: [['city', 'Singapore']] }],
        ['tags', { children: [['item', 'a']] }],
      ],
      next: text.indexOf('rest'),
      closed: true,
      textEnd: text.indexOf('</invoke>'),
      stray: false,
    });
  });

  it('with a marker, reads only the tags behind it: any other tag is text', () => {
    const M = ']m[';
    const text = `${M}<a>x <b>1</b> <invoke> y${M}</a>${M}<c>${M}<d>2${M}</d>${M}</c>${M}</invoke>rest`;
    const read = readNestedElements(text, 0, 'invoke', SPEC, { marker: M });
    expect(read.children).toEqual([
      ['a', 'x <b>1</b> <invoke> y'],
      ['c', { children: [['d', '2']] }],
    ]);
    expect(read.next).toBe(text.indexOf('rest'));
    expect(read.stray).toBe(false);
  });

  it('reads a child the schema types as a string as text, whatever tags it holds', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' }, b: { type: ['string', 'null'] } } };
    const text = '<a><x>1</x></a><b><y>2</y></b><c><z>3</z></c></invoke>';
    const read = readNestedElements(text, 0, 'invoke', SPEC, { schema });
    expect(elementsObject(read.children, schema, SPEC)).toEqual({
      a: '<x>1</x>',
      b: '<y>2</y>',
      c: { z: 3 },
    });
  });

  it('says when text other than blanks stands between the container’s children', () => {
    expect(readNestedElements(' \n<a>1</a>\n</invoke>', 0, 'invoke', SPEC).stray).toBe(false);
    expect(readNestedElements('<a>1</a> junk <b>2</b></invoke>', 0, 'invoke', SPEC).stray).toBe(true);
  });

  it('says when the output ended inside', () => {
    const read = readNestedElements('<a><b>1', 0, 'invoke', SPEC);
    expect(read.closed).toBe(false);
    expect(read.children).toEqual([['a', { children: [['b', '1']] }]]);
  });

  it('keeps elements deeper than the bound as text', () => {
    const read = readNestedElements('<a><b><c>1</c></b></a></invoke>', 0, 'invoke', { ...SPEC, maxDepth: 2 });
    expect(read.children).toEqual([['a', { children: [['b', '<c>1</c>']] }]]);
  });

  it('types by the schema each value sits under: items make lists, repeated names a list', () => {
    const schema = {
      type: 'object',
      properties: {
        zip: { type: 'integer' },
        code: { type: 'string' },
        ids: { type: 'array', items: { type: 'integer' } },
      },
      additionalProperties: { type: 'string' },
    };
    const text =
      '<zip>018956</zip><code>018956</code><ids><item>1</item><item>2</item></ids><c>1</c><c>2</c></x>';
    const read = readNestedElements(text, 0, 'x', SPEC);
    expect(elementsObject(read.children, schema, SPEC)).toEqual({
      zip: 18956,
      code: '018956',
      ids: [1, 2],
      c: ['1', '2'],
    });
  });

  it('writes no inherited keys', () => {
    const read = readNestedElements('<__proto__><a>1</a></__proto__></x>', 0, 'x', SPEC);
    const out = elementsObject(read.children, undefined, SPEC);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(Object.keys(out)).toEqual(['__proto__']);
  });
});
