import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  type AttributeTagOptions,
  Finder,
  isAsciiWordChar,
  nextAttributeTag,
  readAttributeTag,
  XML_TAG_OPTIONS,
} from './attribute-tags.js';
import { isJsonSpace } from './char-codes.js';

// The scanners read code units with the builtin called directly (architecture/stream-engine.md,
// "Reading code units"), which no property of a string can intercept. So, before the modules under
// test load, the builtin itself is wrapped: a read through a guarded string at or past its limit
// throws (see `guarded`).
const { limits } = vi.hoisted(() => {
  const limits = new WeakMap<object, number>();
  const original = String.prototype.charCodeAt;
  String.prototype.charCodeAt = function (this: string, i: number): number {
    const limit = limits.get(this as unknown as object);
    if (limit !== undefined && i >= limit) throw new Error(`read at ${i}, limit ${limit}`);
    return original.call(this, i);
  };
  return { limits };
});

const XML = XML_TAG_OPTIONS;

const BAR = '\uFF5C';
const DSML_PREFIXES = [`${BAR}DSML${BAR}`, '|DSML|'];
const DSML: AttributeTagOptions = {
  isNameChar: isAsciiWordChar,
  prefixes: DSML_PREFIXES,
  maxLocal: 32,
  quotedSpansLines: true,
  closingAttributes: true,
  attributes: 'all',
};

// ---- Oracles: the two readers this one replaced, copied as they were. ----

function oldIsNameChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 95 ||
    code === 45 ||
    code === 46 ||
    code === 58 ||
    code > 127
  );
}

interface OldTag {
  start: number;
  end: number;
  closing: boolean;
  local: string;
  prefix: string;
  eq: string | null;
  name: string | null;
}

function oldUnquote(v: string): string {
  const first = v.charCodeAt(0);
  if (v.length >= 2 && (first === 34 || first === 39) && v.charCodeAt(v.length - 1) === first) {
    return v.slice(1, -1);
  }
  return v;
}

/** format-xml's old `readTag`. */
function oldXmlReadTag(s: string, at: number, limit = s.length): OldTag | null {
  if (s.charCodeAt(at) !== 60) return null;
  let i = at + 1;
  let closing = false;
  if (s.charCodeAt(i) === 47) {
    closing = true;
    i++;
  }
  const nameStart = i;
  while (i < limit && oldIsNameChar(s.charCodeAt(i))) i++;
  if (i === nameStart) return null;
  const qualified = s.slice(nameStart, i);
  const colon = qualified.lastIndexOf(':');
  const prefix = colon === -1 ? '' : qualified.slice(0, colon);
  const local = colon === -1 ? qualified : qualified.slice(colon + 1);
  if (local === '') return null;
  let eq: string | null = null;
  let name: string | null = null;
  if (!closing && s.charCodeAt(i) === 61) {
    const valueStart = i + 1;
    while (i < limit) {
      const c = s.charCodeAt(i);
      if (c === 62 || c === 60 || c === 10) break;
      i++;
    }
    if (i >= limit || s.charCodeAt(i) !== 62) return null;
    eq = oldUnquote(s.slice(valueStart, i).trim());
    return { start: at, end: i + 1, closing, local, prefix, eq, name };
  }
  for (;;) {
    while (i < limit && isJsonSpace(s.charCodeAt(i))) i++;
    if (i >= limit) return null;
    const c = s.charCodeAt(i);
    if (c === 62) return { start: at, end: i + 1, closing, local, prefix, eq, name };
    if (c === 47 && s.charCodeAt(i + 1) === 62) {
      return { start: at, end: i + 2, closing, local, prefix, eq, name };
    }
    if (closing || !oldIsNameChar(c)) return null;
    const attrStart = i;
    while (i < limit && oldIsNameChar(s.charCodeAt(i))) i++;
    const attr = s.slice(attrStart, i);
    while (i < limit && isJsonSpace(s.charCodeAt(i))) i++;
    if (s.charCodeAt(i) !== 61) continue;
    i++;
    while (i < limit && isJsonSpace(s.charCodeAt(i))) i++;
    const q = s.charCodeAt(i);
    let value: string;
    if (q === 34 || q === 39) {
      const valueStart = ++i;
      while (i < limit) {
        const d = s.charCodeAt(i);
        if (d === q || d === 60 || d === 10) break;
        i++;
      }
      if (i >= limit || s.charCodeAt(i) !== q) return null;
      value = s.slice(valueStart, i);
      i++;
    } else {
      const valueStart = i;
      while (i < limit) {
        const d = s.charCodeAt(i);
        if (isJsonSpace(d) || d === 62 || d === 60) break;
        if (d === 47 && s.charCodeAt(i + 1) === 62) break;
        i++;
      }
      value = s.slice(valueStart, i);
    }
    if (attr === 'name') name = value;
  }
}

function oldXmlNextTag(s: string, from: number, limit = s.length): OldTag | null {
  let i = from;
  while (i < limit) {
    const lt = s.indexOf('<', i);
    if (lt === -1 || lt >= limit) return null;
    const tag = oldXmlReadTag(s, lt, limit);
    if (tag) return tag;
    i = lt + 1;
  }
  return null;
}

interface OldDsmlTag {
  start: number;
  end: number;
  closing: boolean;
  local: string;
  attrs: Map<string, string>;
}

function oldIsLocalChar(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_' || c === '-';
}

/** format-deepseek's old `readTag`. */
function oldDsmlReadTag(text: string, at: number, limit: number): { tag: OldDsmlTag | null; next: number } {
  let i = at + 1;
  const closing = text[i] === '/';
  if (closing) i++;
  const prefix = DSML_PREFIXES.find((p) => text.startsWith(p, i));
  if (prefix === undefined || i + prefix.length > limit) return { tag: null, next: at + 1 };
  i += prefix.length;
  const localStart = i;
  while (i < limit && i - localStart < 32 && oldIsLocalChar(text[i]!)) i++;
  const local = text.slice(localStart, i);
  if (local === '') return { tag: null, next: i };
  const attrs = new Map<string, string>();
  for (;;) {
    while (i < limit && isJsonSpace(text.charCodeAt(i))) i++;
    if (i >= limit) return { tag: null, next: limit };
    const c = text[i]!;
    if (c === '>') return { tag: { start: at, end: i + 1, closing, local, attrs }, next: i + 1 };
    if (c === '/' && text[i + 1] === '>')
      return { tag: { start: at, end: i + 2, closing, local, attrs }, next: i + 2 };
    if (c === '<') return { tag: null, next: i };
    const nameStart = i;
    while (i < limit && oldIsLocalChar(text[i]!)) i++;
    const name = text.slice(nameStart, i);
    if (name === '') return { tag: null, next: i + 1 };
    while (i < limit && isJsonSpace(text.charCodeAt(i))) i++;
    if (text[i] !== '=') {
      attrs.set(name, '');
      continue;
    }
    i++;
    while (i < limit && isJsonSpace(text.charCodeAt(i))) i++;
    const quote = text[i];
    if (quote === '"' || quote === "'") {
      const valueStart = ++i;
      while (i < limit && text[i] !== quote && text[i] !== '<') i++;
      if (i >= limit || text[i] !== quote) return { tag: null, next: i };
      attrs.set(name, text.slice(valueStart, i));
      i++;
    } else {
      const valueStart = i;
      while (i < limit && !isJsonSpace(text.charCodeAt(i)) && text[i] !== '>' && text[i] !== '<') i++;
      attrs.set(name, text.slice(valueStart, i));
    }
  }
}

function oldDsmlNextTag(text: string, from: number, limit: number): OldDsmlTag | null {
  let i = from;
  while (i < limit) {
    const lt = text.indexOf('<', i);
    if (lt === -1 || lt >= limit) return null;
    const { tag, next } = oldDsmlReadTag(text, lt, limit);
    if (tag !== null) return tag;
    i = Math.max(next, lt + 1);
  }
  return null;
}

// ---- Generators: text made of the pieces tags are made of. ----

const xmlPiece = fc.constantFrom(
  '<',
  '</',
  '>',
  '/>',
  '/',
  '=',
  '"',
  "'",
  ' ',
  '\n',
  '\t',
  ':',
  'invoke',
  'parameter',
  'function',
  'name',
  'ns:',
  'x',
  'é',
  '!',
  'string',
);
const dsmlPiece = fc.constantFrom(
  '<',
  '</',
  '>',
  '/>',
  '/',
  '=',
  '"',
  "'",
  ' ',
  '\n',
  `${BAR}DSML${BAR}`,
  '|DSML|',
  BAR,
  '|',
  'invoke',
  'parameter',
  'name',
  'string',
  'true',
  'x',
  '-',
  ':',
  'a'.repeat(33),
);
const text = (piece: fc.Arbitrary<string>) =>
  fc.oneof(
    fc.array(piece, { maxLength: 24 }).map((p) => p.join('')),
    fc.string({ maxLength: 40 }),
  );

/** The string cut at `limit` so that anything read past it would be missing. */
function withLimit(piece: fc.Arbitrary<string>) {
  return text(piece).chain((s) =>
    fc.record({ s: fc.constant(s), at: fc.nat({ max: s.length }), limit: fc.nat({ max: s.length }) }),
  );
}

function strip(tag: ReturnType<typeof readAttributeTag>) {
  if (tag === null) return null;
  const { attrs: _attrs, ...rest } = tag;
  return rest;
}

function asDsml(tag: ReturnType<typeof readAttributeTag>) {
  if (tag === null) return null;
  return { start: tag.start, end: tag.end, closing: tag.closing, local: tag.local, attrs: tag.attrs };
}

/** A string that throws when anything at or past `limit` is read, sliced or compared. */
function guarded(s: string, limit: number): string {
  const g = new String(s) as unknown as string;
  const plain = s;
  limits.set(g as unknown as object, limit);
  Object.defineProperty(g, 'slice', {
    value: (a: number, b?: number) => {
      if ((b ?? plain.length) > limit) throw new Error(`slice to ${b}, limit ${limit}`);
      return plain.slice(a, b);
    },
  });
  Object.defineProperty(g, 'startsWith', {
    value: (p: string, from: number) => {
      if (from + p.length > limit) throw new Error(`startsWith to ${from + p.length}, limit ${limit}`);
      return plain.startsWith(p, from);
    },
  });
  Object.defineProperty(g, 'indexOf', { value: (n: string, from: number) => plain.indexOf(n, from) });
  Object.defineProperty(g, 'length', { value: plain.length });
  return g;
}

describe('readAttributeTag, XML options', () => {
  it('reads names, namespace prefixes, the name attribute and the `=` form', () => {
    expect(readAttributeTag('<invoke name="get_weather">', 0, 27, XML)).toMatchObject({
      local: 'invoke',
      prefix: '',
      name: 'get_weather',
      end: 27,
      attrs: null,
    });
    expect(readAttributeTag(`<ns:parameter name='k' string="true">`, 0, 40, XML)).toMatchObject({
      local: 'parameter',
      prefix: 'ns',
      name: 'k',
    });
    expect(readAttributeTag('<function=get_weather>', 0, 22, XML)).toMatchObject({ eq: 'get_weather' });
    expect(readAttributeTag('</minimax:tool_call >', 0, 21, XML)).toMatchObject({
      closing: true,
      prefix: 'minimax',
    });
    expect(readAttributeTag('<br/>', 0, 5, XML)).toMatchObject({ local: 'br', end: 5 });
  });

  it('is no tag: a quoted value across a line, an attribute on a close, a cut at limit', () => {
    expect(readAttributeTag('<invoke name="a\nb">', 0, 19, XML)).toBeNull();
    expect(readAttributeTag('</invoke name="a">', 0, 18, XML)).toBeNull();
    expect(readAttributeTag('<invoke name="a">', 0, 16, XML)).toBeNull();
    expect(readAttributeTag('<br/>', 0, 4, XML)).toBeNull();
    expect(readAttributeTag('<a:>', 0, 4, XML)).toBeNull();
  });
});

describe('readAttributeTag, DSML options', () => {
  it('reads both bar spellings and keeps every attribute', () => {
    const s = `<${BAR}DSML${BAR}parameter name="city" string="true">`;
    const tag = readAttributeTag(s, 0, s.length, DSML);
    expect(tag).toMatchObject({
      local: 'parameter',
      prefix: `${BAR}DSML${BAR}`,
      name: 'city',
      end: s.length,
    });
    expect([...tag!.attrs!]).toEqual([
      ['name', 'city'],
      ['string', 'true'],
    ]);
    expect(readAttributeTag('</|DSML|invoke>', 0, 15, DSML)).toMatchObject({
      closing: true,
      local: 'invoke',
    });
  });

  it('needs the prefix; a quoted value may span lines; a bare attribute is ""', () => {
    expect(readAttributeTag('<invoke name="x">', 0, 17, DSML)).toBeNull();
    const s = '<|DSML|parameter name="a\nb" flag>';
    expect(readAttributeTag(s, 0, s.length, DSML)?.attrs).toEqual(
      new Map([
        ['name', 'a\nb'],
        ['flag', ''],
      ]),
    );
    expect(readAttributeTag('<|DSML|invoke name="x>', 0, 21, DSML)).toBeNull();
  });
});

describe('readAttributeTag, options of your own', () => {
  const letters: AttributeTagOptions = {
    isNameChar: (c) => (c >= 97 && c <= 122) || c === 0xe9, // a–z and é
    attributes: 'name',
  };
  const lettersAndDigits: AttributeTagOptions = {
    isNameChar: (c) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57),
    attributes: 'name',
  };

  it("reads names by each options object's own isNameChar, whichever was used last", () => {
    for (let round = 0; round < 3; round++) {
      expect(readAttributeTag('<a1>', 0, 4, letters)).toBeNull();
      expect(readAttributeTag('<a1>', 0, 4, lettersAndDigits)?.local).toBe('a1');
      expect(readAttributeTag('<café x="1">', 0, 12, letters)?.local).toBe('café');
      expect(readAttributeTag('<café x="1">', 0, 12, lettersAndDigits)).toBeNull();
    }
  });
});

describe('nextAttributeTag', () => {
  it('skips < that start no tag', () => {
    expect(nextAttributeTag('a < b <x> <invoke name="f">', 0, 27, XML)).toMatchObject({
      local: 'x',
      start: 6,
    });
    expect(nextAttributeTag('<x> <|DSML|invoke name="f">', 0, 27, DSML)).toMatchObject({
      local: 'invoke',
      start: 4,
    });
    expect(nextAttributeTag('<invoke name="f">', 1, 17, XML)).toBeNull();
  });

  it('stays linear on many unclosed tags', () => {
    const s = '<|DSML|invoke name="'.repeat(20000);
    const t0 = performance.now();
    expect(nextAttributeTag(s, 0, s.length, DSML)).toBeNull();
    expect(nextAttributeTag('<invoke name="'.repeat(20000), 0, 280000, XML)).toBeNull();
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});

describe('Finder', () => {
  it('finds the nearest needle at or after a growing position', () => {
    const f = new Finder('a</x>b</y>c</x>', ['</x>', '</y>']);
    expect(f.next(0)).toEqual({ at: 1, needle: '</x>' });
    expect(f.next(2)).toEqual({ at: 6, needle: '</y>' });
    expect(f.next(7)).toEqual({ at: 11, needle: '</x>' });
    expect(f.next(12)).toBeNull();
  });
});

describe('properties', () => {
  for (const [label, options, piece] of [
    ['XML', XML, xmlPiece],
    ['DSML', DSML, dsmlPiece],
  ] as const) {
    it(`${label}: never throws, never reads at or past limit, end ≤ limit`, () => {
      fc.assert(
        fc.property(withLimit(piece), ({ s, at, limit }) => {
          const g = guarded(s, limit);
          const tag = readAttributeTag(g, at, limit, options);
          if (tag !== null) {
            expect(tag.start).toBe(at);
            expect(tag.end).toBeLessThanOrEqual(limit);
          }
          const next = nextAttributeTag(g, at, limit, options);
          if (next !== null) expect(next.end).toBeLessThanOrEqual(limit);
        }),
        { numRuns: 500 },
      );
    });
  }

  it('XML: equals the old xml-scan reader (whole text; cut texts read as if nothing followed the limit)', () => {
    fc.assert(
      fc.property(withLimit(xmlPiece), ({ s, at, limit }) => {
        expect(strip(readAttributeTag(s, at, s.length, XML))).toEqual(oldXmlReadTag(s, at));
        expect(strip(nextAttributeTag(s, at, s.length, XML))).toEqual(oldXmlNextTag(s, at));
        const cut = s.slice(0, limit);
        expect(strip(readAttributeTag(s, at, limit, XML))).toEqual(oldXmlReadTag(cut, at, limit));
        expect(strip(nextAttributeTag(s, at, limit, XML))).toEqual(oldXmlNextTag(cut, at, limit));
      }),
      { numRuns: 1000 },
    );
  });

  it('DSML: equals the old dsml-scan reader (whole text; cut texts read as if nothing followed the limit)', () => {
    fc.assert(
      fc.property(withLimit(dsmlPiece), ({ s, at, limit }) => {
        if (s.charCodeAt(at) === 60) {
          expect(asDsml(readAttributeTag(s, at, s.length, DSML))).toEqual(
            oldDsmlReadTag(s, at, s.length).tag,
          );
          const cut = s.slice(0, limit);
          expect(asDsml(readAttributeTag(s, at, limit, DSML))).toEqual(oldDsmlReadTag(cut, at, limit).tag);
        }
        expect(asDsml(nextAttributeTag(s, at, s.length, DSML))).toEqual(oldDsmlNextTag(s, at, s.length));
        expect(asDsml(nextAttributeTag(s, at, limit, DSML))).toEqual(
          oldDsmlNextTag(s.slice(0, limit), at, limit),
        );
      }),
      { numRuns: 1000 },
    );
  });
});
