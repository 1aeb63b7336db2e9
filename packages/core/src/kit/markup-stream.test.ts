import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseWith, streamAll } from '../define-format.js';
import type { ParseOptions, ParseResult } from '../schemas.js';
import { createToyFormat, jsonCallsBody, markupFormat } from '../test-support/toy-format.js';
import { foldEvents } from './fold-events.js';
import { sequentialIds } from './ids.js';
import type { MarkupStreamParser } from './markup-stream.js';

const toy = createToyFormat();
const parse = (text: string, opts: ParseOptions = {}) =>
  toy.parse(text, { generateId: sequentialIds(), ...opts });

function streamed(chunks: string[], opts: ParseOptions = {}): ParseResult {
  const parser = toy.createStreamParser({ generateId: sequentialIds(), ...opts });
  return foldEvents(streamAll(parser, chunks), parser.format);
}

const weather = '<call>{"name": "get_weather", "arguments": {"city": "Paris"}}</call>';

describe('text without markup', () => {
  it('comes back as content, trimmed, with no calls and no format', () => {
    const r = parse('  Hello there.\nHow are you?  \n');
    expect(r).toEqual({
      calls: [],
      content: 'Hello there.\nHow are you?',
      reasoning: null,
      issues: [],
      format: null,
    });
  });

  it('gives null content for empty or blank output', () => {
    expect(parse('').content).toBeNull();
    expect(parse(' \n\t ').content).toBeNull();
  });

  it('leaves prose that mentions a marker alone when nothing follows it', () => {
    expect(parse('Use <callback> handlers').content).toBe('Use <callback> handlers');
  });
});

describe('call blocks', () => {
  it('cuts a call out of the text and keeps the words around it', () => {
    const r = parse(`Let me check.\n${weather}\nDone.`);
    expect(r.calls).toEqual([{ id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } }]);
    expect(r.content).toBe('Let me check.\nDone.');
    expect(r.format).toBe('toy');
  });

  it('keeps a single space where a call sat inside a line', () => {
    expect(parse(`A ${weather} B`).content).toBe('A B');
    expect(parse(`A${weather} B`).content).toBe('A B');
  });

  it('gives null content when the output is nothing but calls', () => {
    const r = parse(`${weather}\n${weather}`);
    expect(r.calls).toHaveLength(2);
    expect(r.content).toBeNull();
  });

  it('does not end a block at a close marker inside a JSON string', () => {
    const r = parse('<call>{"name": "python", "arguments": {"code": "print(\'</call>\')"}}</call> After');
    expect(r.calls[0]?.arguments).toEqual({ code: "print('</call>')" });
    expect(r.content).toBe('After');
  });

  it('parses a block the output ended inside of', () => {
    const r = parse('Checking <call>{"name": "get_weather", "arguments": {"city": "Paris"}}');
    expect(r.calls.map((c) => c.name)).toEqual(['get_weather']);
    expect(r.content).toBe('Checking');
  });

  it('removes a block that does not parse and reports its raw text', () => {
    const r = parse('Before <call>{"name": get_weather, "arguments": {</call> After');
    expect(r.calls).toEqual([]);
    expect(r.content).toBe('Before After');
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0]).toMatchObject({
      kind: 'malformed-call',
      raw: '<call>{"name": get_weather, "arguments": {</call>',
    });
  });

  it('keeps a block that does not parse as text with onMalformed: keep', () => {
    const r = parse('Before <call>not json</call> After', { onMalformed: 'keep' });
    expect(r.content).toBe('Before <call>not json</call> After');
    expect(r.issues[0]?.kind).toBe('malformed-call');
  });

  it('closes at the held-back marker when a stray quote made the guard skip it', () => {
    const r = parse(
      '<call>{"name": "a", "arguments": {"q": "x}}</call> Then <call>{"name": "b", "arguments": {}}</call>',
    );
    // The first block's JSON is repaired (its string closed), and the second is still found.
    expect(r.calls.map((c) => c.name)).toEqual(['a', 'b']);
    expect(r.calls[0]?.arguments).toEqual({ q: 'x}}' });
    expect(r.content).toBe('Then');
    expect(r.issues.map((i) => i.kind)).toEqual(['json-repaired']);
  });

  it('a close marker inside a JSON string, and no close after it: the block is whole to the end', () => {
    const r = parse('<call>{"name": "a", "arguments": {"doc": "ends with </call> here"}}');
    expect(r.calls.map((c) => [c.name, c.arguments])).toEqual([['a', { doc: 'ends with </call> here' }]]);
    expect(r).toMatchObject({ content: null, issues: [] });
    // A body that does not read cleanly to the end is a stray quote: it closes at the marker.
    const stray = parse('<call>{"name": "a", "arguments": {"q": "x}}</call> He said "hi" and "bye');
    expect(stray.calls[0]?.arguments).toEqual({ q: 'x}}' });
    expect(stray.content).toBe('He said "hi" and "bye');
  });

  it('reports repaired JSON as an issue', () => {
    const r = parse("<call>{name: 'get_weather', arguments: {city: 'Paris',},}</call>");
    expect(r.calls[0]).toMatchObject({ name: 'get_weather', arguments: { city: 'Paris' } });
    expect(r.issues.map((i) => i.kind)).toEqual(['json-repaired']);
  });

  it('unwraps arguments given as a JSON string', () => {
    const r = parse('<call>{"name": "f", "arguments": "{\\"a\\": 1}"}</call>');
    expect(r.calls[0]?.arguments).toEqual({ a: 1 });
  });

  it('ends a self-delimiting block where its JSON value closes', () => {
    const r = parse('<|json|>[{"name": "a", "arguments": {"s": "]"}}] And then text');
    expect(r.calls.map((c) => c.name)).toEqual(['a']);
    expect(r.content).toBe('And then text');
  });

  it('removes stop tokens wherever they appear', () => {
    expect(parse('Hello<|eot|>').content).toBe('Hello');
  });

  it("does not take the words 'end-of-output' or 'json-end' in a body for the block's end", () => {
    const byEnd = markupFormat({
      id: 'by-end',
      blocks: [
        { open: '<run>', close: 'end-of-output', body: jsonCallsBody },
        { open: '<|json|>', close: 'json-end', body: jsonCallsBody },
      ],
    });
    const body = '{"name": "f", "arguments": {"note": "end-of-output, then json-end"}}';
    for (const text of [`<run>${body}`, `<|json|>${body}`]) {
      const batch = byEnd.parse(text, { generateId: sequentialIds() });
      expect(
        batch.calls.map((c) => c.arguments),
        text,
      ).toEqual([{ note: 'end-of-output, then json-end' }]);
      const parser = byEnd.createStreamParser({ generateId: sequentialIds() });
      const chunks = text.match(/.{1,3}/gs)!;
      expect(foldEvents(streamAll(parser, chunks), parser.format), text).toEqual(batch);
    }
  });
});

describe('the allowlist', () => {
  const tools = [{ name: 'get_weather', parameters: { type: 'object' } }];
  it('keeps and flags an undeclared tool by default', () => {
    const r = parse('<call>{"name": "rm_rf", "arguments": {}}</call>', { tools });
    expect(r.calls.map((c) => c.name)).toEqual(['rm_rf']);
    expect(r.issues[0]?.kind).toBe('unknown-tool');
  });
  it("drops it with unknownTools: 'drop'", () => {
    const r = parse(`<call>{"name": "rm_rf", "arguments": {}}</call>${weather}`, {
      tools,
      unknownTools: 'drop',
    });
    expect(r.calls.map((c) => c.name)).toEqual(['get_weather']);
    expect(r.issues[0]).toMatchObject({ kind: 'unknown-tool', raw: '{"name":"rm_rf","arguments":{}}' });
  });
});

describe('a marker that opens a block only at a line start', () => {
  const lineJson = markupFormat({
    id: 'line-json',
    blocks: [
      {
        open: '{',
        close: 'json-end',
        lineStart: true,
        body: (body, ctx) => jsonCallsBody(`{${body}`, ctx),
      },
    ],
  });
  const call = '{"name": "get_weather", "arguments": {"city": "Paris"}}';

  it('leaves a run of its character mid-line as text, and opens at the next line start', () => {
    const text = `x ${'{'.repeat(5000)} y\n${call}`;
    const batch = lineJson.parse(text, { generateId: sequentialIds() });
    expect(batch.calls.map((c) => c.name)).toEqual(['get_weather']);
    expect(batch.content).toBe(`x ${'{'.repeat(5000)} y`);
    const chunks: string[] = [];
    for (let i = 0; i < text.length; i += 7) chunks.push(text.slice(i, i + 7));
    const stream = lineJson.createStreamParser({ generateId: sequentialIds() });
    expect(foldEvents(streamAll(stream, chunks), stream.format)).toEqual(batch);
  });
});

describe('code is text, not markup (semantics 4)', () => {
  it('leaves a call inside a fenced code block as text', () => {
    const text = `Example:\n\`\`\`xml\n${weather}\n\`\`\`\nThat is the format.`;
    const r = parse(text);
    expect(r.calls).toEqual([]);
    expect(r.content).toBe(text);
  });

  it('leaves a call inside an inline code span as text', () => {
    const text = `Write \`${weather}\` to call it.`;
    expect(parse(text)).toMatchObject({ calls: [], content: text });
  });

  it('keeps spans of every tick count, and a span a newline ends, as text', () => {
    // `w` sits in a span of three ticks mid-line; the span after `d` is ended by its newline,
    // so the call after `next` is markup again.
    const text = `a \`x\` b \`\`y \` z\`\` c \`\`\`w\`\`\` d \`${weather}\nnext ${weather} \`\`${weather}`;
    const batch = parse(text);
    expect(batch.calls).toHaveLength(1);
    expect(batch.content).toBe(
      `a \`x\` b \`\`y \` z\`\` c \`\`\`w\`\`\` d \`${weather}\nnext \`\`${weather}`,
    );
    for (const size of [1, 2, 5]) {
      const chunks: string[] = [];
      for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
      expect(streamed(chunks)).toEqual(batch);
    }
  });

  it('reads markup again after the code span or fence closes', () => {
    const r = parse(`Use \`<call>\` like this: ${weather}`);
    expect(r.calls).toHaveLength(1);
    expect(r.content).toBe('Use `<call>` like this:');
  });

  it('reads a fence holding nothing but calls to declared tools as calls', () => {
    const tools = [{ name: 'get_weather' }];
    const r = parse(`Sure.\n\`\`\`xml\n${weather}\n\`\`\``, { tools });
    expect(r.calls.map((c) => c.name)).toEqual(['get_weather']);
    expect(r.content).toBe('Sure.');
    // Prose after the fence makes it an example, not a call (architecture/precision.md).
    const example = `Sure.\n\`\`\`xml\n${weather}\n\`\`\`\nThat is the format.`;
    expect(parse(example, { tools })).toMatchObject({ calls: [], content: example });
  });

  it('keeps such a fence as text when a tool is undeclared, text is mixed in, or no tools are declared', () => {
    const mixed = `\`\`\`\n${weather}\nthen explain\n\`\`\``;
    expect(parse(mixed, { tools: [{ name: 'get_weather' }] })).toMatchObject({ calls: [], content: mixed });
    const other = `\`\`\`\n${weather}\n\`\`\``;
    expect(parse(other, { tools: [{ name: 'search' }] })).toMatchObject({ calls: [], content: other });
    expect(parse(other)).toMatchObject({ calls: [], content: other });
  });

  it('reads a fence whose info string is the format itself', () => {
    const r = parse('Calling:\n```call\n{"name": "get_weather", "arguments": {"city": "Oslo"}}\n```\nok');
    expect(r.calls[0]?.arguments).toEqual({ city: 'Oslo' });
    expect(r.content).toBe('Calling:\nok');
  });
});

describe('reasoning (semantics 5)', () => {
  it('moves a think block to reasoning', () => {
    const r = parse(`<think>\nThe user wants weather.\n</think>\n\n${weather}`);
    expect(r.reasoning).toBe('The user wants weather.');
    expect(r.calls).toHaveLength(1);
    expect(r.content).toBeNull();
  });

  it('treats an unclosed block at the end as reasoning', () => {
    expect(parse('Answer first. <think>still thinking')).toMatchObject({
      content: 'Answer first.',
      reasoning: 'still thinking',
    });
  });

  it('starts inside reasoning with reasoningOpen', () => {
    const r = parse("I'm\nthinking</think>Hello", { reasoningOpen: true });
    expect(r).toMatchObject({ reasoning: "I'm\nthinking", content: 'Hello' });
  });

  it('does not take markup inside reasoning for a call', () => {
    const r = parse(`<think>maybe ${weather}?</think>No call.`);
    expect(r.calls).toEqual([]);
    expect(r.reasoning).toBe(`maybe ${weather}?`);
  });
});

describe('whole-output form', () => {
  const tools = [{ name: 'a' }, { name: 'b' }];
  it('reads a bare JSON array when every call is to a declared tool', () => {
    const r = parse('[{"name": "a", "arguments": {}}, {"name": "b", "arguments": {"x": 1}}]', { tools });
    expect(r.calls.map((c) => c.name)).toEqual(['a', 'b']);
    expect(r.content).toBeNull();
  });
  it('leaves it as text otherwise, and still finds markup in it', () => {
    const text = '[1, 2] is a list';
    expect(parse(text, { tools })).toMatchObject({ calls: [], content: text });
    expect(parse(`[note] ${weather}`, { tools: [...tools, { name: 'get_weather' }] }).calls).toHaveLength(1);
  });
});

describe('a bare block that yields to the whole-output form', () => {
  // A bare block (its marker is its body's first character) reads calls anywhere; the body here
  // reads only a list a `!` follows, so which of the two read a text shows.
  const bare = markupFormat({
    id: 'bare',
    blocks: [
      {
        open: '[',
        close: 'end-of-output',
        yieldsToWhole: true,
        body: (body, ctx) => {
          const text = ctx.open + body;
          const at = text.indexOf(']!');
          if (at === -1) return { calls: [], notMarkup: true };
          const read = jsonCallsBody(text.slice(0, at + 1), ctx);
          return { ...read, format: 'bare:block', text: text.slice(at + 2) };
        },
      },
    ],
    whole: {
      startChars: '[',
      body: (body, ctx) => ({ ...jsonCallsBody(body, ctx), format: 'bare:whole' }),
      onlyDeclaredTools: true,
    },
  });
  const tools = [{ name: 'a' }];
  const run = (text: string) => {
    const batch = bare.parse(text, { tools, generateId: sequentialIds() });
    for (let i = 0; i <= text.length; i++) {
      const parser = bare.createStreamParser({ tools, generateId: sequentialIds() });
      const events = streamAll(parser, [text.slice(0, i), text.slice(i)]);
      expect(foldEvents(events, parser.format)).toEqual(batch);
    }
    return batch;
  };

  it('at the start of the output, the whole-output form reads first', () => {
    const r = run('[{"name": "a", "arguments": {}}]');
    expect(r).toMatchObject({ content: null, format: 'bare:whole' });
    expect(r.calls.map((c) => c.name)).toEqual(['a']);
  });

  it('the bare block reads what is not all calls, or not at the start', () => {
    const after = run('[{"name": "a", "arguments": {}}]! and then');
    expect(after).toMatchObject({ content: 'and then', format: 'bare:block' });
    const undeclared = '[{"name": "b", "arguments": {}}]';
    expect(run(undeclared)).toMatchObject({ calls: [], content: undeclared });
    const later = run('Go: [{"name": "a", "arguments": {}}]!');
    expect(later).toMatchObject({ content: 'Go:', format: 'bare:block' });
  });
});

describe('limits', () => {
  it('keeps text beyond maxInputLength as content and reports it', () => {
    const r = parse(`${weather} tail text`, { maxInputLength: weather.length });
    expect(r.calls).toHaveLength(1);
    expect(r.content).toBe('tail text');
    expect(r.issues[0]).toMatchObject({ kind: 'limit-exceeded', raw: ' tail text' });
  });
  it('stops extracting at maxCalls and reports the rest', () => {
    const r = parse(`${weather}${weather}${weather}`, { maxCalls: 2 });
    expect(r.calls).toHaveLength(2);
    expect(r.issues.map((i) => i.kind)).toEqual(['limit-exceeded']);
  });

  it('reports a flood of calls past maxCalls as one issue with the count, the same streamed', () => {
    const text = `${weather}\n`.repeat(2000);
    const r = parse(text, { maxCalls: 3 });
    expect(r.calls).toHaveLength(3);
    expect(r.issues).toEqual([
      {
        kind: 'limit-exceeded',
        message:
          'More than maxCalls (3) calls: 1997 more were not extracted (their text is in raw; raise maxCalls to read them).',
        raw: Array(1997).fill('{"name":"get_weather","arguments":{"city":"Paris"}}').join('\n'),
        offset: weather.length * 3 + 3,
      },
    ]);
    const chunks: string[] = [];
    for (let i = 0; i < text.length; i += 97) chunks.push(text.slice(i, i + 97));
    expect(streamed(chunks, { maxCalls: 3 })).toEqual(r);
  });

  it('folds a body that stops at maxCalls itself into the same one issue', () => {
    // A body reads a list of calls and reports the rest it did not read (as hermes and react do).
    const listed = markupFormat({
      id: 'listed',
      blocks: [
        {
          open: '<calls>',
          close: '</calls>',
          body: (body, ctx) => ({
            calls: [{ name: body.slice(0, 1), arguments: {} }],
            issues: [
              {
                kind: 'limit-exceeded',
                message: `More than maxCalls (${ctx.options.maxCalls}) calls; the rest of the block was not read.`,
                raw: body.slice(1),
              },
            ],
          }),
        },
      ],
    });
    const r = parseWith(listed.createStreamParser({ maxCalls: 1 }), '<calls>x1</calls>\n<calls>y2</calls>');
    expect(r.calls.map((c) => c.name)).toEqual(['x']);
    expect(r.issues).toEqual([
      expect.objectContaining({
        kind: 'limit-exceeded',
        // Block one: its body's unread rest (not counted); block two: its rest and its call (1).
        message: expect.stringMatching(/^More than maxCalls \(1\) calls: at least 3 more were not extracted/),
        raw: '1\n2\n{"name":"y","arguments":{}}',
      }),
    ]);
  });
});

describe('streaming = batch (semantics 7)', () => {
  const samples = [
    `Let me check.\n${weather}\nDone.`,
    'Before <call>{"name": "python", "arguments": {"code": "x = \'</call>\'"}}</call> after',
    `<think>a</think>\n\nText \`code <call>\` more\n\`\`\`call\n{"name": "f", "arguments": {}}\n\`\`\`\nend<|eot|>`,
    '<call>{"name": "a", "arguments": {"q": "x}}</call> then <call>{"name": "b"}</call>',
    '```js\n<call>{"name": "x"}</call>\n```\ntext',
    'A <call>broken</call> B <|json|>{"name":"j","arguments":{}} C',
    '[{"name": "a", "arguments": {}}]',
  ];

  it('holds for every single split point of the samples', () => {
    for (const text of [
      ...samples,
      `\`\`\`\n<call>{"name": "a"}</call>\n\`\`\`\nx`,
      '```\n  text <call>{"name": "a"}</call>\n```',
    ]) {
      const batch = parse(text, { tools: [{ name: 'a' }] });
      for (let i = 0; i <= text.length; i++) {
        expect(streamed([text.slice(0, i), text.slice(i)], { tools: [{ name: 'a' }] })).toEqual(batch);
      }
    }
  });

  it('holds for a fence line longer than the engine reads whole, cut anywhere', () => {
    // Found by the properties: a stream decided such a line where its chunk ended, a batch parse
    // at the line's end. Both now end it at the same length.
    for (const text of [
      '```call'.repeat(40),
      `${'```call'.repeat(40)} `,
      `\`\`\`js ${'x'.repeat(300)}\n<call>{"name": "a"}</call>\n\`\`\``,
    ]) {
      const batch = parse(text);
      for (const size of [1, 4, 64, 255, 256, 257]) {
        const chunks: string[] = [];
        for (let i = 0; i < text.length; i += size) chunks.push(text.slice(i, i + size));
        expect(streamed(chunks)).toEqual(batch);
      }
      for (let i = 0; i <= text.length; i += 7)
        expect(streamed([text.slice(0, i), text.slice(i)])).toEqual(batch);
    }
  });

  it('holds for one-character chunks', () => {
    for (const text of samples) expect(streamed([...text])).toEqual(parse(text));
  });

  it('releases the text before a cut-off marker start at once, and reads what the next token makes of it', () => {
    const parser = toy.createStreamParser({ generateId: sequentialIds() });
    // `<ca` may be the start of `<call>`: the words before it go now, the rest waits.
    expect(parser.push('See <ca')).toEqual([{ type: 'text', text: 'See' }]);
    // It was not (`<cat>`): released with the token that shows it, blank and all.
    expect(parser.push('t> a\n<')).toEqual([{ type: 'text', text: ' <cat> a' }]);
    expect(parser.push('c')).toEqual([]);
    const events = [...parser.push('all>{"name": "f"}</call>\nok'), ...parser.end()];
    expect(events.filter((e) => e.type === 'tool-call-end').map((e) => e.call.name)).toEqual(['f']);
    expect(events.filter((e) => e.type === 'text')).toEqual([{ type: 'text', text: '\nok' }]);
  });

  const fragments = fc.constantFrom(
    '<call>',
    '</call>',
    '{"name": "f", "arguments": {"a": 1}}',
    '"',
    '\\',
    '`',
    '```',
    '```call\n',
    '\n',
    ' ',
    'text',
    '<think>',
    '</think>',
    '<|eot|>',
    '<|json|>',
    '[',
    ']',
    '{',
    '}',
    '<',
    '<ca',
  );
  const markupish = fc
    .array(fc.oneof(fragments, fc.string({ maxLength: 4 })), { maxLength: 30 })
    .map((a) => a.join(''));

  it('holds for random chunkings of markup-like text, never throws and never loses text', () => {
    fc.assert(
      fc.property(markupish, fc.array(fc.nat(), { maxLength: 8 }), fc.boolean(), (text, cuts, keep) => {
        const opts: ParseOptions = { onMalformed: keep ? 'keep' : 'strip' };
        const batch = parse(text, opts);
        const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        const chunks: string[] = [];
        let last = 0;
        for (const p of points) {
          chunks.push(text.slice(last, p));
          last = p;
        }
        chunks.push(text.slice(last));
        expect(streamed(chunks, opts)).toEqual(batch);
        // Nothing lost: every non-space character is in content, reasoning, a call, or an issue's raw text.
        const kept =
          (batch.content ?? '') + (batch.reasoning ?? '') + batch.issues.map((i) => i.raw ?? '').join('');
        // Reasoning and stop tokens are removed only where they are markup (not inside code), so
        // compare with them removed on both sides; content and reasoning interleave, so compare
        // the characters as a multiset.
        const bare = (s: string) =>
          [
            ...s
              .replaceAll('<|eot|>', '')
              .replaceAll('<think>', '')
              .replaceAll('</think>', '')
              .replace(/\s+/g, ''),
          ]
            .sort()
            .join('');
        if (batch.calls.length === 0 && !batch.issues.length) expect(bare(kept)).toBe(bare(text));
      }),
      { numRuns: 400 },
    );
  });

  it('pushLast (how parse feeds the whole output) adds up to what push and end give', () => {
    fc.assert(
      fc.property(fc.array(markupish, { minLength: 1, maxLength: 3 }), fc.boolean(), (parts, keep) => {
        const opts: ParseOptions = { generateId: sequentialIds(), onMalformed: keep ? 'keep' : 'strip' };
        const one = toy.createStreamParser(opts) as MarkupStreamParser;
        const two = toy.createStreamParser({ ...opts, generateId: sequentialIds() }) as MarkupStreamParser;
        const head = parts.slice(0, -1);
        const last = parts[parts.length - 1]!;
        const viaLast = [...head.flatMap((p) => one.push(p)), ...one.pushLast(last)];
        const viaEnd = [...head.flatMap((p) => two.push(p)), ...two.push(last), ...two.end()];
        // The same result; text may come in fewer pieces, since nothing is held back between them.
        expect(foldEvents(viaLast, one.format)).toEqual(foldEvents(viaEnd, two.format));
      }),
      { numRuns: 400 },
    );
  });

  it('never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const r = parseWith(toy.createStreamParser(), text);
        expect(Array.isArray(r.calls)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('announcing a call before its block ends (semantics 7)', () => {
  const text =
    'Checking. <call>{"name": "get_weather", "arguments": {"city": "Paris", "days": 3, "detail": "hourly"}}</call>';

  it('emits tool-call-start as soon as the name is known, and the call when the block ends', () => {
    const parser = toy.createStreamParser({ generateId: sequentialIds() });
    const seen: Array<{ at: number; type: string }> = [];
    [...text].forEach((ch, at) => {
      for (const e of parser.push(ch)) seen.push({ at, type: e.type });
    });
    const start = seen.find((e) => e.type === 'tool-call-start')!;
    const end = seen.find((e) => e.type === 'tool-call-end')!;
    expect(start.at).toBeLessThan(text.indexOf('"city"'));
    // What follows the close decides call or mention (architecture/precision.md): the output
    // ends there, so the call comes with end().
    expect(end).toBeUndefined();
    expect(parser.end().map((e) => e.type)).toEqual(['tool-call-end']);
    expect(seen.filter((e) => e.type === 'tool-call-start')).toHaveLength(1);
  });

  it('withdraws an announced call whose block does not parse', () => {
    const broken = '<call>{"name": "get_weather", "arguments": {"city": @@ @@}}</call> Ok';
    const events = streamAll(toy.createStreamParser({ generateId: sequentialIds() }), [...broken]);
    const types = events.map((e) => e.type).filter((t) => t.startsWith('tool-call'));
    // The arguments streamed up to where they stopped being JSON; the abort takes the call back.
    expect([...new Set(types)]).toEqual(['tool-call-start', 'tool-call-delta', 'tool-call-abort']);
    expect(types.at(-1)).toBe('tool-call-abort');
    expect(foldEvents(events, null)).toMatchObject({ calls: [], content: 'Ok' });
  });

  it('gives the id of a withdrawn announcement to the next call, so ids match batch', () => {
    const text =
      '<call>{"name": "get_weather", "arguments": {"city": @@ @@}}</call> then ' +
      '<call>{"name": "get_time", "arguments": {"zone": "Europe/Paris", "format": "24h"}}</call>';
    const events = streamAll(toy.createStreamParser({ generateId: sequentialIds() }), [...text]);
    const starts = events.filter((e) => e.type === 'tool-call-start').map((e) => [e.name, e.id]);
    expect(starts).toEqual([
      ['get_weather', 'call_1'],
      ['get_time', 'call_1'],
    ]);
    const streamed = foldEvents(events, 'toy');
    const batch = toy.parse(text, { generateId: sequentialIds() });
    expect(streamed.calls).toEqual(batch.calls);
    expect(batch.calls.map((c) => c.id)).toEqual(['call_1']);
  });

  it('does not announce a call to an undeclared tool that will be dropped', () => {
    const events = streamAll(toy.createStreamParser({ tools: [{ name: 'other' }], unknownTools: 'drop' }), [
      ...text,
    ]);
    expect(events.some((e) => e.type === 'tool-call-start')).toBe(false);
  });
});

describe('hostile input is linear', () => {
  const MiB = 1024 * 1024;
  it.each([
    ['<call> repeated', '<call>'],
    ['<call>{"a": repeated', '<call>{"a":'],
    ['backticks', '`` ` ```'],
    ['quotes', '"\\'],
    ['spaces in an open block', ' '],
  ])(
    'returns on 1 MiB of %s',
    (_label, unit) => {
      const text = (unit === ' ' ? '<call>' : '') + unit.repeat(Math.ceil(MiB / unit.length));
      const r = parseWith(toy.createStreamParser(), text);
      expect(r).toBeDefined();
    },
    30_000,
  );
});

describe('separators (MarkupSpec.separators)', () => {
  const sep = markupFormat({ id: 'sep', blocks: [], separators: ['<|end|>'], strip: ['<|hdr|>'] });

  it('removes the token and starts the next text on a new line; at the end it leaves nothing', () => {
    expect(sep.parse('One.<|end|><|hdr|>Two.<|end|>').content).toBe('One.\nTwo.');
    // Whitespace the model wrote there already separates: it is kept, not doubled.
    expect(sep.parse('One. <|end|>  Two.').content).toBe('One. Two.');
    expect(sep.parse('<|end|>One.').content).toBe('One.');
    const text = 'One.<|end|><|hdr|>Two.<|end|>';
    for (let i = 0; i <= text.length; i++) {
      const parser = sep.createStreamParser();
      expect(foldEvents(streamAll(parser, [text.slice(0, i), text.slice(i)]), parser.format).content).toBe(
        'One.\nTwo.',
      );
    }
  });
});

describe('a marker that starts with a letter, right after a character that starts another', () => {
  // The scan takes the character after a failed candidate as the next one only when it is
  // punctuation (architecture/stream-engine.md); a letter is found by the marker search.
  const format = markupFormat({
    id: 'letters',
    blocks: [
      { open: '[X]', close: '[/X]', body: jsonCallsBody },
      { open: 'CALL>', close: '</CALL>', body: jsonCallsBody },
    ],
  });
  const call = 'CALL>{"name": "f", "arguments": {"a": 1}}</CALL>';

  it('is found after a [ that opens nothing, in a batch parse and in every two-piece stream', () => {
    for (const [text, calls, content] of [
      [`[${call}`, 1, '['],
      [`Checking the weather now.\n[[${call}`, 1, 'Checking the weather now.\n[['],
      [`[${call}\n[${call}`, 2, '[\n['],
      [`Checking the weather now: [${call}`, 1, 'Checking the weather now: ['],
    ] as const) {
      const batch = format.parse(text, { generateId: sequentialIds() });
      expect(batch.calls.length).toBe(calls);
      expect(batch.content).toBe(content);
      for (let i = 0; i <= text.length; i++) {
        const parser = format.createStreamParser({ generateId: sequentialIds() });
        expect(foldEvents(streamAll(parser, [text.slice(0, i), text.slice(i)]), parser.format)).toEqual(
          batch,
        );
      }
    }
  });
});
