import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { streamAll } from '../define-format.js';
import type { ParseOptions } from '../schemas.js';
import { createToyFormat } from '../test-support/toy-format.js';
import { continuesSentence, opensProse, textContinuesSentence } from './evidence.js';
import { foldEvents } from './fold-events.js';
import { sequentialIds } from './ids.js';

const toy = createToyFormat();
const parse = (text: string, opts: ParseOptions = {}) =>
  toy.parse(text, { generateId: sequentialIds(), mentions: true, ...opts });
const weather = '<call>{"name": "get_weather", "arguments": {"city": "Paris"}}</call>';
const tools = [{ name: 'get_weather', parameters: { type: 'object' } }];

describe('the position rule: a call, or a mention (architecture/precision.md)', () => {
  it('keeps a block the sentence goes on after as text, untouched', () => {
    for (const text of [
      `A call is written as ${weather} and the server parses it.`,
      `you may see something like ${weather} which means the template is wrong`,
      `The model replied "${weather}" instead.`,
      `It looks like ${weather}.`,
    ]) {
      expect(parse(text)).toMatchObject({ calls: [], content: text, issues: [] });
      expect(parse(text, { tools })).toMatchObject({ calls: [], content: text });
    }
  });

  it('reads a block that ends its line, the output, or is followed by a new sentence or more markup', () => {
    for (const text of [
      `Let me check.\n${weather}`,
      `Let me check. ${weather}`,
      `${weather}\nI will wait for the result.`,
      `${weather} Would you like more?`,
      `${weather}${weather}`,
      `${weather}Hello`,
      `text${weather} and more`,
    ]) {
      expect(parse(text).calls.map((c) => c.name)).toContain('get_weather');
    }
  });

  it('keeps an empty block and a marker named in a sentence as text', () => {
    const text = 'Wrap each call in <call></call> tags, please.';
    expect(parse(text)).toMatchObject({ calls: [], content: text, issues: [] });
  });

  it('strict: the calls must end the output and name declared tools', () => {
    const example = `For example:\n${weather}\nThis tells the server which tool to run.`;
    expect(parse(example).calls).toHaveLength(1);
    expect(parse(example, { strict: true })).toMatchObject({ calls: [], content: example });
    expect(parse(`I will look.\n${weather}\n`, { strict: true }).calls).toHaveLength(1);
    const undeclared = '<call>{"name": "rm_rf", "arguments": {}}</call>';
    expect(parse(undeclared, { tools, strict: true })).toMatchObject({ calls: [], content: undeclared });
  });

  it('decides the same way however the text is cut (streaming = batch)', () => {
    const piece = fc.constantFrom(weather, ' which', ' Which', '\n', '.', ' ', 'x', '<call></call>', '"');
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 5 }),
        fc.boolean(),
        (parts, cuts, strict) => {
          const text = parts.join('');
          const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
          const chunks = [0, ...points, text.length]
            .slice(1)
            .map((end, i, all) => text.slice(i === 0 ? 0 : all[i - 1], end));
          const batch = parse(text, { strict });
          const parser = toy.createStreamParser({ generateId: sequentialIds(), strict, mentions: true });
          expect(foldEvents(streamAll(parser, chunks), parser.format)).toEqual(batch);
        },
      ),
    );
  });
});

describe('continuesSentence', () => {
  const code = (s: string) => s.charCodeAt(0);
  it('reads lower case after a blank and sentence punctuation as the sentence going on', () => {
    expect(continuesSentence(code('w'), false)).toBe(true);
    expect(continuesSentence(code('.'), true)).toBe(true);
    expect(continuesSentence(code('"'), true)).toBe(true);
  });
  it('reads a new sentence, a glued word, digits, other scripts and more markup as not', () => {
    expect(continuesSentence(code('W'), false)).toBe(false);
    expect(continuesSentence(code('w'), true)).toBe(false);
    expect(continuesSentence(code('7'), false)).toBe(false);
    expect(continuesSentence(code('我'), false)).toBe(false);
    expect(continuesSentence(code('<'), false)).toBe(false);
    expect(continuesSentence(code('\n'), false)).toBe(false);
  });
  it('passes over a tag glued to the call', () => {
    expect(textContinuesSentence('</tool_call> and the server', 0)).toBe(true);
    expect(textContinuesSentence('</tool_call>Hello', 0)).toBe(false);
    expect(textContinuesSentence('<|eot_id|>', 0)).toBe(false);
  });
  it('opensProse: a blank and a lower-case word after an open marker', () => {
    expect(opensProse(' followed by a list')).toBe(true);
    expect(opensProse(' [{"name": "f"}]')).toBe(false);
    expect(opensProse('f[ARGS]{}')).toBe(false);
  });
});
