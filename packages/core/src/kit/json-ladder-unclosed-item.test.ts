import { describe, expect, it } from 'vitest';
import { parseJsonLadder } from './json-ladder.js';

// Seed 000: a model wrote a batch of calls and forgot the `}` of the first one, so the next item's
// `{` stands where a key belongs.
describe('an object left open before the next array item', () => {
  it('is closed, and the object becomes the next item', () => {
    const r = parseJsonLadder('[{"a": 1, {"b": 2}]');
    expect(r).toMatchObject({ ok: true, value: [{ a: 1 }, { b: 2 }], repaired: 'repair' });
    if (r.ok) expect(r.repairs).toContain('closed an object left open before the next array item');
  });

  it('repairs a production trace from an agent’s leaked-call report', () => {
    const text =
      '{"name": "agent__batch", "arguments": {"calls": [{"id": "1", "tool": "q", "parameters": {"sql": "SELECT 1"}, ' +
      '{"id": "2", "tool": "q", "parameters": {"sql": "SELECT 2"}}]} }';
    const r = parseJsonLadder(text);
    expect(r.ok && r.value).toEqual({
      name: 'agent__batch',
      arguments: {
        calls: [
          { id: '1', tool: 'q', parameters: { sql: 'SELECT 1' } },
          { id: '2', tool: 'q', parameters: { sql: 'SELECT 2' } },
        ],
      },
    });
  });

  it('is not applied where the object is not an array item', () => {
    expect(parseJsonLadder('{"x": {"a": 1, {"b": 2}}}').ok).toBe(false);
  });
});
