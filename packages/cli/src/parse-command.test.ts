import { writeFileSync } from 'node:fs';
import { hermesPlugin } from '@toolformat/format-hermes';
import { afterAll, describe, expect, it } from 'vitest';
import { builtinPlugins } from './builtin-formats.js';
import { main } from './main.js';
import { memoryIo, run, scratchDir } from './test-support/fake-io.js';
import { toyCall, toyPlugin } from './test-support/toy-format.js';

const scratch = scratchDir('parse');
afterAll(() => scratch.cleanup());

const weather = toyCall('get_weather', { city: 'Paris' });

describe('toolformat parse (one output)', () => {
  it('finds calls in auto mode and prints the result object in the documented key order', async () => {
    const r = await run(['parse'], `Let me check.\n${weather}`);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const out = r.json() as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(['format', 'calls', 'content', 'reasoning', 'issues']);
    expect(out).toMatchObject({
      format: 'toy',
      calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
      content: 'Let me check.',
      reasoning: null,
      issues: [],
    });
    const call = (out.calls as Array<Record<string, unknown>>)[0]!;
    expect(Object.keys(call)).toEqual(['id', 'name', 'arguments']);
    expect(call.id).toEqual(expect.any(String));
  });

  it('reads stdin when FILE is -, as it does with no FILE (parse, detect, --jsonl)', async () => {
    const piped = `Let me check.\n${weather}`;
    const dash = await run(['parse', '-'], piped);
    expect(dash.code).toBe(0);
    expect(dash.stderr).toBe('');
    expect((dash.json() as { calls: unknown[] }).calls).toHaveLength(1);
    const detected = await run(['detect', '-'], piped);
    expect((detected.json() as { format: string }).format).toBe('toy');
    const lines = await run(['parse', '--jsonl', '-'], `${JSON.stringify({ id: 'a', input: piped })}\n`);
    expect(lines.code).toBe(0);
    expect(lines.lines()[0]).toMatchObject({ id: 'a', format: 'toy' });
  });

  it('parses with an explicit --format (id or alias) and reads FILE', async () => {
    const file = scratch.file('out.txt', `<think>Paris?</think>${weather} Done`);
    for (const format of ['toy', 'toy-alias']) {
      const r = await run(['parse', '--format', format, file]);
      expect(r.code).toBe(0);
      expect(r.json()).toMatchObject({
        format: 'toy',
        calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
        content: 'Done',
      });
    }
  });

  it("picks the format by --model through the formats' model patterns", async () => {
    const r = await run(['parse', '--model', 'toy-7b'], weather);
    expect(r.json()).toMatchObject({ format: 'toy', calls: [{ name: 'get_weather' }] });
  });

  it('keeps text without markup as content, with no format', async () => {
    const r = await run(['parse'], '  The weather in Paris is sunny.  \n');
    expect(r.json()).toEqual({
      format: null,
      calls: [],
      content: 'The weather in Paris is sunny.',
      reasoning: null,
      issues: [],
    });
  });

  it('gives null content for empty input', async () => {
    const r = await run(['parse'], '');
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ calls: [], content: null });
  });

  it('with --tools, flags a call to an undeclared tool and keeps it', async () => {
    const tools = scratch.file(
      'tools.json',
      JSON.stringify([{ type: 'function', function: { name: 'get_time' } }]),
    );
    const r = await run(['parse', '--tools', tools], weather);
    expect(r.code).toBe(0);
    const out = r.json() as { calls: unknown[]; issues: Array<Record<string, unknown>> };
    expect(out.calls).toHaveLength(1);
    expect(out.issues).toEqual([
      expect.objectContaining({ kind: 'unknown-tool', message: expect.any(String) }),
    ]);
    expect(Object.keys(out.issues[0]!).slice(0, 2)).toEqual(['kind', 'message']);
  });

  it('reports a malformed call with its raw text', async () => {
    const r = await run(['parse', '--format', 'toy'], 'Hi <call>{"name": </call> There');
    const out = r.json() as { calls: unknown[]; issues: Array<{ kind: string; raw?: string }> };
    expect(out.calls).toEqual([]);
    expect(out.issues[0]).toMatchObject({
      kind: 'malformed-call',
      raw: expect.stringContaining('{"name": '),
    });
  });

  it('applies the models.yaml options for --model (unknownTools: drop)', async () => {
    const config = scratch.file(
      'models.yaml',
      'models:\n  - match: "strict-*"\n    format: toy\n    unknownTools: drop\n',
    );
    const tools = scratch.file('tools-strict.json', '[{"name": "get_time"}]');
    const r = await run(['parse', '--config', config, '--model', 'strict-1', '--tools', tools], weather);
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ format: 'toy', calls: [] });
  });
});

// The real Hermes format: these hold for any finished Hermes handler. While the package is
// still the placeholder (no blocks), they are skipped rather than failed.
const hermesSample = '<tool_call>{"name": "get_weather", "arguments": {"city": "Paris"}}</tool_call>';
const hermesReady = hermesPlugin.create({}).parse(hermesSample).calls.length > 0;

describe('with the built-in formats', () => {
  it('registers hermes among the built-ins', async () => {
    expect(builtinPlugins.map((p) => p.id)).toContain('hermes');
    const r = await run(['formats'], '', {});
    expect((r.json() as Array<{ id: string }>).map((f) => f.id)).toContain('hermes');
  });

  it.skipIf(!hermesReady)('parses a Hermes <tool_call> block with --format hermes', async () => {
    const r = await run(['parse', '--format', 'hermes'], `Checking.\n${hermesSample}`, {});
    expect(r.json()).toMatchObject({
      calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
      content: 'Checking.',
    });
  });

  it.skipIf(!hermesReady)('finds a Hermes block in auto mode', async () => {
    const r = await run(['parse'], hermesSample, {});
    expect(r.json()).toMatchObject({
      calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
      content: null,
    });
  });

  it('reads bare calls in auto mode by the exact call shape, whichever format knows the separator', async () => {
    // Hermes's JSON reading stops at ";", Llama's reads on: the complete reading wins.
    const llama3 = '{"name": "search", "parameters": {"q": "a"}}; {"name": "incidents", "parameters": {}}';
    const r = await run(['parse'], llama3, {});
    expect(r.json()).toMatchObject({
      format: 'llama',
      calls: [
        { name: 'search', arguments: { q: 'a' } },
        { name: 'incidents', arguments: {} },
      ],
      content: null,
    });
    const answer = '{"name": "Alice Smith", "age": 30}';
    expect((await run(['parse'], answer, {})).json()).toMatchObject({ calls: [], content: answer });
  });
});

describe('input bytes that are not UTF-8 text', () => {
  const enc = new TextEncoder();
  // "Let me check. é" with the é's second byte lost, then a NUL, then the call.
  const bytes = Uint8Array.from([
    ...enc.encode('Let me check. '),
    0xc3,
    0x20,
    0x00,
    ...enc.encode(`\n${weather}`),
  ]);
  // Split inside the broken sequence: the check sees bytes across chunks.
  const byteIo = () => {
    const memory = memoryIo([bytes.subarray(0, 15), bytes.subarray(15)]);
    return { io: memory.io, out: memory.stdout, err: memory.stderr };
  };
  const problem =
    "the input is not valid UTF-8: 1 byte sequence could not be decoded (the first at byte 14) and became U+FFFD; the input holds 1 NUL byte (the first at byte 16), kept as U+0000. Is it the model's text output, saved as UTF-8?";

  it('parse reports them once, as the first issue, and still reads the call (file and stdin)', async () => {
    const file = scratch.file('latin1.txt', '');
    writeFileSync(file, bytes);
    const fromFile = await run(['parse', file]);
    expect(fromFile.code).toBe(0);
    const out = fromFile.json() as { calls: unknown[]; issues: unknown[]; content: string };
    expect(out.calls).toEqual([expect.objectContaining({ name: 'get_weather' })]);
    expect(out.content).toBe('Let me check. \uFFFD \u0000');
    expect(out.issues).toEqual([{ kind: 'invalid-input', message: problem }]);

    const piped = byteIo();
    expect(await main(['parse', '-'], piped.io, { plugins: [toyPlugin] })).toBe(0);
    expect(JSON.parse(piped.out())).toEqual({
      ...out,
      calls: [expect.objectContaining({ name: 'get_weather' })],
    });
  });

  it('detect and parse --jsonl say it once on stderr, with the offset', async () => {
    const detect = byteIo();
    expect(await main(['detect'], detect.io, { plugins: [toyPlugin] })).toBe(0);
    expect(detect.err()).toBe(`toolformat: warning: ${problem}\n`);

    const line = Uint8Array.from([...enc.encode('{"id": 1, "input": "caf'), 0xe9, ...enc.encode('"}\n')]);
    const file = scratch.file('latin1.jsonl', '');
    writeFileSync(file, line);
    const jsonl = await run(['parse', '--jsonl', file]);
    expect(jsonl.code).toBe(0);
    expect(jsonl.lines()).toEqual([expect.objectContaining({ id: 1, content: 'caf\uFFFD' })]);
    expect(jsonl.stderr).toBe(
      "toolformat: warning: the input is not valid UTF-8: 1 byte sequence could not be decoded (the first at byte 23) and became U+FFFD. Is it the model's text output, saved as UTF-8?\n",
    );
  });

  it('a clean input gets no such issue or warning', async () => {
    const r = await run(['parse'], 'Just an answer.');
    expect(r.json()).toMatchObject({ issues: [] });
    expect(r.stderr).toBe('');
  });
});
