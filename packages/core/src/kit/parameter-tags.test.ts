import { describe, expect, it } from 'vitest';
import { resolveParseOptions } from '../options.js';
import type { AttributeTagOptions } from './attribute-tags.js';
import { isAsciiWordChar, XML_TAG_OPTIONS } from './attribute-tags.js';
import type { BodyContext } from './markup-spec.js';
import {
  announceParameterCall,
  type ParameterCallSpec,
  parameterCallsBody,
  readParameterCalls,
} from './parameter-tags.js';

const ctx = (closed = true, mentions = false): BodyContext => ({
  options: resolveParseOptions({ mentions }),
  closed,
  open: '<x>',
});

const FUNCTION: ParameterCallSpec = {
  tags: XML_TAG_OPTIONS,
  call: 'function',
  nameFirst: 'eq',
  callNeedsName: true,
  params: ['parameter'],
  layout: 'lines',
  closedValueEndsCall: true,
  proseUnlessNamed: true,
  jsonArguments: 'open',
  label: 'A <function=…>',
  noCall: 'no call',
};

const INVOKE: ParameterCallSpec = {
  tags: XML_TAG_OPTIONS,
  call: 'invoke',
  nameFirst: 'name',
  params: ['parameter'],
  layout: 'inline',
  child: (body, tag, _limit, call) => {
    if (tag.closing || tag.local !== 'tool_name') return undefined;
    const close = body.indexOf('</tool_name>', tag.end);
    call.name ??= body.slice(tag.end, close);
    return close + '</tool_name>'.length;
  },
  label: 'An <invoke>',
  noCall: 'no invoke',
};

describe('readParameterCalls', () => {
  it('stops at maxCalls: the calls after them are counted by their tags and their text is kept', () => {
    const one = '<function=f>\n<parameter=a>\n1\n</parameter>\n</function>\n';
    const body = one.repeat(10);
    const read = readParameterCalls(
      body,
      { options: resolveParseOptions({ maxCalls: 3 }), closed: true, open: '' },
      FUNCTION,
    );
    expect(read.calls).toHaveLength(3);
    expect(read.issues).toEqual([
      {
        kind: 'limit-exceeded',
        message: 'More than maxCalls (3) calls; 7 more calls were not read.',
        raw: one.repeat(7),
      },
    ]);
  });

  it('reads the `=` form with its line layout, and JSON arguments where declared', () => {
    const body =
      '<function=f>\n<parameter=a>\nx &amp; y\n</parameter>\n</function><function=g>{"b": 1}</function>';
    expect(readParameterCalls(body, ctx(), FUNCTION).calls).toEqual([
      { name: 'f', arguments: { a: 'x & y' } },
      { name: 'g', arguments: { b: 1 } },
    ]);
  });

  it('ends a value without its close at the next parameter, and a call at the next call', () => {
    const body = '<invoke name="f"><parameter name="a">1<parameter name="b">2</parameter><invoke name="g">';
    const [f, g] = readParameterCalls(body, ctx(), INVOKE).calls;
    expect(f).toEqual({ name: 'f', arguments: { a: 1, b: 2 } });
    expect(g).toEqual({ name: 'g', arguments: {} });
  });

  it('lets a declared child name the call', () => {
    expect(readParameterCalls('<invoke><tool_name>h</tool_name></invoke>', ctx(), INVOKE).calls).toEqual([
      { name: 'h', arguments: {} },
    ]);
  });

  it('flags a cut call partial, unless its last value closed where the spec says that is whole', () => {
    const cut = readParameterCalls('<invoke name="f"><parameter name="a">1</parameter>', ctx(false), INVOKE);
    expect(cut.issues?.map((i) => i.kind)).toEqual(['partial-call']);
    const whole = readParameterCalls('<function=f><parameter=a>1</parameter>', ctx(false), FUNCTION);
    expect(whole.issues).toEqual([]);
  });

  it('a call tag named in a sentence is prose; a block without a call is an error', () => {
    expect(readParameterCalls('<function=f> is how you call it', ctx(true, true), FUNCTION).notMarkup).toBe(
      true,
    );
    expect(readParameterCalls('<function=…>', ctx(true, true), FUNCTION).notMarkup).toBe(true);
    expect(readParameterCalls('nothing', ctx(), FUNCTION).error).toBe('no call');
    const unnamed = readParameterCalls('<invoke><parameter name="a">1</parameter></invoke>', ctx(), INVOKE);
    expect(unnamed.issues?.[0]?.message).toBe('An <invoke> without a name was removed.');
  });

  it('first-tag values, raw text, a JSON rest and the wrapper close, as DSML declares them', () => {
    const P = '|X|';
    const tags: AttributeTagOptions = { prefixes: [P], attributes: 'all', isNameChar: isAsciiWordChar };
    // The Claude-style invoke, re-declared the DSML way.
    const spec: ParameterCallSpec = {
      ...INVOKE,
      tags,
      valueEnd: 'first-tag',
      text: 'raw',
      writtenAs: 'string',
      jsonArguments: 'rest',
      endsAt: ['calls'],
      prose: 'open-without-call',
    };
    const body =
      `<${P}invoke name="f"><${P}parameter name="s" string="true"> &amp;42 </${P}parameter></${P}invoke>` +
      `<${P}invoke name="g"> {"a": 1} </${P}invoke><${P}invoke name="h"><${P}parameter name="n">1</${P}parameter></${P}calls>`;
    expect(readParameterCalls(body, ctx(), spec).calls).toEqual([
      { name: 'f', arguments: { s: ' &amp;42 ' } },
      { name: 'g', arguments: '{"a": 1}' },
      { name: 'h', arguments: { n: 1 } },
    ]);
    expect(readParameterCalls(`write a <${P}calls> block`, ctx(false), spec).notMarkup).toBe(true);
  });

  it('reports words and opening tags of no element in a call, and words between calls', () => {
    const read = readParameterCalls(
      '<function=f>\nfirst\n<note>\n<parameter=a>\n1\n</parameter>\nand then\n</function>\nmore <wrap> words\n<function=g>\n</function>\n',
      ctx(),
      FUNCTION,
    );
    expect(read.calls).toEqual([
      { name: 'f', arguments: { a: 1 } },
      { name: 'g', arguments: {} },
    ]);
    expect(read.issues).toEqual([
      {
        kind: 'trailing-text',
        message: 'Text inside the call "f", outside its arguments, was removed.',
        raw: 'first\n<note>\nand then',
      },
      {
        kind: 'trailing-text',
        message: 'Text inside the call block, outside its calls, was removed.',
        raw: 'more\nwords',
      },
    ]);
    // Blanks, the escapes of an output escaped once, and tags of no element are the markup's.
    const layout = readParameterCalls(
      String.raw`<invoke name="f">\n<tool_name>f</tool_name>\t<parameter name="a">1</parameter>\n</parameters>
</invoke>\n`,
      ctx(),
      INVOKE,
    );
    expect(layout.calls).toEqual([{ name: 'f', arguments: { a: 1 } }]);
    expect(layout.issues).toEqual([]);
  });
});

describe('parameterCallsBody', () => {
  it('names a block that yields calls, and puts back an open marker taken from the call tag', () => {
    const body = parameterCallsBody(INVOKE, 'fmt:v', true);
    const read = body('"f"><parameter name="a">1</parameter></invoke>', { ...ctx(), open: '<invoke name=' });
    expect(read).toMatchObject({ calls: [{ name: 'f', arguments: { a: 1 } }], format: 'fmt:v' });
    expect(body('', { ...ctx(), open: '<invoke name=' }).format).toBeUndefined();
  });
});

describe('announceParameterCall', () => {
  const announce = announceParameterCall([FUNCTION, INVOKE]);
  it('names the first call once its tag is complete, by whichever spec it is', () => {
    expect(announce('\n<function=get_wea', '<tool_call>')).toBeNull();
    expect(announce('\n<function=get_weather>\n<par', '<tool_call>')).toEqual({ name: 'get_weather' });
    expect(announce('"f">', '<invoke name=')).toEqual({ name: 'f' });
    expect(announce('<invoke name="">', '<x>')).toBeNull();
    expect(announce('<other name="f">', '<x>')).toBeNull();
  });
});
