import { afterAll, describe, expect, it } from 'vitest';
import { run, scratchDir } from './test-support/fake-io.js';
import { toyCall } from './test-support/toy-format.js';

const scratch = scratchDir('jsonl');
afterAll(() => scratch.cleanup());

const line = (o: unknown) => JSON.stringify(o);
const weather = toyCall('get_weather', { city: 'Paris' });

describe('toolformat parse --jsonl', () => {
  it('writes one output line per input line, in order, with the id first', async () => {
    const input = [
      line({ id: 'a', input: `Sure.${weather}` }),
      line({ id: 2, input: 'Just text.' }),
      line({ id: 'c', input: weather, format: 'toy' }),
    ].join('\n');
    const r = await run(['parse', '--jsonl'], `${input}\n`);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const out = r.lines();
    expect(out.map((o) => o.id)).toEqual(['a', 2, 'c']);
    expect(Object.keys(out[0]!)).toEqual(['id', 'format', 'calls', 'content', 'reasoning', 'issues']);
    expect(out[0]).toMatchObject({
      format: 'toy',
      calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
      content: 'Sure.',
    });
    expect(out[1]).toMatchObject({ format: null, calls: [], content: 'Just text.' });
    expect(out[2]).toMatchObject({ calls: [{ name: 'get_weather' }], content: null });
  });

  it('turns a bad line into an error line and goes on; exit 1 when any line failed', async () => {
    const input = [
      line({ id: 'first', input: weather }),
      '{"id": "broken", "input": ', // not JSON
      line({ id: 'fmt', input: weather, format: 'nope' }), // unknown format
      line({ id: 'no-input' }),
      line({ id: 'tools', input: weather, tools: [{ description: 'nameless' }] }),
      line({ id: 'opts', input: weather, options: { unknownTools: 'maybe' } }),
      '[1, 2]',
      line({ id: 'last', input: `ok ${weather}` }),
    ].join('\n');
    const r = await run(['parse', '--jsonl'], input);
    expect(r.code).toBe(1);
    const out = r.lines();
    expect(out).toHaveLength(8);
    expect(out.map((o) => o.id)).toEqual(['first', null, 'fmt', 'no-input', 'tools', 'opts', null, 'last']);
    expect(out[0]).toMatchObject({ calls: [{ name: 'get_weather' }] });
    expect(out[1]).toEqual({
      id: null,
      error: expect.stringMatching(/^line 2: not valid JSON .*each line must be one JSON object like \{"id"/),
    });
    expect(out[2]).toEqual({
      id: 'fmt',
      error: expect.stringMatching(/^line 3: unknown format 'nope'; known formats: 'auto', 'toy'/),
    });
    expect(out[3]).toEqual({
      id: 'no-input',
      error: expect.stringMatching(/^line 4: "input" is missing; put the model output in "input"/),
    });
    expect(out[4]).toEqual({ id: 'tools', error: expect.stringMatching(/^line 5: "tools": tool 0: name: /) });
    expect(out[5]).toEqual({ id: 'opts', error: 'line 6: "options.unknownTools" must be "keep" or "drop".' });
    expect(out[6]).toEqual({ id: null, error: expect.stringMatching(/^line 7: expected a JSON object/) });
    expect(out[7]).toMatchObject({ id: 'last', calls: [{ name: 'get_weather' }], content: 'ok' });
  });

  it('skips blank lines (and counts them in line numbers) and accepts CRLF', async () => {
    const r = await run(['parse', '--jsonl'], `\n${line({ id: 1, input: 'a' })}\r\n   \r\nnope\r\n`);
    expect(r.code).toBe(1);
    const out = r.lines();
    expect(out).toHaveLength(2);
    expect(out[0]).toMatchObject({ id: 1, content: 'a' });
    expect(out[1]).toMatchObject({ id: null, error: expect.stringMatching(/^line 4: /) });
  });

  it('exits 0 for empty input', async () => {
    const r = await run(['parse', '--jsonl'], '');
    expect(r).toMatchObject({ code: 0, stdout: '' });
  });

  it('applies per-line tools and options over the flags', async () => {
    const tools = scratch.file('tools.json', '[{"name": "get_time"}]');
    const input = [
      line({ id: 'flag-tools', input: weather }),
      line({ id: 'drop', input: weather, options: { unknownTools: 'drop' } }),
      line({
        id: 'own-tools',
        input: weather,
        tools: [{ type: 'function', function: { name: 'get_weather' } }],
      }),
      line({ id: 'think', input: `Paris?</think>${weather}`, options: { reasoningOpen: true } }),
    ].join('\n');
    const r = await run(['parse', '--jsonl', '--tools', tools], input);
    expect(r.code).toBe(0);
    const [flagTools, drop, ownTools, think] = r.lines();
    expect(flagTools).toMatchObject({ calls: [{ name: 'get_weather' }], issues: [{ kind: 'unknown-tool' }] });
    expect(drop).toMatchObject({ calls: [] });
    expect(ownTools).toMatchObject({ calls: [{ name: 'get_weather' }], issues: [] });
    expect(think).toMatchObject({ calls: [{ name: 'get_weather' }], reasoning: 'Paris?', content: null });
  });

  it('uses --format for every line unless a line names its own format or model', async () => {
    const input = [line({ id: 1, input: weather }), line({ id: 2, input: weather, format: 'auto' })].join(
      '\n',
    );
    const r = await run(['parse', '--jsonl', '--format', 'toy'], input);
    expect(r.lines().map((o) => o.format)).toEqual(['toy', 'toy']);
    const both = await run(['parse', '--jsonl'], line({ id: 3, input: 'x', format: 'toy', model: 'toy-1' }));
    expect(both.lines()[0]).toEqual({ id: 3, error: 'line 1: give "format" or "model", not both.' });
  });

  it('reads a JSONL FILE line by line', async () => {
    const lines = Array.from({ length: 500 }, (_, i) =>
      line({ id: i, input: i % 2 ? weather : `text ${i}` }),
    );
    const file = scratch.file('batch.jsonl', `${lines.join('\n')}\n`);
    const r = await run(['parse', '--jsonl', file]);
    expect(r.code).toBe(0);
    const out = r.lines();
    expect(out).toHaveLength(500);
    expect(out[499]).toMatchObject({ id: 499, calls: [{ name: 'get_weather' }] });
    expect(out[498]).toMatchObject({ id: 498, content: 'text 498' });
  });
});
