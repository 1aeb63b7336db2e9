/**
 * Block options the XML family needs: `bodyStartTight` (a name right after the open marker is a
 * body, `<tool_call>get_weather`), `trailing` elements after the close (Atlas AnyLegal’s XML tags:
 * `<tool>name</tool>` then `<parameter name="k">v</parameter>`), and a JSON guard that acts only
 * on bodies that start as JSON (a merged `<tool_call>` holds XML too).
 */
import { describe, expect, it } from 'vitest';
import { streamAll } from '../define-format.js';
import { jsonCallsBody, markupFormat } from '../test-support/toy-format.js';
import { foldEvents } from './fold-events.js';
import { sequentialIds } from './ids.js';
import type { BodyParser, MarkupSpec } from './markup-spec.js';
import { mergeMarkup } from './merge-markup.js';

/** `name` then `k=v` lines; after `</tool>`, `<p k>v</p>` elements (the trailing form). */
const nameBody: BodyParser = (body) => {
  const cut = body.indexOf('</tool>');
  const head = (cut === -1 ? body : body.slice(0, cut)).trim();
  const name = head.split('\n')[0]!.trim();
  if (name === '' || name.includes('{')) return { calls: [], error: 'no name' };
  const args: Record<string, string> = {};
  for (const line of head.split('\n').slice(1)) {
    const [k, v] = line.split('=');
    if (k && v !== undefined) args[k.trim()] = v.trim();
  }
  if (cut !== -1) {
    let rest = body.slice(cut + '</tool>'.length);
    for (;;) {
      const open = rest.indexOf('<p ');
      if (open === -1) break;
      const gt = rest.indexOf('>', open);
      const close = rest.indexOf('</p>', gt);
      args[rest.slice(open + 3, gt)] = rest.slice(gt + 1, close === -1 ? undefined : close);
      if (close === -1) break;
      rest = rest.slice(close + 4);
    }
  }
  return { calls: [{ name, arguments: args }] };
};

const xmlSpec: MarkupSpec = {
  id: 'names',
  blocks: [
    {
      open: '<tool>',
      close: '</tool>',
      bodyStart: '<',
      bodyStartTight: 'abcdefghijklmnopqrstuvwxyz',
      trailing: { open: ['<p '], close: ['</p>'] },
      body: nameBody,
    },
    {
      open: '<call>',
      close: '</call>',
      bodyStart: '<',
      bodyStartTight: 'abcdefghijklmnopqrstuvwxyz',
      body: nameBody,
    },
  ],
};
const jsonSpec: MarkupSpec = {
  id: 'json',
  blocks: [{ open: '<call>', close: '</call>', guard: 'json', bodyStart: '{[', body: jsonCallsBody }],
};

const make = markupFormat;
const names = make(xmlSpec);
const merged = make(mergeMarkup('auto', [jsonSpec, xmlSpec]));
type Handler = typeof names;

const parse = (h: Handler, text: string) => h.parse(text, { generateId: sequentialIds() });
function everySplit(h: Handler, text: string): void {
  const batch = parse(h, text);
  for (let i = 0; i <= text.length; i++) {
    for (const j of [i, Math.min(text.length, i + 1), Math.min(text.length, i + 5)]) {
      const parser = h.createStreamParser({ generateId: sequentialIds() });
      const events = streamAll(parser, [text.slice(0, i), text.slice(i, j), text.slice(j)]);
      expect(foldEvents(events, parser.format)).toEqual(batch);
    }
  }
  const parser = h.createStreamParser({ generateId: sequentialIds() });
  expect(foldEvents(streamAll(parser, [...text]), parser.format)).toEqual(batch);
}

describe('bodyStartTight', () => {
  it('takes a name right after the marker as a body', () => {
    const r = parse(names, 'Go <call>get_weather\ncity=Paris</call> Now');
    expect(r.calls.map((c) => [c.name, c.arguments])).toEqual([['get_weather', { city: 'Paris' }]]);
    expect(r.content).toBe('Go Now');
    everySplit(names, 'Go <call>get_weather\ncity=Paris</call> Now');
  });

  it('leaves prose after a blank as text', () => {
    const text = 'Wrap calls in <call> tags, like <call>f</call>\n';
    const r = parse(names, text);
    expect(r.content).toBe('Wrap calls in <call> tags, like');
    expect(r.calls.map((c) => c.name)).toEqual(['f']);
    everySplit(names, text);
  });
});

describe('trailing elements after the close', () => {
  it('belong to the block, across blanks', () => {
    const text = 'Plan:\n<tool>enter_plan</tool>\n<p reason>multi part</p>\n  <p n>2</p>\nDone.';
    const r = parse(names, text);
    expect(r.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['enter_plan', { reason: 'multi part', n: '2' }],
    ]);
    expect(r.content).toBe('Plan:\nDone.');
    everySplit(names, text);
  });

  it('end the block at anything else, which stays text (and may be markup again)', () => {
    const text = '<tool>a</tool>  X <tool>b</tool><p k>v</p><call>c</call>';
    const r = parse(names, text);
    expect(r.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['a', {}],
      ['b', { k: 'v' }],
      ['c', {}],
    ]);
    expect(r.content).toBe('X');
    everySplit(names, text);
  });

  it('reads an element cut off by the end, and blanks at the end', () => {
    expect(parse(names, '<tool>a</tool> <p k>val').calls[0]!.arguments).toEqual({ k: 'val' });
    expect(parse(names, '<tool>a</tool> \n ').content).toBeNull();
    everySplit(names, '<tool>a</tool> <p k>val');
    everySplit(names, 'x <tool>a</tool> \n ');
  });

  it('takes a long run of blanks between elements in chunks (its cost is measured by pnpm bench)', () => {
    const text = `<tool>a</tool>${' '.repeat(200_000)}<p k>v</p>`;
    const parser = names.createStreamParser();
    for (let i = 0; i < text.length; i += 1000) parser.push(text.slice(i, i + 1000));
    const events = parser.end();
    expect(events.some((e) => e.type === 'tool-call-end')).toBe(true);
  });
});

describe('a merged block', () => {
  it('reads JSON and names alike, and keeps trailing elements', () => {
    const text =
      '<call>{"name": "j", "arguments": {"s": "</call>"}}</call> <call>n</call> <tool>t</tool><p a>1</p>';
    const r = parse(merged, text);
    expect(r.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['j', { s: '</call>' }],
      ['n', {}],
      ['t', { a: '1' }],
    ]);
    everySplit(merged, text);
  });

  it('guards only JSON bodies: a stray quote in another body does not hide the close', () => {
    const text = '<call>f\nsize=5"</call> Between <call>g</call>';
    const r = parse(merged, text);
    expect(r.calls.map((c) => [c.name, c.arguments])).toEqual([
      ['f', { size: '5"' }],
      ['g', {}],
    ]);
    expect(r.content).toBe('Between');
    everySplit(merged, text);
  });
});

describe('close markers that share a start', () => {
  it('streams like batch when a longer close may still complete', () => {
    const h = make({
      id: 'prefix',
      blocks: [{ open: '<f=', close: ['</f>', '</f>\n</g>'], body: nameBody }],
    });
    const text = 'a <f=x</f>\n</g>\nb <f=y</f>\nc';
    const r = parse(h, text);
    expect(r.calls.map((c) => c.name)).toEqual(['x', 'y']);
    expect(r.content).toBe('a b c');
    everySplit(h, text);
  });
});
