/**
 * Arguments stream as they arrive (semantics 7): an announced call's `tool-call-delta` events
 * carry its arguments' JSON piece by piece, and add up to `JSON.stringify` of the final arguments.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { streamAll } from '../define-format.js';
import type { StreamEvent } from '../schemas.js';
import { createToyFormat } from '../test-support/toy-format.js';
import { chunksAt, findEventProtocolError } from '../testing/index.js';
import { foldEvents } from './fold-events.js';
import { sequentialIds } from './ids.js';
import { parsePartialJson } from './partial-json.js';

const toy = createToyFormat();

/** Per call index: the deltas joined, and the arguments of its tool-call-end. */
function argumentsOf(events: StreamEvent[]): Array<{ deltas: string; json: string | null }> {
  const out: Array<{ deltas: string; json: string | null }> = [];
  for (const e of events) {
    if (e.type === 'tool-call-start') out[e.index] = { deltas: '', json: null };
    if (e.type === 'tool-call-delta') out[e.index]!.deltas += e.argumentsDelta;
    if (e.type === 'tool-call-end') out[e.index]!.json = JSON.stringify(e.call.arguments);
  }
  return out;
}

describe('arguments stream as they arrive', () => {
  const text =
    'Checking. <call>{"name": "get_weather", "arguments": {"city": "Paris", "days": 3, "detail": "hourly"}}</call> Done.';

  it('sends the arguments in pieces before the block ends, adding up to their JSON', () => {
    const parser = toy.createStreamParser({ generateId: sequentialIds() });
    const deltas: Array<{ at: number; text: string }> = [];
    const events: StreamEvent[] = [];
    [...text].forEach((ch, at) => {
      for (const e of parser.push(ch)) {
        events.push(e);
        if (e.type === 'tool-call-delta') deltas.push({ at, text: e.argumentsDelta });
      }
    });
    events.push(...parser.end());
    expect(deltas.length).toBeGreaterThan(5);
    // The city is sent while the rest of the arguments is still being written.
    let sent = '';
    const paris = deltas.find((d) => {
      sent += d.text;
      return sent.includes('"Paris"');
    })!;
    expect(paris.at).toBeLessThan(text.indexOf('"days"'));
    // What has arrived previews as the arguments so far.
    expect(parsePartialJson(sent)?.value).toEqual({ city: 'Paris' });
    expect(deltas.map((d) => d.text).join('')).toBe('{"city":"Paris","days":3,"detail":"hourly"}');
    expect(argumentsOf(events)).toEqual([
      {
        deltas: '{"city":"Paris","days":3,"detail":"hourly"}',
        json: '{"city":"Paris","days":3,"detail":"hourly"}',
      },
    ]);
  });

  it('repaired arguments: what streamed was their start, and the rest comes with the call', () => {
    const repaired = '<call>{"name": "get_weather", "arguments": {"city": \'Paris\', "days": 3,}}</call>';
    const events = streamAll(toy.createStreamParser(), [...repaired]);
    const [call] = argumentsOf(events);
    expect(call!.json).toBe('{"city":"Paris","days":3}');
    expect(call!.deltas).toBe(call!.json);
  });

  it('arguments written as a JSON string come whole with the call', () => {
    const encoded = '<call>{"name": "get_weather", "arguments": "{\\"city\\": \\"Paris\\"}"}</call>';
    const events = streamAll(toy.createStreamParser(), [...encoded]);
    const deltas = events.filter((e) => e.type === 'tool-call-delta');
    expect(deltas).toHaveLength(1);
    expect(argumentsOf(events)).toEqual([{ deltas: '{"city":"Paris"}', json: '{"city":"Paris"}' }]);
  });

  it('a key written twice: the announcement is withdrawn and the call starts afresh, its deltas right', () => {
    const twice = '<call>{"name": "f", "arguments": {"a": 1, "b": 2, "a": 3}}</call>';
    const events = streamAll(toy.createStreamParser({ generateId: sequentialIds() }), [...twice]);
    const types = events.map((e) => e.type).filter((t) => t !== 'tool-call-delta');
    expect(types).toEqual(['tool-call-start', 'tool-call-abort', 'tool-call-start', 'tool-call-end']);
    const [withdrawn, call] = argumentsOf(events);
    expect(withdrawn).toEqual({ deltas: '{"a":1,"b":2,"a":3}', json: null });
    expect(call).toEqual({ deltas: '{"a":3,"b":2}', json: '{"a":3,"b":2}' });
    // The call keeps the id the announcement had: the same as batch.
    expect(events.filter((e) => e.type === 'tool-call-start').map((e) => e.id)).toEqual(['call_1', 'call_1']);
  });

  it('what streamed is no start of the arguments read, though no longer: withdrawn, the call starts afresh', () => {
    // The stream sent `{"` (a key begun); the body, repaired, reads as a call whose arguments are
    // `{}`: as long as what was sent, and not its start.
    const opened = '<call>{"name": "f", "arguments": {"\n}</call>';
    const events = streamAll(toy.createStreamParser({ generateId: sequentialIds() }), [...opened]);
    const types = events.map((e) => e.type).filter((t) => t !== 'tool-call-delta');
    expect(types).toEqual([
      'tool-call-start',
      'issue',
      'tool-call-abort',
      'tool-call-start',
      'tool-call-end',
    ]);
    expect(argumentsOf(events)).toEqual([
      { deltas: '{"', json: null },
      { deltas: '{}', json: '{}' },
    ]);
  });

  it('a batch parse builds no deltas, and the streamed calls equal the batch ones', () => {
    const batch = toy.parse(text, { generateId: sequentialIds() });
    const events = streamAll(toy.createStreamParser({ generateId: sequentialIds() }), [...text]);
    expect(foldEvents(events, 'toy')).toEqual(batch);
  });

  it('for any JSON arguments and any cut, the deltas of each call add up to its arguments', () => {
    const args = fc.dictionary(
      fc.string({ maxLength: 5 }),
      fc.jsonValue({ maxDepth: 2, stringUnit: 'grapheme' }),
      { maxKeys: 4 },
    );
    fc.assert(
      fc.property(
        fc.array(args, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 0, max: 2 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        (calls, indent, cuts) => {
          const out = calls
            .map(
              (a, i) =>
                `Step ${i}. <call>{"name": "f${i}", "arguments": ${JSON.stringify(a, null, indent)}}</call>`,
            )
            .join('\n');
          const events = streamAll(toy.createStreamParser(), chunksAt(out, cuts));
          const got = argumentsOf(events);
          expect(got).toHaveLength(calls.length);
          for (const c of got) expect(c.deltas).toBe(c.json);
          expect(findEventProtocolError(events)).toBeNull();
        },
      ),
      { numRuns: 200 },
    );
  });
});
