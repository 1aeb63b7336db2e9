import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseWith, streamAll } from '../define-format.js';
import { resolveParseOptions } from '../options.js';
import { jsonCallsBody, markupFormat } from '../test-support/toy-format.js';
import { foldEvents } from './fold-events.js';
import { sequentialIds } from './ids.js';
import type { BodyParser } from './markup-spec.js';
import { CompiledMarkup, MarkupStreamParser } from './markup-stream.js';
import { mergeMarkup } from './merge-markup.js';

/** ```json fences are calls only when they hold a call list; anything else stays code. */
const fenceBody: BodyParser = (body, ctx) => {
  const r = jsonCallsBody(body, ctx);
  return r.error === undefined ? r : { calls: [], notMarkup: true };
};

const format = markupFormat({
  id: 'bs',
  blocks: [
    { open: '<call>', close: '</call>', guard: 'json', bodyStart: '{[', body: jsonCallsBody },
    { open: '<|json|>', close: 'json-end', bodyStart: '[', body: jsonCallsBody },
    { fence: 'json', body: fenceBody },
  ],
});
const parse = (text: string) => format.parse(text, { generateId: sequentialIds() });
function everySplit(text: string): void {
  const batch = parse(text);
  for (let i = 0; i <= text.length; i++) {
    for (const j of [i, Math.min(text.length, i + 1), Math.min(text.length, i + 7)]) {
      const parser = format.createStreamParser({ generateId: sequentialIds() });
      const events = streamAll(parser, [text.slice(0, i), text.slice(i, j), text.slice(j)]);
      expect(foldEvents(events, parser.format)).toEqual(batch);
    }
  }
}

describe('bodyStart: an open marker followed by prose is text', () => {
  it('keeps the marker and what follows as content, and still finds later calls', () => {
    const text = 'Wrap calls in <call> tags: <call>{"name": "a", "arguments": {}}</call> Done';
    const r = parse(text);
    expect(r.calls.map((c) => c.name)).toEqual(['a']);
    expect(r.content).toBe('Wrap calls in <call> tags: Done');
    expect(r.issues).toEqual([]);
    everySplit(text);
  });

  it('decides after blanks, at the first other character', () => {
    expect(parse('x <call>\n  \n nope').content).toBe('x <call>\n  \n nope');
    everySplit('x <call>\n  \n nope <call> {"name": "b"}</call>');
  });

  it('still makes a block when the close marker comes first (an empty block is markup)', () => {
    const r = parse('a\n<call></call>\nB');
    expect(r.content).toBe('a\nB');
    expect(r.issues.map((i) => i.kind)).toEqual(['malformed-call']);
    everySplit('a <call>  </call> b');
    // Named in a line of prose with more of it after, it is the tags' names: text
    // (architecture/precision.md), whatever case the next word has.
    for (const text of ['a <call></call> b', 'a <call></call> B'])
      expect(format.parse(text, { mentions: true })).toMatchObject({ content: text, issues: [] });
  });

  it('applies to self-delimiting blocks', () => {
    expect(parse('use <|json|>.method()').content).toBe('use <|json|>.method()');
    expect(parse('<|json|> [{"name": "c"}] Tail').calls.map((c) => c.name)).toEqual(['c']);
    everySplit('use <|json|>.x and <|json|>[{"name": "c"}] tail');
  });
});

describe('bodyStart decided before the block is entered (a marker repeated as prose)', () => {
  it('gives what entering the block gives, however the text is cut', () => {
    const piece = fc.constantFrom('<call>', '</call>', ' ', '\n', 'x', '{"name": "f"}', '<', '[');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), fc.array(fc.nat(), { maxLength: 4 }), (parts, cuts) => {
        const text = parts.join('');
        const batch = parse(text);
        const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const chunks: string[] = [];
        let last = 0;
        for (const p of points) {
          chunks.push(text.slice(last, p));
          last = p;
        }
        chunks.push(text.slice(last));
        const parser = format.createStreamParser({ generateId: sequentialIds() });
        expect(foldEvents(streamAll(parser, chunks), parser.format)).toEqual(batch);
        // One character at a time never sees what follows the marker: the block path decides.
        const slow = format.createStreamParser({ generateId: sequentialIds() });
        expect(foldEvents(streamAll(slow, [...text]), slow.format)).toEqual(batch);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps 1 000 markers of prose as text', () => {
    const text = `${'<call>'.repeat(1000)} tags.`;
    expect(parse(text)).toMatchObject({ calls: [], content: text, issues: [] });
  });
});

describe('notMarkup: a block that turns out not to be markup is text, unchanged', () => {
  it('leaves a fence that is not a call list as it was', () => {
    const text = 'Example:\n```json\n{"key": "value"}\n```\nend';
    const r = parse(text);
    expect(r).toMatchObject({ calls: [], content: text, issues: [], format: null });
    everySplit(text);
  });

  it('reads a fence that is one', () => {
    const r = parse('```json\n[{"name": "d", "arguments": {"x": 1}}]\n```');
    expect(r.calls).toEqual([{ id: 'call_1', name: 'd', arguments: { x: 1 } }]);
  });
});

describe('mergeMarkup keeps a prose check only where every format of the group has one', () => {
  const other: BodyParser = () => ({ calls: [{ name: 'xml', arguments: {} }] });
  const spec = (bodyStart: string | undefined, body: BodyParser) => ({
    id: 'x',
    blocks: [{ open: '<call>', close: '</call>', bodyStart, body }],
  });
  const run = (merged: ReturnType<typeof mergeMarkup>, text: string) =>
    parseWith(new MarkupStreamParser(new CompiledMarkup(merged), resolveParseOptions({})), text);

  it('drops it when another format reads non-JSON bodies behind the same marker', () => {
    const merged = mergeMarkup('auto', [spec('{[', jsonCallsBody), spec(undefined, other)]);
    expect(merged.blocks[0]?.bodyStart).toBeUndefined();
    expect(run(merged, '<call>name</call>').calls.map((c) => c.name)).toEqual(['xml']);
  });

  it('unites them when every format has one', () => {
    const merged = mergeMarkup('auto', [spec('{', jsonCallsBody), spec('[', jsonCallsBody)]);
    expect(merged.blocks[0]?.bodyStart).toBe('{[');
  });
});

describe('a fence holding a bare call list (whole-output form) for declared tools', () => {
  const whole = markupFormat({
    id: 'w',
    blocks: [{ open: '<call>', close: '</call>', body: jsonCallsBody }],
    whole: { startChars: '[{', body: jsonCallsBody, onlyDeclaredTools: true },
  });
  const text = 'Sure.\n```\n[{"name": "a", "arguments": {"x": 1}}]\n```\nDone.';

  it('is read as calls where it ends the output (semantics 4; prose after it makes it an example)', () => {
    const ends = 'Sure.\n```\n[{"name": "a", "arguments": {"x": 1}}]\n```\n';
    const r = whole.parse(ends, { tools: [{ name: 'a' }], generateId: sequentialIds() });
    expect(r.calls).toEqual([{ id: 'call_1', name: 'a', arguments: { x: 1 } }]);
    expect(r.content).toBe('Sure.');
    // `Done.` after it: a documentation answer showing the call (architecture/precision.md).
    expect(whole.parse(text, { tools: [{ name: 'a' }] })).toMatchObject({ calls: [], content: text });
  });

  it('stays code when the tool is not declared, or no tools are', () => {
    expect(whole.parse(text, { tools: [{ name: 'b' }] })).toMatchObject({ calls: [], content: text });
    expect(whole.parse(text)).toMatchObject({ calls: [], content: text });
    const config = 'Config:\n```\n{"port": 8080}\n```';
    expect(whole.parse(config, { tools: [{ name: 'a' }] })).toMatchObject({ calls: [], content: config });
  });
});

describe('bodyStart on a block the text scan did not check for prose', () => {
  // An `outputStart` block is entered without the prose check that reads the blanks after an
  // open marker; what that check read after an earlier marker says nothing about this one.
  const started = markupFormat({
    id: 'bs-start',
    blocks: [
      { open: '<call>', close: '</call>', guard: 'json', bodyStart: '{[', body: jsonCallsBody },
      { open: 'run:', outputStart: true, close: '</run>', bodyStart: '{', body: jsonCallsBody },
    ],
  });

  it('decides it on its own first character, in a batch parse and in every two-piece stream', () => {
    const text =
      '<call>   [{"name": "a", "arguments": {}}]</call>\nrun: {"name": "b", "arguments": {}}</run>';
    const batch = started.parse(text, { generateId: sequentialIds() });
    expect(batch.calls.map((c) => c.name)).toEqual(['a', 'b']);
    for (let i = 0; i <= text.length; i++) {
      const parser = started.createStreamParser({ generateId: sequentialIds() });
      expect(foldEvents(streamAll(parser, [text.slice(0, i), text.slice(i)]), parser.format)).toEqual(batch);
    }
  });

  it('is looked for in a stream of short tokens too, where the text before it is only blanks', () => {
    // Short tokens take the engine's plain-token path, which must not release the start of
    // `run:` as prose before any text came (a bare call line after a call block, streamed).
    const text = '<call>{"name": "a", "arguments": {}}</call>\nrun: {"name": "b", "arguments": {}}</run>';
    const batch = started.parse(text, { generateId: sequentialIds() });
    expect(batch.calls.map((c) => c.name)).toEqual(['a', 'b']);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), (size) => {
        const parser = started.createStreamParser({ generateId: sequentialIds() });
        const pieces: string[] = [];
        for (let i = 0; i < text.length; i += size) pieces.push(text.slice(i, i + size));
        expect(foldEvents(streamAll(parser, pieces), parser.format)).toEqual(batch);
      }),
    );
  });
});

describe('the JSON guard of a body that starts with a name', () => {
  // `>>>get_weather\n{…}` (Functionary): the JSON comes after the name, so the guard reads strings
  // from the body's first bracket on; a quote before it is text; a body that starts with markup
  // (`<`) is not guarded at all.
  const named = markupFormat({
    id: 'bs-named',
    blocks: [
      {
        open: '>>>',
        close: 'end-of-output',
        closeBefore: ['>>>'],
        guard: 'json',
        bodyStart: 'abcdefghijklmnopqrstuvwxyz<',
        body: (body) => ({ calls: [{ name: 'f', arguments: { body } }] }),
      },
      {
        open: '<c>',
        close: ['</c>'],
        guard: 'json',
        bodyStart: 'abcdefghijklmnopqrstuvwxyz<',
        body: (body) => ({ calls: [{ name: 'f', arguments: { body } }] }),
      },
    ],
  });
  const bodies = (text: string) =>
    named.parse(text, { generateId: sequentialIds() }).calls.map((c) => c.arguments.body);
  function everySplit(text: string): void {
    const batch = named.parse(text, { generateId: sequentialIds() });
    for (let i = 0; i <= text.length; i++) {
      const parser = named.createStreamParser({ generateId: sequentialIds() });
      expect(foldEvents(streamAll(parser, [text.slice(0, i), text.slice(i)]), parser.format)).toEqual(batch);
    }
  }

  it('a marker inside a string after the name is text (a close, and a close-before)', () => {
    expect(bodies('>>>g\n{"s": "x >>> y"}>>>h\n{}')).toEqual(['g\n{"s": "x >>> y"}', 'h\n{}']);
    expect(bodies('<c>g {"s": "x </c> y"}</c>\nafter')).toEqual(['g {"s": "x </c> y"}']);
    everySplit('>>>g\n{"s": "x >>> y"}>>>h\n{}');
    everySplit('<c>g {"s": "x </c> y"}</c>\nafter');
  });

  // (A quote closed later would hide every close after it; one still open at the end is taken
  // back, so these outputs end with a quote that closes it.)
  it('a quote before the first bracket is not a string', () => {
    const text = '<c>say "hi</c>\n<c>g {"s": "v"}</c>\n"';
    expect(bodies(text)).toEqual(['say "hi', 'g {"s": "v"}']);
    everySplit(text);
  });

  it('a second word before any bracket makes the body text: nothing in it is a string', () => {
    // (Functionary's `>>>all\n` and the answer after it.)
    const text = '<c>all He said "use {x}" and "more" then</c>\n<c>g {"s": 1}</c>\n"';
    expect(bodies(text)).toEqual(['all He said "use {x}" and "more" then', 'g {"s": 1}']);
    everySplit(text);
  });

  it('a body that starts with markup is not guarded', () => {
    expect(bodies('<c><p>{"s": "x</c>\n<c>g</c>\n"')).toEqual(['<p>{"s": "x', 'g']);
  });
});
