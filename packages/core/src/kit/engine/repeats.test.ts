/**
 * Runs of the same unit (repeats.ts): a batch parse counts identical units instead of reading them,
 * and what it returns must be what reading every one of them returns: the stream, which reads them
 * all, is the check.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type MarkupFormatHandler, streamAll } from '../../define-format.js';
import type { ParseOptions, ParseResult } from '../../schemas.js';
import { createToyFormat, markupFormat } from '../../test-support/toy-format.js';
import { EventFolder } from '../fold-events.js';
import { sequentialIds } from '../ids.js';
import { parseJsonLadder } from '../json-ladder.js';
import type { BodyResult } from '../markup-spec.js';

const toy = createToyFormat();
/** Blocks that end where the next one opens (`>>>name\n{json}`, functionary's form): a unit's end is the next unit's start. */
const chained = markupFormat({
  id: 'chained',
  blocks: [{ open: '>>>', close: 'end-of-output', closeBefore: ['>>>'], guard: 'json', body: nameThenJson }],
});

function nameThenJson(body: string): BodyResult {
  const line = body.indexOf('\n');
  const name = (line === -1 ? body : body.slice(0, line)).trim();
  const json = parseJsonLadder(line === -1 ? '{}' : body.slice(line + 1).trim() || '{}');
  if (name === '' || !json.ok) return { calls: [], error: 'no name or no JSON' };
  return { calls: [{ name, arguments: json.value }] };
}

function parse(text: string, opts: ParseOptions = {}, format: MarkupFormatHandler = toy): ParseResult {
  return format.parse(text, { generateId: sequentialIds(), ...opts });
}

/** Every unit read: the stream in chunks of 4 KiB, folded. */
function streamed(text: string, opts: ParseOptions = {}, format: MarkupFormatHandler = toy): ParseResult {
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += 4096) chunks.push(text.slice(i, i + 4096));
  const parser = format.createStreamParser({ generateId: sequentialIds(), ...opts });
  const folder = new EventFolder();
  folder.add(streamAll(parser, chunks));
  return folder.result(parser.format);
}

describe('a run of the same broken block', () => {
  const unit = '<call>{"name": 1}</call>';
  const text = unit.repeat(20_000);

  it('is one issue counting every block, with the raw text of one', () => {
    const result = parse(text);
    expect(result.calls).toEqual([]);
    expect(result.content).toBeNull();
    expect(result.issues).toHaveLength(1);
    expect(result.issues[0]).toMatchObject({ kind: 'malformed-call', raw: unit, count: 20_000, offset: 0 });
  });

  it('is what reading every block gives', () => {
    expect(parse(text)).toEqual(streamed(text));
    expect(parse(text, { onMalformed: 'keep' })).toEqual(streamed(text, { onMalformed: 'keep' }));
  });

  it('stops counting where a different block stands, and goes on after it', () => {
    const other = '<call>{"name": 2}</call>';
    const mixed = unit.repeat(5_000) + other + unit.repeat(5_000);
    const result = parse(mixed);
    expect(result.issues.map((i) => [i.raw, i.count ?? 1])).toEqual([
      [unit, 5_000],
      [other, 1],
      [unit, 5_000],
    ]);
    expect(result).toEqual(streamed(mixed));
  });

  it('keeps text between the blocks', () => {
    const chatty = 'see: <call>{"a" </call>\n'.repeat(3_000);
    const result = parse(chatty);
    expect(result).toEqual(streamed(chatty));
    expect(result.content).toBe(Array(3_000).fill('see:').join(' '));
    expect(result.issues).toMatchObject([{ count: 3_000, offset: 5 }]);
  });
});

describe('a run read again', () => {
  it('is counted in the second pass as in the first (a stray quote held every close back)', () => {
    // The first block's string never closes: its guard passes over every `</call>`, and at the end
    // the block closes at the first one and the rest is read again, where the run is counted.
    const text = `<call>{"name": "f", "arguments": {"a": "${'</call><call>{"name": 1}</call>'.repeat(5_000)}`;
    const result = parse(text);
    expect(result).toEqual(streamed(text));
    expect(result.issues.some((i) => (i.count ?? 1) > 1_000)).toBe(true);
  });
});

describe('a run of the same call past maxCalls', () => {
  const call = '<call>{"name": "f", "arguments": {}}</call>';

  it('keeps maxCalls calls and one issue that counts the rest and holds their text', () => {
    const text = call.repeat(10_000);
    const result = parse(text, { maxCalls: 3 });
    expect(result.calls).toHaveLength(3);
    expect(result.issues).toHaveLength(1);
    expect(result.issues[0]!.message).toContain('9997 more were not extracted');
    expect(result.issues[0]!.raw?.split('\n')).toHaveLength(9_997);
    expect(result).toEqual(streamed(text, { maxCalls: 3 }));
  });
});

describe('a run of blocks each ended by the next', () => {
  it('counts the calls past maxCalls and reads the last block as cut off by the end', () => {
    const text = '>>>f\n{'.repeat(50_000);
    const result = parse(text, {}, chained);
    expect(result.calls).toHaveLength(1024);
    expect(result).toEqual(streamed(text, {}, chained));
    expect(result.issues.at(-1)!.message).toContain('48976 more were not extracted');
  });
});

describe('counted runs', () => {
  it('reads a copy that other text follows: its block runs on past the copy', () => {
    // Blocks of `>>>`, `>>>`, then `>>>><call` (the body runs to the next `>>>`): the two short
    // units agree, and the third starts like them but is longer. Counting it as a short one
    // read 73 calls past maxCalls where there are 199.
    const text = '>>>>>>>>><call>'.repeat(200);
    const opts: ParseOptions = { maxCalls: 1, onMalformed: 'keep' };
    const result = parse(text, opts, chained);
    expect(result).toEqual(streamed(text, opts, chained));
    expect(result.issues.at(-1)!.message).toContain('199 more were not extracted');
  });

  const pieces = fc.constantFrom(
    '<call>',
    '</call>',
    '{"name": "f", "arguments": {"a": 1}}',
    '{"a":',
    '"',
    ' ',
    '\n',
    'text',
    '```call\n',
    '```',
    '<think>',
    '</think>',
    '<|eot|>',
    '[',
    '{',
    '>>>',
    'f\n',
  );
  const unit = fc.array(pieces, { minLength: 1, maxLength: 5 }).map((a) => a.join(''));
  const edge = fc.array(pieces, { maxLength: 3 }).map((a) => a.join(''));

  it('equal reading every unit, for any unit, copies, text around them and options', () => {
    fc.assert(
      fc.property(
        unit,
        fc.integer({ min: 2, max: 400 }),
        edge,
        edge,
        fc.record({ maxCalls: fc.constantFrom(1, 4, 1024), onMalformed: fc.constantFrom('keep', 'strip') }),
        (u, copies, before, after, options) => {
          // Past the engine's margin, so that counting happens.
          const times = Math.max(copies, Math.ceil(3000 / u.length));
          const text = before + u.repeat(times) + after;
          const opts = options as ParseOptions;
          expect(parse(text, opts)).toEqual(streamed(text, opts));
          expect(parse(text, opts, chained)).toEqual(streamed(text, opts, chained));
        },
      ),
      { numRuns: 150 },
    );
  });
});
