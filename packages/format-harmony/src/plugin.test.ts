import { createRouter } from '@toolformat/core';
import { findStreamingMismatch } from '@toolformat/core/testing';
import { describe, expect, it } from 'vitest';
import defaultExport, { createHarmonyFormat, harmonyPlugin } from './index.js';
import { callsOf, expectStreamingEqualsBatch, parseWith } from './test-support/harness.js';

const router = createRouter({ plugins: [harmonyPlugin] });

const CALL =
  '<|channel|>analysis<|message|>Need the file.<|end|><|start|>assistant<|channel|>commentary to=functions.read_file <|constrain|>json<|message|>{"path": "a.txt"}<|call|>';

describe('the plugin', () => {
  it('is the default export too', () => {
    expect(defaultExport).toBe(harmonyPlugin);
    expect(harmonyPlugin.id).toBe('harmony');
  });

  it('has one variant, named like the family, and says so for any other', () => {
    expect(router.get('harmony', 'harmony').id).toBe('harmony');
    expect(createHarmonyFormat().stopSequences()).toEqual(['<|call|>', '<|return|>']);
    expect(() => createHarmonyFormat('v2')).toThrow(
      "format harmony: unknown variant 'v2'; known variants: harmony.",
    );
  });

  it("answers to the family id and to the models' name", () => {
    expect(router.get('harmony').id).toBe('harmony');
    expect(router.get('gpt-oss').id).toBe('harmony');
  });

  it('serves the names gpt-oss goes by', () => {
    for (const model of [
      'openai/gpt-oss-20b',
      'openai/gpt-oss-120b',
      'gpt-oss:20b',
      'gpt-oss-120b',
      'unsloth/gpt-oss-20b-GGUF',
      'ggml-org/gpt-oss-120b-GGUF',
      'openai/gpt-oss-120b:free',
      'OpenAI/GPT-OSS-20B',
    ])
      expect([model, router.forModel(model).id]).toEqual([model, 'harmony']);
    expect(router.forModel('gpt-4o').id).toBe('auto');
  });

  it("a model resolves with the format's stops", () => {
    expect(router.resolveModel('openai/gpt-oss-20b').stop).toEqual(['<|call|>', '<|return|>']);
  });
});

describe('auto mode and rescue', () => {
  const auto = router.get('auto');

  it('auto mode reads the same calls, reasoning and content', () => {
    const r = parseWith(auto, CALL);
    expect(callsOf(r)).toEqual([{ name: 'read_file', arguments: { path: 'a.txt' } }]);
    expect(r.reasoning).toBe('Need the file.');
    expect(parseWith(auto, `${CALL}<|start|>assistant<|channel|>final<|message|>Done.`).content).toBe(
      'Done.',
    );
    expect(
      callsOf(parseWith(auto, ' to=functions.read_file<|channel|>commentary json<|message|>{}')),
    ).toEqual([{ name: 'read_file', arguments: {} }]);
  });

  it('auto mode streams as it parses', () => {
    expect(findStreamingMismatch(auto, CALL)).toBeNull();
  });

  it('rescue finds the calls of leaked harmony text', () => {
    const r = router.rescue(CALL, { model: 'some-unknown-model' });
    expect(callsOf(r)).toEqual([{ name: 'read_file', arguments: { path: 'a.txt' } }]);
    expect(r.format).toBe('harmony');
  });

  it('the auto handler detects it', () => {
    expect(auto.detect(CALL)).toBeGreaterThan(0.9);
    expect(createHarmonyFormat().detect('no markup here')).toBe(0);
  });
});

const harmony = createHarmonyFormat();

const SEARCH =
  '<|start|>assistant<|channel|>commentary to=functions.search_docs <|constrain|>json<|message|>';

describe('the messages of one output', () => {
  it.each([
    [
      "the model writes it, after the prompt's `<|start|>assistant`",
      '<|channel|>analysis<|message|>The user wants docs.<|end|><|start|>assistant<|channel|>commentary to=functions.search_docs <|constrain|>json<|message|>{"q": "streams"}<|call|>',
    ],
    [
      'with the leading `<|start|>assistant` kept',
      '<|start|>assistant<|channel|>analysis<|message|>The user wants docs.<|end|><|start|>assistant<|channel|>commentary to=functions.search_docs <|constrain|>json<|message|>{"q": "streams"}<|call|>',
    ],
    [
      'the recipient before the channel (the template)',
      '<|channel|>analysis<|message|>The user wants docs.<|end|><|start|>assistant to=functions.search_docs<|channel|>commentary json<|message|>{"q": "streams"}<|call|>',
    ],
    [
      'without `<|constrain|>json`',
      '<|channel|>analysis<|message|>The user wants docs.<|end|><|start|>assistant<|channel|>commentary to=functions.search_docs<|message|>{"q": "streams"}<|call|>',
    ],
    [
      'the stop token cut off by the server',
      '<|channel|>analysis<|message|>The user wants docs.<|end|><|start|>assistant<|channel|>commentary to=functions.search_docs <|constrain|>json<|message|>{"q": "streams"}',
    ],
    [
      'pretty-printed arguments',
      '<|channel|>analysis<|message|>The user wants docs.<|end|><|start|>assistant<|channel|>commentary to=functions.search_docs <|constrain|>json<|message|>{\n  "q": "streams"\n}<|call|>',
    ],
  ])('%s: analysis is reasoning, the call is a call', (_, text) => {
    const r = parseWith(harmony, text);
    expect(callsOf(r)).toEqual([{ name: 'search_docs', arguments: { q: 'streams' } }]);
    expect(r.reasoning).toBe('The user wants docs.');
    expect(r.content).toBeNull();
    expect(r.issues).toEqual([]);
    expect(r.format).toBe('harmony');
    expectStreamingEqualsBatch(harmony, text);
  });

  it('final is content, analysis is reasoning', () => {
    const text =
      '<|channel|>analysis<|message|>Simple greeting.<|end|><|start|>assistant<|channel|>final<|message|>Hi! How can I help?<|return|>';
    const r = parseWith(harmony, text);
    expect(r.calls).toEqual([]);
    expect(r.content).toBe('Hi! How can I help?');
    expect(r.reasoning).toBe('Simple greeting.');
    expectStreamingEqualsBatch(harmony, text);
  });

  it('a final answer alone, and text with no markup at all', () => {
    expect(parseWith(harmony, '<|channel|>final<|message|>Done.<|return|>').content).toBe('Done.');
    const plain = parseWith(harmony, '  Just words, no tokens.\n');
    expect(plain).toEqual({
      calls: [],
      content: 'Just words, no tokens.',
      reasoning: null,
      issues: [],
      format: null,
    });
  });

  it('a commentary preamble is content, before the call', () => {
    const text = `<|channel|>commentary<|message|>Looking that up.<|end|>${SEARCH}{"q": "x"}<|call|>`;
    const r = parseWith(harmony, text);
    expect(r.content).toBe('Looking that up.');
    expect(callsOf(r)).toEqual([{ name: 'search_docs', arguments: { q: 'x' } }]);
    expectStreamingEqualsBatch(harmony, text);
  });

  it('several calls, each its own message', () => {
    const text =
      `${SEARCH}{"q": "a"}<|call|>` +
      '<|start|>assistant<|channel|>commentary to=functions.open_page <|constrain|>json<|message|>{"id": 3}<|call|>' +
      '<|start|>assistant to=functions.ping<|channel|>commentary json<|message|>{}<|call|>';
    const r = parseWith(harmony, text);
    expect(callsOf(r)).toEqual([
      { name: 'search_docs', arguments: { q: 'a' } },
      { name: 'open_page', arguments: { id: 3 } },
      { name: 'ping', arguments: {} },
    ]);
    expect(r.calls.map((c) => c.id)).toEqual(['call_1', 'call_2', 'call_3']);
    expectStreamingEqualsBatch(harmony, text);
  });

  it('final text after a call is content (nothing is lost)', () => {
    const text = `${SEARCH}{"q": "a"}<|call|><|start|>assistant<|channel|>final<|message|>Here it is.`;
    const r = parseWith(harmony, text);
    expect(callsOf(r)).toEqual([{ name: 'search_docs', arguments: { q: 'a' } }]);
    expect(r.content).toBe('Here it is.');
  });

  it('several analysis messages are one reasoning, a line apart', () => {
    const text =
      '<|channel|>analysis<|message|>First.<|end|><|start|>assistant<|channel|>analysis<|message|>Second.<|end|>';
    expect(parseWith(harmony, text).reasoning).toBe('First.\nSecond.');
  });

  it('a call on the analysis channel is still a call', () => {
    const text =
      '<|channel|>analysis<|message|>Check.<|end|><|start|>assistant<|channel|>analysis to=functions.lookup <|constrain|>json<|message|>{"k": 2}';
    const r = parseWith(harmony, text);
    expect(callsOf(r)).toEqual([{ name: 'lookup', arguments: { k: 2 } }]);
    expect(r.reasoning).toBe('Check.');
  });
});

describe('two messages for the user', () => {
  it('read as two lines, not glued together', () => {
    const text =
      '<|channel|>commentary<|message|>Let me check.<|end|>' +
      '<|start|>assistant<|channel|>final<|message|>Done.<|return|>';
    expect(parseWith(harmony, text)).toMatchObject({ calls: [], content: 'Let me check.\nDone.' });
    expectStreamingEqualsBatch(harmony, text);
  });
});

describe('what servers strip or leave', () => {
  it('the output starts with the recipient (the server kept `<|start|>assistant` in the prompt)', () => {
    for (const channel of ['commentary', 'analysis']) {
      const text = ` to=functions.lookup<|channel|>${channel} <|constrain|>json<|message|>{"k": 1}`;
      const r = parseWith(harmony, text);
      expect(callsOf(r)).toEqual([{ name: 'lookup', arguments: { k: 1 } }]);
      expect(r.content).toBeNull();
      expectStreamingEqualsBatch(harmony, text);
    }
  });

  it('a server that stripped the special tokens: `to=functions.NAME json{…}`', () => {
    const text = 'commentary to=functions.get_weather json{"city": "Paris"}';
    const r = parseWith(harmony, text);
    expect(callsOf(r)).toEqual([{ name: 'get_weather', arguments: { city: 'Paris' } }]);
    expectStreamingEqualsBatch(harmony, text);
    // Prose that names a recipient is still prose.
    const prose = 'Send it to=functions.get_weather docs for details.';
    expect(parseWith(harmony, prose)).toMatchObject({ calls: [], content: prose });
  });

  it('the recipient after `<|start|>assistant`, on the analysis channel', () => {
    const text =
      '<|channel|>analysis<|message|>Hmm.<|end|><|start|>assistant to=functions.lookup<|channel|>analysis <|constrain|>json<|message|>{"k": 1}';
    const r = parseWith(harmony, text);
    expect(callsOf(r)).toEqual([{ name: 'lookup', arguments: { k: 1 } }]);
    expect(r.reasoning).toBe('Hmm.');
  });

  it('reasoning the output ends inside is reasoning', () => {
    const r = parseWith(harmony, '<|channel|>analysis<|message|>Still thinking about');
    expect(r.reasoning).toBe('Still thinking about');
    expect(r.content).toBeNull();
  });

  it('`reasoningOpen`: the prompt ended with the analysis header', () => {
    const r = parseWith(harmony, 'Thinking.<|end|><|start|>assistant<|channel|>final<|message|>Answer.', {
      reasoningOpen: true,
    });
    expect(r.reasoning).toBe('Thinking.');
    expect(r.content).toBe('Answer.');
  });

  it('an analysis message that runs into the next message without `<|end|>`', () => {
    const text = `<|channel|>analysis<|message|>Plan.<|start|>assistant<|channel|>commentary to=functions.lookup<|message|>{"k": 1}`;
    const r = parseWith(harmony, text);
    expect(callsOf(r)).toEqual([{ name: 'lookup', arguments: { k: 1 } }]);
    expect(r.reasoning).toBe('Plan.');
    expectStreamingEqualsBatch(harmony, text);
  });

  it('a header spelled with extra blanks is read by the block parser', () => {
    const r = parseWith(harmony, '<|channel|>final <|message|>Spaced.<|return|>');
    expect(r.content).toBe('Spaced.');
    expect(r.issues).toEqual([]);
  });

  it('`<think>` from servers that rewrite the analysis channel', () => {
    const r = parseWith(harmony, '<think>Quick check.</think>All good.');
    expect(r.reasoning).toBe('Quick check.');
    expect(r.content).toBe('All good.');
  });

  it('messages without `<|end|>` between them', () => {
    const r = parseWith(
      harmony,
      '<|channel|>commentary to=functions.f<|message|>{"a": 1}<|channel|>final<|message|>ok',
    );
    expect(callsOf(r)).toEqual([{ name: 'f', arguments: { a: 1 } }]);
    expect(r.content).toBe('ok');
  });
});

describe('calls the output ended inside', () => {
  it.each([
    ['inside the arguments', `${SEARCH}{"q": "stre`],
    ['right after the header', SEARCH],
    ['inside the header', '<|start|>assistant<|channel|>commentary to=functions.search_docs <|constr'],
    ['inside a JSON string of the arguments', `${SEARCH}"{\\"q\\": 1`],
  ])('%s: no call, a partial-call issue with the raw text', (_, text) => {
    const r = parseWith(harmony, text);
    expect(r.calls).toEqual([]);
    expect(r.content).toBeNull();
    expect(r.issues.map((i) => i.kind)).toEqual(['partial-call']);
    expect(text.endsWith(r.issues[0]!.raw!)).toBe(true);
    expectStreamingEqualsBatch(harmony, text);
  });

  it('complete calls before the cut are kept', () => {
    const r = parseWith(harmony, `${SEARCH}{"q": "a"}<|call|>${SEARCH}{"q": `);
    expect(callsOf(r)).toEqual([{ name: 'search_docs', arguments: { q: 'a' } }]);
    expect(r.issues.map((i) => i.kind)).toEqual(['partial-call']);
  });

  it('onMalformed keep: the cut-off call stays in content', () => {
    const r = parseWith(harmony, `${SEARCH}{"q": "stre`, { onMalformed: 'keep' });
    expect(r.calls).toEqual([]);
    expect(r.content).toContain('{"q": "stre');
  });

  it('arguments the model ended with `<|call|>` before they closed are no call either', () => {
    const r = parseWith(harmony, `${SEARCH}{"q": "a"<|call|>`);
    expect(r.calls).toEqual([]);
    expect(r.issues.map((i) => i.kind)).toEqual(['malformed-call']);
  });
});

describe('arguments', () => {
  it('empty arguments are an empty object', () => {
    const r = parseWith(
      harmony,
      '<|channel|>commentary to=functions.ping <|constrain|>json<|message|><|call|>',
    );
    expect(callsOf(r)).toEqual([{ name: 'ping', arguments: {} }]);
  });

  it('JSON5 is repaired and reported', () => {
    const r = parseWith(harmony, `${SEARCH}{q: 'a',}<|call|>`);
    expect(callsOf(r)).toEqual([{ name: 'search_docs', arguments: { q: 'a' } }]);
    expect(r.issues.map((i) => i.kind)).toEqual(['json-repaired']);
  });

  it('a JSON string holding the object is unwrapped once', () => {
    const r = parseWith(harmony, `${SEARCH}"{\\"q\\": \\"a\\"}"<|call|>`);
    expect(callsOf(r)).toEqual([{ name: 'search_docs', arguments: { q: 'a' } }]);
  });

  it('text after the arguments stays content', () => {
    const r = parseWith(harmony, `${SEARCH}{"q": "a"} (searching now)<|call|>`);
    expect(callsOf(r)).toEqual([{ name: 'search_docs', arguments: { q: 'a' } }]);
    expect(r.content).toBe('(searching now)');
    expect(r.issues.map((i) => i.kind)).toEqual(['trailing-text']);
  });

  it('a message that is not JSON is no call: removed and reported with its raw text', () => {
    const text = `${SEARCH}search for streams<|call|>`;
    const r = parseWith(harmony, text);
    expect(r.calls).toEqual([]);
    expect(r.content).toBeNull();
    expect(r.issues.map((i) => i.kind)).toEqual(['malformed-call']);
    expect(r.issues[0]!.raw).toContain('search for streams');
  });

  it('a call announced before its message turned out not to be JSON is withdrawn in the stream', () => {
    // The recipient alone (no channel before it) and a message long enough to announce the call:
    // the stream started the call, and must abort it when the block is settled as broken.
    for (const text of [
      ' to=functions.f<|message|>   !     !',
      ' to=functions.f<|message|>not json, words only',
    ]) {
      const r = expectStreamingEqualsBatch(harmony, text);
      expect(r.calls).toEqual([]);
      expect(r.issues.map((i) => i.kind)).toEqual(['malformed-call']);
      const events = harmony.createStreamParser().push(text);
      expect(events.map((e) => e.type)).toContain('tool-call-start');
    }
  });

  it('tokens inside a JSON string of the arguments are text of the arguments', () => {
    const doc = 'ends with <|end|>, calls with <|call|>, then <|start|>assistant<|channel|>final<|message|>';
    const json = JSON.stringify({ doc });
    for (const text of [
      `<|channel|>commentary to=functions.save <|constrain|>json<|message|>${json}<|call|>`,
      `<|start|>assistant to=functions.save<|channel|>commentary json<|message|>${json}<|call|>`,
      `<|channel|>commentary to=functions.save<|message|>${json}<|call|><|start|>assistant<|channel|>final<|message|>Saved.`,
    ]) {
      const r = parseWith(harmony, text);
      expect(callsOf(r)).toEqual([{ name: 'save', arguments: { doc } }]);
      expect(r.issues).toEqual([]);
      expectStreamingEqualsBatch(harmony, text);
    }
  });

  it('`__proto__` is an own key, not a prototype', () => {
    const r = parseWith(harmony, `${SEARCH}{"__proto__": {"polluted": true}}<|call|>`);
    const args = r.calls[0]!.arguments;
    expect(Object.hasOwn(args, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('names and tools', () => {
  const tools = [{ name: 'search_docs' }];

  it('an undeclared tool is kept and flagged, or dropped', () => {
    const text = '<|channel|>commentary to=functions.rm_rf <|constrain|>json<|message|>{}<|call|>';
    const kept = parseWith(harmony, text, { tools });
    expect(callsOf(kept)).toEqual([{ name: 'rm_rf', arguments: {} }]);
    expect(kept.issues.map((i) => i.kind)).toEqual(['unknown-tool']);
    expect(parseWith(harmony, text, { tools, unknownTools: 'drop' }).calls).toEqual([]);
  });

  it('a content type glued to the name is taken off when the tool without it is declared', () => {
    // Leaked by vLLM's gpt-oss template path: `to=functions.shelljson` for the tool `shell`.
    const text = '<|channel|>commentary to=functions.shelljson<|message|>{"cmd": ["ls"]}<|call|>';
    expect(callsOf(parseWith(harmony, text, { tools: [{ name: 'shell' }] }))).toEqual([
      { name: 'shell', arguments: { cmd: ['ls'] } },
    ]);
    // Without the tool declared there is no telling: the name stays as written.
    expect(callsOf(parseWith(harmony, text)).map((c) => c.name)).toEqual(['shelljson']);
  });

  it('a tool declared with its namespace keeps it', () => {
    const text = '<|channel|>commentary to=functions.search_docs<|message|>{}<|call|>';
    const r = parseWith(harmony, text, { tools: [{ name: 'functions.search_docs' }] });
    expect(r.calls.map((c) => c.name)).toEqual(['functions.search_docs']);
    expect(r.issues).toEqual([]);
  });

  it('a function whose name holds a blank, as LM Studio renders it', () => {
    const text =
      '<|start|>assistant<|channel|>commentary to=functions.Web Search <|constrain|>json<|message|>{ "query": "fans", "pageSize": 10 }';
    const r = parseWith(harmony, text);
    expect(callsOf(r)).toEqual([{ name: 'Web Search', arguments: { query: 'fans', pageSize: 10 } }]);
    expect(r.content).toBeNull();
    expectStreamingEqualsBatch(harmony, text);
    // The template's order, the content type bare.
    const template =
      '<|start|>assistant to=functions.Web Search<|channel|>commentary json<|message|>{}<|call|>';
    expect(callsOf(parseWith(harmony, template))).toEqual([{ name: 'Web Search', arguments: {} }]);
    // A content type or a channel after the name is the header's own word.
    expect(
      callsOf(parseWith(harmony, '<|channel|>commentary to=functions.f json<|message|>{}<|call|>')),
    ).toEqual([{ name: 'f', arguments: {} }]);
  });

  it('a word after a recipient in prose is still prose', () => {
    for (const text of [
      'Send it to=functions.Web Search later.',
      'to=functions.Web Search docs<|end|>',
      'LM Studio renders <|channel|>commentary to=functions.Web Search and its parser stops at the blank.',
    ]) {
      const r = parseWith(harmony, text);
      expect(r.calls).toEqual([]);
      expect(r.content).toContain('to=functions.Web Search');
      expectStreamingEqualsBatch(harmony, text);
    }
  });

  it('a recipient without a name is reported', () => {
    const r = parseWith(
      harmony,
      '<|channel|>commentary to=functions. <|constrain|>json<|message|>{}<|call|>',
    );
    expect(r.calls).toEqual([]);
    expect(r.issues.map((i) => i.kind)).toEqual(['malformed-call']);
  });

  it('a header with a recipient and no message is reported', () => {
    const r = parseWith(harmony, '<|channel|>commentary to=functions.ping<|call|>');
    expect(r.calls).toEqual([]);
    expect(r.issues.map((i) => i.kind)).toEqual(['malformed-call']);
  });
});

describe('built-in tools', () => {
  it('python gets its code', () => {
    const text =
      '<|channel|>analysis<|message|>Compute it.<|end|><|start|>assistant<|channel|>analysis to=python code<|message|>print(2 ** 10)<|call|>';
    const r = parseWith(harmony, text);
    expect(callsOf(r)).toEqual([{ name: 'python', arguments: { code: 'print(2 ** 10)' } }]);
    expect(r.reasoning).toBe('Compute it.');
    expectStreamingEqualsBatch(harmony, text);
  });

  it('the browser tool takes JSON, its name as written', () => {
    const text =
      '<|start|>assistant to=browser.search<|channel|>analysis<|message|>{"query": "harmony format", "topn": 3}<|call|>';
    expect(callsOf(parseWith(harmony, text))).toEqual([
      { name: 'browser.search', arguments: { query: 'harmony format', topn: 3 } },
    ]);
  });

  it('recipient first, with no `<|start|>`', () => {
    const r = parseWith(harmony, ' to=python<|channel|>analysis code<|message|>x = 1');
    expect(callsOf(r)).toEqual([{ name: 'python', arguments: { code: 'x = 1' } }]);
  });

  it('a built-in message that is not JSON goes under `input`', () => {
    const r = parseWith(harmony, '<|channel|>analysis to=container.exec<|message|>ls -la<|call|>');
    expect(callsOf(r)).toEqual([{ name: 'container.exec', arguments: { input: 'ls -la' } }]);
  });
});

describe('what is not a call', () => {
  it('`to=functions.` in prose stays prose', () => {
    for (const text of [
      'Address it to=functions.helper later.',
      '<|channel|>final<|message|>Write to=functions.helper yourself.<|return|>',
      'to=functions. is a namespace',
      'to=functions.helper\nis where it goes<|end|>',
      'redirect_to=https://example.com/?to=python',
    ]) {
      const r = parseWith(harmony, text);
      expect(r.calls).toEqual([]);
      expect(r.issues).toEqual([]);
      expect(r.content).toContain('to=');
      expect(r.content).not.toContain('<|');
      expectStreamingEqualsBatch(harmony, text);
    }
  });

  it('prose after `to=functions.` at the start of a line, then a real message', () => {
    const text = 'Notes:\nto=functions.x docs <|channel|>final<|message|>Bye.';
    const r = parseWith(harmony, text);
    expect(r.calls).toEqual([]);
    expect(r.content).toBe('Notes:\nto=functions.x docs\nBye.');
    expectStreamingEqualsBatch(harmony, text);
  });

  it('a message to the assistant (a tool result in a transcript) is text, its header cut out', () => {
    const text =
      '<|start|>functions.lookup to=assistant<|channel|>commentary<|message|>{"found": true}<|end|>';
    const r = parseWith(harmony, text);
    expect(r.calls).toEqual([]);
    expect(r.content).toBe('{"found": true}');
  });

  it("another role's message is text", () => {
    expect(parseWith(harmony, '<|start|>user<|message|>Hello?<|end|>').content).toBe('Hello?');
  });

  it('a header cut off by the end, with no recipient, is cut out quietly', () => {
    const r = parseWith(harmony, 'Done.<|end|><|start|>assistant<|channel|>fin');
    expect(r).toMatchObject({ calls: [], content: 'Done.', issues: [] });
  });

  it('a word the output ended after is not taken for the start of a role (`s ` is not `system`)', () => {
    expect(parseWith(harmony, '!<|start|>s ').content).toBe('!s');
    expect(parseWith(harmony, 'Hi<|start|>s').content).toBe('Hi');
  });

  it('code spans do not hide the tokens that end a message', () => {
    const text =
      '<|channel|>commentary<|message|>Running:\n```sh\nls\n```<|end|><|start|>assistant<|channel|>commentary to=functions.shell<|message|>{"cmd": "ls"}<|call|>';
    const r = parseWith(harmony, text);
    expect(callsOf(r)).toEqual([{ name: 'shell', arguments: { cmd: 'ls' } }]);
    expect(r.content).toBe('Running:\n```sh\nls\n```');
  });
});

describe('sanitize and detect', () => {
  it('sanitize leaves the text a user should see', () => {
    const text =
      '<|channel|>analysis<|message|>secret plan<|end|><|start|>assistant<|channel|>commentary<|message|>One moment.<|end|>' +
      `${SEARCH}{"q": "a"}<|call|><|start|>assistant<|channel|>final<|message|>Found it.<|return|>`;
    const clean = harmony.sanitize(text);
    expect(clean).not.toContain('<|');
    expect(clean).not.toContain('secret plan');
    expect(clean).not.toContain('search_docs');
    expect(clean).toContain('One moment.');
    expect(clean).toContain('Found it.');
  });

  it('sanitize removes a cut-off call', () => {
    expect(harmony.sanitize(`Sure.${SEARCH}{"q": "a`)).toBe('Sure.');
  });

  it('detect is sure of the special tokens, less of the stop tokens, not of prose', () => {
    expect(harmony.detect('<|channel|>final<|message|>x')).toBe(0.95);
    expect(harmony.detect('<|start|>assistant to=functions.f')).toBe(0.9);
    expect(harmony.detect(' to=functions.f')).toBe(0.8);
    expect(harmony.detect('done<|return|>')).toBe(0.5);
    expect(harmony.detect('<tool_call>{"name": "f"}</tool_call>')).toBe(0);
    expect(harmony.detect('plain prose')).toBe(0);
  });

  it('stops at `<|call|>` and `<|return|>`', () => {
    expect(harmony.stopSequences()).toEqual(['<|call|>', '<|return|>']);
  });
});

describe('streaming a call (architecture/semantics.md, guarantee 7)', () => {
  /** One-character chunks: each event with where it arrived. */
  function streamChars(text: string) {
    const parser = harmony.createStreamParser();
    const seen = [...text].flatMap((ch, at) => parser.push(ch).map((e) => ({ at, e })));
    return [...seen, ...parser.end().map((e) => ({ at: text.length, e }))];
  }

  it.each([
    ['the model', `${SEARCH}{"q": "streams", "limit": 5}<|call|>`],
    [
      'the template',
      '<|start|>assistant to=functions.search_docs<|channel|>commentary json<|message|>{"q": "streams", "limit": 5}<|call|>',
    ],
    [
      'a server that cut the role',
      ' to=functions.search_docs<|channel|>commentary json<|message|>{"q": "streams", "limit": 5}<|call|>',
    ],
  ])('%s: announced once the header ends, the arguments streamed as they arrive', (_, text) => {
    const seen = streamChars(text);
    const start = seen.find(({ e }) => e.type === 'tool-call-start')!;
    expect(start.e).toMatchObject({ name: 'search_docs' });
    expect(start.at).toBeLessThan(text.indexOf('"limit"'));
    const deltas = seen.flatMap(({ e }) => (e.type === 'tool-call-delta' ? [e.argumentsDelta] : []));
    expect(deltas.length).toBeGreaterThan(5);
    expect(deltas.join('')).toBe('{"q":"streams","limit":5}');
    expect(seen.filter(({ e }) => e.type === 'tool-call-end')).toHaveLength(1);
  });

  it('a built-in tool is not announced early: its arguments need not be JSON', () => {
    const text =
      '<|start|>assistant<|channel|>analysis to=python code<|message|>print({"a": 1} | {"b": 2} | {"c": 3})<|call|>';
    const seen = streamChars(text);
    expect(seen.find(({ e }) => e.type === 'tool-call-start')!.at).toBeGreaterThanOrEqual(text.length - 1);
  });
});

describe('a model that skips a token, a server that cuts one', () => {
  const CALL = 'to=functions.get_weather<|channel|>commentary json<|message|>{"city": "Paris"}<|call|>';
  const weather = [{ name: 'get_weather', arguments: { city: 'Paris' } }];

  it('analysis with no <|end|>, then the next message: the call is read, no token in reasoning', () => {
    const text =
      '<|channel|>analysis<|message|>Need weather.<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{"city": "Paris"}<|call|>';
    const r = expectStreamingEqualsBatch(harmony, text);
    expect(callsOf(r)).toEqual(weather);
    expect(r).toMatchObject({ content: null, reasoning: 'Need weather.', issues: [] });
  });

  it('a call whose <|start|>assistant the server cut off, after the end of a message', () => {
    for (const before of [
      '<|channel|>analysis<|message|>Need weather.<|end|>',
      '<|channel|>commentary<|message|>Checking.<|end|>',
    ]) {
      const r = expectStreamingEqualsBatch(harmony, `${before} ${CALL}`);
      expect(callsOf(r)).toEqual(weather);
      expect(r.content ?? '').not.toContain('to=');
    }
  });

  it('a token inside a JSON string, and the server cut <|call|> off: the call is whole', () => {
    const text = `${SEARCH}{"q": "what <|end|> means"}`;
    const r = expectStreamingEqualsBatch(harmony, text);
    expect(callsOf(r)).toEqual([{ name: 'search_docs', arguments: { q: 'what <|end|> means' } }]);
    expect(r.issues).toEqual([]);
  });
});

describe('header tokens named in a sentence (architecture/precision.md)', () => {
  it('a run of tokens with a blank before it and the sentence going on after it stays text', () => {
    const text =
      'Honestly the harmony format is verbose: <|start|>assistant<|channel|>final<|message|> just to say hello.';
    const r = parseWith(harmony, text);
    expect(r.content).toBe(text);
    expect(r.calls).toEqual([]);
    expectStreamingEqualsBatch(harmony, text);
  });

  it('the same run before the final answer itself is still scaffolding', () => {
    expect(
      parseWith(harmony, 'Note: <|start|>assistant<|channel|>final<|message|>Hello there.').content,
    ).toBe('Note: Hello there.');
    expect(parseWith(harmony, '<|start|>assistant<|channel|>final<|message|>Hello.').content).toBe('Hello.');
  });

  it('a message that ends with a blank, and the next one starting with punctuation: no token leaks', () => {
    // Found by the properties: glued punctuation after a run of tokens is the next message's text.
    const text =
      '<|start|>assistant<|channel|>final<|message|>! <|end|><|start|>assistant<|channel|>commentary<|message|>=<|end|>';
    const r = expectStreamingEqualsBatch(harmony, text);
    expect(r.content).toBe('! =');
    expect(r.issues).toEqual([]);
  });

  it('a message that ends with a blank, and the next one starting with a blank: no token leaks', () => {
    // Found by the properties too: a run that starts with <|end|> starts by ending a message, so
    // what follows it is the next message, even after a blank (` ! `, ` then`), not the sentence.
    for (const next of [' ! ', ' then more']) {
      const text = `<|start|>assistant<|channel|>final<|message|>! <|end|><|start|>assistant<|channel|>commentary<|message|>${next}<|end|>`;
      const r = expectStreamingEqualsBatch(harmony, text);
      expect(r.content).toBe(`! ${next.trim()}`);
      expect(r.issues).toEqual([]);
    }
  });

  it('a single token with punctuation glued to it is still named in the sentence', () => {
    const text = 'Reasoning ends at <|end|>, then the answer starts.';
    expect(parseWith(harmony, text).content).toBe(text);
  });
});
