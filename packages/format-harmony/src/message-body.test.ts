import { describe, expect, it } from 'vitest';
import {
  type Expect,
  emptyHeader,
  MAX_HEADER,
  readBuiltinArguments,
  readHeader,
  readJsonArguments,
} from './message-body.js';

function read(text: string, expect: Expect, marked = true) {
  const header = { ...emptyHeader(), marked };
  const end = readHeader(text, 0, expect, header);
  return { header, end };
}

describe('readHeader', () => {
  it("the model's order: channel, recipient, content type", () => {
    const { header, end } = read(
      'commentary to=functions.get_weather <|constrain|>json<|message|>{}',
      'channel',
    );
    expect(header).toMatchObject({
      channel: 'commentary',
      recipient: 'functions.get_weather',
      contentType: 'json',
    });
    expect(end).toEqual({ kind: 'message', contentStart: 64 });
  });

  it("the template's order: role and recipient, then channel and a bare content type", () => {
    const { header, end } = read('assistant to=functions.f<|channel|>commentary json<|message|>', 'role');
    expect(header).toMatchObject({
      role: 'assistant',
      channel: 'commentary',
      recipient: 'functions.f',
      contentType: 'json',
    });
    expect(end.kind).toBe('message');
  });

  it('a function name with a blank: the words after it up to a token or a header word', () => {
    const { header, end } = read(
      'commentary to=functions.Web Search <|constrain|>json<|message|>{}',
      'channel',
    );
    expect(header).toMatchObject({ recipient: 'functions.Web Search', contentType: 'json', displaced: [] });
    expect(end.kind).toBe('message');
    expect(
      read('functions.Web Search<|channel|>commentary json<|message|>', 'recipient').header.recipient,
    ).toBe('functions.Web Search');
    expect(read('commentary to=functions.f code<|message|>', 'channel').header).toMatchObject({
      recipient: 'functions.f',
      contentType: 'code',
    });
    // Words that no token or content type follows are not a name's (prose after a recipient).
    expect(read('commentary to=functions.Web Search and more', 'channel').header.recipient).toBe(
      'functions.Web',
    );
    // A built-in's recipient takes no such word (`to=python code`).
    expect(read('analysis to=python code<|message|>', 'channel').header.recipient).toBe('python');
  });

  it('after `to=`: the recipient comes first', () => {
    const { header } = read('functions.get_weather<|channel|>commentary<|message|>', 'recipient');
    expect(header.recipient).toBe('functions.get_weather');
  });

  it('a tool answering the assistant', () => {
    const { header } = read('functions.lookup to=assistant<|channel|>commentary<|message|>', 'role');
    expect(header).toMatchObject({ role: 'functions.lookup', recipient: 'assistant', channel: 'commentary' });
  });

  it('the end of the text inside the header, inside a token too', () => {
    expect(read('commentary to=functions.f', 'channel').end).toEqual({ kind: 'end' });
    expect(read('commentary to=functions.f <|mess', 'channel').end).toEqual({ kind: 'end' });
  });

  it('a second channel starts the next message', () => {
    expect(read('final<|channel|>analysis<|message|>', 'channel').end).toEqual({ kind: 'next', at: 5 });
  });

  it('prose is not a header: a line break, words, an unknown token, a long run', () => {
    expect(read('final\nHello<|message|>', 'channel').end.kind).toBe('invalid');
    expect(read('final a b<|message|>', 'channel').end.kind).toBe('invalid');
    expect(read('final <|foo|><|message|>', 'channel').end.kind).toBe('invalid');
    expect(read(`final ${'x'.repeat(MAX_HEADER)}<|message|>`, 'channel').end.kind).toBe('invalid');
  });

  it('after `to=` in text, a bare word before any token is prose', () => {
    expect(read('functions.helper docs<|message|>', 'recipient', false).end).toEqual({
      kind: 'invalid',
      at: 17,
    });
    expect(read('functions.helper<|channel|>commentary json<|message|>', 'recipient', false).end.kind).toBe(
      'message',
    );
  });

  it('reads at most MAX_HEADER characters of a huge body', () => {
    const text = `commentary ${'to=x '.repeat(200_000)}`;
    expect(read(text, 'channel').end.kind).toBe('invalid');
  });
});

const closed = { closed: true, maxDepth: 256 };
const open = { closed: false, maxDepth: 256 };

describe('readJsonArguments', () => {
  it('strict JSON, with blanks around it', () => {
    expect(readJsonArguments(' {"a": [1, {"b": null}]}\n', closed)).toEqual({
      ok: true,
      arguments: { a: [1, { b: null }] },
      issues: [],
      strict: true,
    });
  });

  it('nothing: an empty object once the message ended, a partial call while it may go on', () => {
    expect(readJsonArguments('', closed)).toMatchObject({ ok: true, arguments: {} });
    expect(readJsonArguments('  ', open)).toMatchObject({ ok: false, kind: 'partial-call' });
  });

  it('JSON that never closes: a partial call at the end of the output, malformed before a token', () => {
    expect(readJsonArguments('{"a": "b', open)).toMatchObject({ ok: false, kind: 'partial-call' });
    expect(readJsonArguments('{"a": "b"', closed)).toMatchObject({ ok: false, kind: 'malformed-call' });
    expect(readJsonArguments('"{\\"a', open)).toMatchObject({ ok: false, kind: 'partial-call' });
  });

  it('relaxed JSON is repaired, and that is reported', () => {
    const repaired = readJsonArguments("{'a': 'b',}", closed);
    expect(repaired).toMatchObject({ ok: true, arguments: { a: 'b' } });
    expect(repaired.ok && repaired.issues.map((i) => i.kind)).toEqual(['json-repaired']);
  });

  it('a complete object at the end of the output is complete', () => {
    expect(readJsonArguments('{"a": 1}', open)).toMatchObject({ ok: true, arguments: { a: 1 } });
  });

  it('text after the value is handed back', () => {
    const r = readJsonArguments('{"a": 1} thanks', closed);
    expect(r).toMatchObject({ ok: true, arguments: { a: 1 }, rest: ' thanks' });
  });

  it('not JSON: malformed', () => {
    expect(readJsonArguments('hello there', closed)).toMatchObject({ ok: false, kind: 'malformed-call' });
    expect(readJsonArguments('hello there', open)).toMatchObject({ ok: false, kind: 'malformed-call' });
  });

  it('nesting past maxDepth is malformed', () => {
    const deep = `${'['.repeat(40)}${']'.repeat(40)}`;
    expect(readJsonArguments(`{"a": ${deep}}`, { closed: true, maxDepth: 8 })).toMatchObject({ ok: false });
  });
});

describe('readBuiltinArguments', () => {
  it('python gets the code, as written', () => {
    expect(readBuiltinArguments('python', '\nprint(1)\n', closed)).toEqual({
      ok: true,
      arguments: { code: '\nprint(1)\n' },
      issues: [],
    });
  });

  it('a JSON object is the arguments; other text goes under `input`', () => {
    expect(readBuiltinArguments('browser.open', '{"id": 2}', closed)).toMatchObject({ arguments: { id: 2 } });
    expect(readBuiltinArguments('container.exec', 'ls', closed)).toMatchObject({
      arguments: { input: 'ls' },
    });
    expect(readBuiltinArguments('python', '{1, 2}', closed)).toMatchObject({ arguments: { code: '{1, 2}' } });
  });

  it('an object the output ended inside, or nothing yet, is partial', () => {
    expect(readBuiltinArguments('browser.search', '{"query": "x', open)).toMatchObject({
      kind: 'partial-call',
    });
    expect(readBuiltinArguments('python', '', open)).toMatchObject({ kind: 'partial-call' });
  });
});
