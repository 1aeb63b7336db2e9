import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseWith } from './define-format.js';
import { EventFolder } from './kit/fold-events.js';
import { sequentialIds } from './kit/ids.js';
import { readJsonCallObjects } from './kit/json-calls.js';
import { markupFormat } from './test-support/toy-format.js';

// A word marker (`functools`, Phi-4-mini's) that opens a block only before `[`, and a block that
// only its closer proves (Qwen3's `{…}` at a line start, proven by a stray `</tool_call>`; here `</call>`):
// `parse` looks for `[` and the closer's `<` in the text instead of the word and the `{`
// (architecture/stream-engine.md), and must return exactly what the engine returns for every text.
const format = markupFormat({
  id: 'words',
  blocks: [
    { open: 'functools', close: 'json-end', bodyStart: '[', body: readJsonCallObjects },
    { open: '<call>', close: '</call>', guard: 'json', body: readJsonCallObjects },
    {
      open: '{',
      lineStart: true,
      close: 'json-end',
      provenBy: ['</call>'],
      body: (body, ctx) => readJsonCallObjects(ctx.open + body, ctx),
    },
  ],
});

function engine(text: string) {
  return parseWith(format.createStreamParser({ generateId: sequentialIds() }), text);
}

/** The engine fed one character a push: short pushes are walked, not searched with indexOf. */
function walked(text: string) {
  const parser = format.createStreamParser({ generateId: sequentialIds() });
  const folder = new EventFolder();
  for (const c of text) folder.add(parser.push(c));
  folder.add(parser.end());
  return folder.result(parser.format);
}

describe("parse's plain-text shortcut", () => {
  it('reads a word marker before its body and leaves it alone before anything else', () => {
    const call = format.parse('functools[{"name": "f", "arguments": {"a": 1}}]', {
      generateId: sequentialIds(),
    });
    expect(call.calls.map((c) => [c.name, c.arguments])).toEqual([['f', { a: 1 }]]);
    const prose = format.parse('Python has functools for that. Use functools here.', {});
    expect(prose).toEqual({
      calls: [],
      content: 'Python has functools for that. Use functools here.',
      reasoning: null,
      issues: [],
      format: null,
    });
  });

  it('finds the word across blanks before its body in a long text, as a character-by-character walk does', () => {
    const long = 'A sentence long enough that the scan searches instead of walking. ';
    for (const text of [
      `${long}functools  \n [{"name": "f", "arguments": {}}] and after`,
      `${long}functools [ and functools then functools\t[{"name": "g", "arguments": {}}]`,
      `${long}use functools.\n${long}functools`,
    ])
      expect(engine(text)).toEqual(walked(text));
    const found = engine(`${long}functools  \n [{"name": "f", "arguments": {}}]`);
    expect(found.calls.map((c) => c.name)).toEqual(['f']);
  });

  it('reads a line-start object as a call only where its closer proves it, and as text without', () => {
    const proven = format.parse('Sure.\n{"name": "f", "arguments": {}}\n</call>', {
      generateId: sequentialIds(),
    });
    expect(proven.calls.map((c) => c.name)).toEqual(['f']);
    const data = 'The record:\n{"name": "f", "arguments": {}}\nas stored.';
    expect(format.parse(data, {})).toEqual(engine(data));
    expect(format.parse(data, {}).calls).toEqual([]);
    expect(format.compiled.plainProbes).not.toContain('{');
  });

  it('still runs the engine when the word ends the output, where the block is cut off', () => {
    const text = 'Calling it now: functools  ';
    expect(format.parse(text, { generateId: sequentialIds() })).toEqual(engine(text));
  });

  const piece = fc.constantFrom(
    'functools',
    ' ',
    '   ',
    '\n',
    '[',
    '{"name": "f"}',
    ']',
    'prose',
    'fun',
    'tools',
    '<call>',
    '</call>',
    '`',
    'a sentence long enough to make the text a long one',
    '\n{"name": "f", "arguments": {}}',
    '{',
  );

  it('returns what the engine returns, for any text of words, blanks and brackets', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        expect(format.parse(text, { generateId: sequentialIds() })).toEqual(engine(text));
      }),
      { numRuns: 500 },
    );
  });

  it('finds a word marker from the characters after it as the walk finds it character by character', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), (pieces) => {
        const text = pieces.join('');
        expect(engine(text)).toEqual(walked(text));
      }),
      { numRuns: 500 },
    );
  });
});
