import { createRouter } from '@toolformat/core';
import type { MarkupFormatHandler } from '@toolformat/core/kit';
import { describe, expect, it } from 'vitest';
import { builtinPlugins } from './index.js';

describe('builtinPlugins', () => {
  it('holds the ten built-in families once each, hermes first', () => {
    expect(builtinPlugins.map((p) => p.id)).toEqual([
      'hermes',
      'xml',
      'react',
      'llama',
      'deepseek',
      'mistral',
      'gemma',
      'kimi',
      'solar',
      'harmony',
    ]);
    expect(Object.isFrozen(builtinPlugins)).toBe(true);
  });

  it('gives a router that reads every family and routes a model name to its format', () => {
    const router = createRouter({ plugins: builtinPlugins });
    const text = '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';
    const result = router.parse(text, { model: 'qwen2.5-7b-instruct' });
    expect(result.calls.map((c) => [c.name, c.arguments])).toEqual([['get_weather', { city: 'Paris' }]]);
    expect(
      router.parse('[TOOL_CALLS][{"name": "f", "arguments": {}}]', { format: 'auto' }).calls,
    ).toHaveLength(1);
  });

  it("reads back every format's own call when an argument says 'end-of-output' or 'json-end'", () => {
    // Words that name how a block ends in a format's declaration; once they closed the block.
    const router = createRouter({ plugins: builtinPlugins });
    const tools = [{ name: 'f', parameters: { type: 'object', properties: { a: { type: 'string' } } } }];
    const args = { a: 'stop at end-of-output, or at json-end' };
    const missed: string[] = [];
    for (const info of router.formats()) {
      for (const variant of [undefined, ...info.variants]) {
        const handler = router.get(info.id, variant);
        const written = handler.formatToolCalls([{ id: 'call_1', name: 'f', arguments: args }]);
        const read = handler.parse(written, { tools }).calls.map((c) => c.arguments);
        if (JSON.stringify(read) !== JSON.stringify([args])) missed.push(handler.id);
      }
    }
    expect(missed).toEqual([]);
  });

  it("reads back every format's own call when a string argument holds any format's markup", () => {
    // A call that writes a file about these formats (an agent working on a parser) holds their
    // markers in a string; the writer writes it so that the reader takes it back whole, not cut at
    // the marker with the rest as text, or cut short and executed. Where the format writes the
    // value raw, with nothing to escape a marker by, a marker of the format itself is ambiguous:
    // those are listed, and the list may only shrink.
    const router = createRouter({ plugins: builtinPlugins });
    const handlers = router
      .formats()
      .flatMap((info) => [undefined, ...info.variants].map((v) => router.get(info.id, v)));
    const markers = new Set<string>();
    const add = (m: string | readonly string[] | undefined) => {
      for (const s of m === undefined ? [] : typeof m === 'string' ? [m] : m) {
        if (s.trim().length > 1 && s !== 'end-of-output' && s !== 'json-end') markers.add(s);
      }
    };
    for (const h of handlers) {
      const spec = (h as MarkupFormatHandler).markup;
      if (spec === undefined) continue;
      for (const b of spec.blocks) {
        add(b.open);
        add(b.close);
        add(b.closeBefore);
      }
      for (const r of spec.reasoning ?? []) {
        add(r.open);
        add(r.close);
      }
      add(spec.strip);
      add(spec.separators);
      add(spec.labels);
    }
    const tools = [{ name: 'f', parameters: { type: 'object', properties: { a: { type: 'string' } } } }];
    const missed: Record<string, string[]> = {};
    for (const h of handlers) {
      for (const m of markers) {
        const args = { a: `x ${m} y` };
        const written = h.formatToolCalls([{ id: 'call_1', name: 'f', arguments: args }]);
        const read = h.parse(written, { tools }).calls.map((c) => c.arguments);
        if (JSON.stringify(read) === JSON.stringify([args])) continue;
        missed[h.id] ??= [];
        missed[h.id]!.push(m);
      }
    }
    expect(markers.size).toBeGreaterThan(150);
    expect(missed).toEqual(RAW_VALUE_AMBIGUITIES);
  });

  it("reads back every format's own call when a string argument holds another format's whole call", () => {
    // Not a marker alone but a call as each format writes it, with its attributes and arguments
    // (`<invoke name="g"><parameter name="b">v</parameter>…`), whole, cut in half, or inside words.
    // Only a format's own calls are ambiguous, where it writes values raw; those are listed, and
    // the list may only shrink.
    const router = createRouter({ plugins: builtinPlugins });
    const handlers = [
      ...new Map(
        router
          .formats()
          .flatMap((info) => [undefined, ...info.variants].map((v) => router.get(info.id, v)))
          .map((h) => [h.id, h] as const),
      ).values(),
    ];
    const values: Array<[name: string, value: string]> = [];
    for (const writer of handlers) {
      const call = writer.formatToolCalls([{ id: 'call_9', name: 'g', arguments: { b: 'v' } }]);
      const half = Math.ceil(call.length / 2);
      values.push(
        [`${writer.id} whole`, call],
        [`${writer.id} in words`, `x ${call} y`],
        [`${writer.id} first half`, call.slice(0, half)],
        [`${writer.id} second half`, call.slice(half)],
      );
    }
    const tools = [{ name: 'f', parameters: { type: 'object', properties: { a: { type: 'string' } } } }];
    const missed: Record<string, string[]> = {};
    for (const h of handlers) {
      for (const [name, value] of values) {
        const written = h.formatToolCalls([{ id: 'call_1', name: 'f', arguments: { a: value } }]);
        const read = h.parse(written, { tools }).calls.map((c) => c.arguments);
        if (JSON.stringify(read) === JSON.stringify([{ a: value }])) continue;
        missed[h.id] ??= [];
        missed[h.id]!.push(name);
      }
    }
    expect(values.length).toBeGreaterThan(200);
    expect(missed).toEqual(OWN_CALL_AMBIGUITIES);
  });
});

/**
 * A format's own whole call inside a value it writes raw: Gemma 4's and FunctionGemma's string
 * delimiter (`<|"|>`, `<escape>`) has no escape, so the call is removed with a malformed-call
 * issue; Kimi K3 and Solar Open 2 as in RAW_VALUE_AMBIGUITIES.
 */
const OWN_CALL_AMBIGUITIES: Record<string, string[]> = {
  'gemma:functiongemma': [
    'gemma:functiongemma whole',
    'gemma:functiongemma in words',
    'gemma:functiongemma second half',
  ],
  'gemma:gemma4': ['gemma:gemma4 whole', 'gemma:gemma4 in words', 'gemma:gemma4 second half'],
  'kimi:k3': ['kimi:k3 whole', 'kimi:k3 in words', 'kimi:k3 first half', 'kimi:k3 second half'],
  'solar:open2': [
    'solar whole',
    'solar in words',
    'solar first half',
    'solar second half',
    'solar:open2 whole',
    'solar:open2 in words',
    'solar:open2 first half',
    'solar:open2 second half',
  ],
};

/**
 * The handler's own markers inside a value it writes raw, with no escape the reader would take
 * back: Kimi K3's string arguments and Solar Open 2's values. These end the value where the
 * model's own parser ends it too.
 */
const RAW_VALUE_AMBIGUITIES: Record<string, string[]> = {
  'kimi:k3': [
    '<|open|>tools<|sep|><|open|>call ',
    '<|open|>call ',
    '<|close|>call<|sep|><|close|>tools<|sep|>',
    '<|close|>call<|sep|>',
    '<|close|>tools<|sep|>',
    '<|close|>message<|sep|>',
  ],
  'solar:open2': [
    '<|endoftext|>',
    '<|end|>',
    '<|tool_call:end|>',
    '<|tool_calls|>',
    '<|calls|>',
    '<|flush|>',
    '<|tool_call:start|>',
    '<|end|> to=',
  ],
};
