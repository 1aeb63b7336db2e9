/**
 * What line-keyed formats (ReAct's `Thought:` / `Action:` / `Final Answer:`) need from the engine:
 * blocks that end where the next key starts (`closeBefore`), reasoning read inside a block, and
 * line keys that are removed while the text after them streams (`labels`).
 */
import { describe, expect, it } from 'vitest';
import { streamAll } from '../define-format.js';
import { markupFormat } from '../test-support/toy-format.js';
import { foldEvents } from './fold-events.js';
import { sequentialIds } from './ids.js';
import type { BodyContext, BodyParser } from './markup-spec.js';
import { mergeMarkup } from './merge-markup.js';

const seen: Array<{ body: string; closed: boolean }> = [];
/** `Thought:` body: reasoning, and a record of what the engine passed. */
const thought: BodyParser = (body, ctx: BodyContext) => {
  seen.push({ body, closed: ctx.closed });
  return { calls: [], reasoning: body.trim() };
};
/** `Action:` body: the first line names a call; the rest is returned as text. */
const action: BodyParser = (body) => {
  const nl = body.indexOf('\n');
  const name = (nl === -1 ? body : body.slice(0, nl)).trim();
  const rest = nl === -1 ? '' : body.slice(nl + 1).trim();
  return { calls: [{ name, arguments: {} }], ...(rest ? { text: rest } : {}) };
};

const format = markupFormat({
  id: 'lk',
  blocks: [
    {
      open: 'Thought:',
      lineStart: true,
      closeBefore: ['\nThought:', '\nAction:', '\nFinal Answer:'],
      body: thought,
      auto: false,
    },
    { open: 'Action:', lineStart: true, close: 'end-of-output', closeBefore: '\nThought:', body: action },
    { open: '<k>', close: '</k>', closeBefore: '<k>', body: action },
  ],
  labels: ['Final Answer:'],
});
const parse = (text: string) => format.parse(text, { generateId: sequentialIds() });

function everySplit(text: string): void {
  const batch = parse(text);
  for (let i = 0; i <= text.length; i++) {
    for (const j of [i, Math.min(text.length, i + 1), Math.min(text.length, i + 5)]) {
      const parser = format.createStreamParser({ generateId: sequentialIds() });
      const events = streamAll(parser, [text.slice(0, i), text.slice(i, j), text.slice(j)]);
      expect(foldEvents(events, parser.format)).toEqual(batch);
    }
  }
  const parser = format.createStreamParser({ generateId: sequentialIds() });
  expect(foldEvents(streamAll(parser, [...text]), parser.format)).toEqual(batch);
}

describe('closeBefore: a key ends one block and opens the next', () => {
  it('ends a Thought where Action starts, and the Action block still opens there', () => {
    const text = 'Thought: I need the weather.\nIt is for Paris.\nAction: get_weather';
    const r = parse(text);
    expect(r.reasoning).toBe('I need the weather.\nIt is for Paris.');
    expect(r.calls.map((c) => c.name)).toEqual(['get_weather']);
    expect(r.content).toBeNull();
    expect(r.issues).toEqual([]);
    expect(r.format).toBe('lk');
    everySplit(text);
  });

  it('keeps several thoughts apart in reasoning, and ends an end-of-output block at a key', () => {
    const text = 'Thought: a\nThought: b\nAction: f\nThought: c\nAction: g\nwhy';
    const r = parse(text);
    expect(r.reasoning).toBe('a\nb\nc');
    expect(r.calls.map((c) => c.name)).toEqual(['f', 'g']);
    expect(r.content).toBe('why');
    everySplit(text);
  });

  it('says whether the block was closed by a key or cut off by the end of the output', () => {
    seen.length = 0;
    parse('Thought: one\nThought: two');
    expect(seen).toEqual([
      { body: ' one', closed: true },
      { body: ' two', closed: false },
    ]);
  });

  it('works beside literal close markers: whichever comes first', () => {
    const text = 'x <k>a</k> Y <k>b <k>c</k> Z';
    const r = parse(text);
    expect(r.calls.map((c) => c.name)).toEqual(['a', 'b', 'c']);
    expect(r.content).toBe('x Y Z');
    everySplit(text);
  });

  it('counts the key only at a line start, as the open marker would', () => {
    const r = parse('Thought: the Action: is later\nAction: f');
    expect(r.reasoning).toBe('the Action: is later');
    expect(r.calls.map((c) => c.name)).toEqual(['f']);
  });
});

describe('labels: line keys removed, the text after them streams', () => {
  it('removes a label at a line start and keeps what follows as content', () => {
    const text = 'Thought: done\nFinal Answer: It is 22 °C.';
    const r = parse(text);
    expect(r).toMatchObject({ content: 'It is 22 °C.', reasoning: 'done', calls: [], issues: [] });
    expect(r.format).toBe('lk');
    everySplit(text);
  });

  it('leaves the same words inside a line, or in code, alone', () => {
    expect(parse('The Final Answer: 42').content).toBe('The Final Answer: 42');
    expect(parse('`Final Answer:` is a key').content).toBe('`Final Answer:` is a key');
    // Indented up to 3 spaces still starts the line (the blanks before a cut stay, as for blocks).
    expect(parse('Intro.\n  Final Answer: 42').content).toBe('Intro.\n  42');
  });

  it('releases the answer before the output ends', () => {
    const parser = format.createStreamParser();
    const events = [...parser.push('Final Answer: It is'), ...parser.push(' sunny and warm')];
    expect(events.filter((e) => e.type === 'text').map((e) => (e.type === 'text' ? e.text : ''))).toEqual([
      'It is',
      ' sunny and warm',
    ]);
    everySplit('Final Answer: It is sunny\nFinal Answer: twice');
  });

  it('is not part of auto mode', () => {
    const merged = mergeMarkup('auto', [format.markup]);
    expect(merged.labels).toBeUndefined();
    expect(merged.blocks.some((b) => b.open === 'Thought:')).toBe(false);
  });
});

describe('reasoning from a block body', () => {
  it('makes a reasoning-only block markup, not a malformed call', () => {
    const r = parse('Hello.\nThought: hmm');
    expect(r).toMatchObject({ content: 'Hello.', reasoning: 'hmm', calls: [], issues: [] });
  });

  it('writes nothing for an empty thought', () => {
    const r = parse('Thought:\nAction: f');
    expect(r.reasoning).toBeNull();
    expect(r.calls).toHaveLength(1);
  });
});
