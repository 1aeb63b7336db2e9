/**
 * runToolLoop's mechanics over the core's toy format (`<call>{…}</call>`, results `<result>…</result>`):
 * what each turn receives, how results go back, what ends the loop. The model-like scenarios run
 * with real formats in format-react and the CLI (core imports no format).
 */
import { describe, expect, it } from 'vitest';
import { sequentialIds } from './kit/ids.js';
import type { ToolCall, ToolDefinition } from './schemas.js';
import { createToyFormat } from './test-support/toy-format.js';
import {
  type GenerateFn,
  type GenerateOptions,
  type LoopMessage,
  runToolLoop,
  type StreamGenerateFn,
  streamToolLoop,
  ToolLoopError,
  type ToolLoopEvent,
} from './tool-loop.js';

const toy = createToyFormat();
const tools: ToolDefinition[] = [
  {
    name: 'add',
    parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } },
  },
  { type: 'function', function: { name: 'fail', parameters: { type: 'object', properties: {} } } },
];
const call = (name: string, args: Record<string, unknown> = {}) =>
  `<call>${JSON.stringify({ name, arguments: args })}</call>`;

/** A generate that answers from a script, and records what it was given. */
function scripted(outputs: string[]) {
  const seen: Array<{ messages: LoopMessage[]; stop: string[] }> = [];
  let turn = 0;
  const generate: GenerateFn = (messages, { stop }) => {
    seen.push({ messages, stop });
    const out = outputs[turn++];
    if (out === undefined) throw new Error('the script ran out');
    return Promise.resolve(out);
  };
  return { generate, seen };
}

const execute = (c: ToolCall) => {
  if (c.name === 'fail') throw new Error('disk full');
  return String(Number(c.arguments.a) + Number(c.arguments.b));
};
const user = (content: string): LoopMessage => ({ role: 'user', content });

describe('runToolLoop', () => {
  it('prompts, stops, parses, executes, feeds the result back and returns the sanitized answer', async () => {
    const { generate, seen } = scripted([`Let me add. ${call('add', { a: 2, b: 3 })}`, 'It is 5.<|eot|>']);
    const r = await runToolLoop({ generate, handler: toy, tools, execute, messages: [user('2+3?')] });
    expect(r.answer).toBe('It is 5.');
    expect(r.calls.map((c) => [c.call.name, c.result.content])).toEqual([['add', '5']]);
    expect(seen[0]!.stop).toEqual(['<|eot|>']);
    expect(seen[0]!.messages[0]).toEqual({ role: 'system', content: toy.systemPrompt(tools) });
    expect(r.transcript.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant']);
    expect(r.transcript[2]!.content).toBe(`Let me add.\n${call('add', { a: 2, b: 3 })}`);
    expect(r.transcript[3]!.content).toBe('<result>5</result>');
    expect(seen[1]!.messages).toEqual(r.transcript.slice(0, 4));
    expect(r.steps).toHaveLength(2);
  });

  it('uses a leading system message as the preamble and adds the caller’s stops', async () => {
    const { generate, seen } = scripted(['hi']);
    await runToolLoop({
      generate,
      handler: createToyFormat(),
      tools,
      execute,
      messages: [{ role: 'system', content: 'Be brief.' }, user('hello')],
      stop: ['</s>', '<|eot|>'],
    });
    expect(seen[0]!.messages[0]!.content).toBe(toy.systemPrompt(tools, { preamble: 'Be brief.' }));
    expect(seen[0]!.messages).toHaveLength(2);
    expect(seen[0]!.stop).toEqual(['<|eot|>', '</s>']);
  });

  it('answers an unknown tool and a throwing tool with an error result, not an exception', async () => {
    const { generate } = scripted([`${call('nope')}\n${call('fail')}`, 'Sorry.']);
    const r = await runToolLoop({ generate, handler: toy, tools, execute, messages: [user('go')] });
    expect(r.answer).toBe('Sorry.');
    expect(r.calls.map((c) => c.result)).toEqual([
      expect.objectContaining({
        name: 'nope',
        isError: true,
        content: expect.stringContaining('unknown tool "nope"'),
      }),
      { id: r.calls[1]!.call.id, name: 'fail', content: 'Error: disk full', isError: true },
    ]);
    expect(r.transcript[3]!.content).toContain('add, fail');
  });

  it('takes one function per tool, and sends results as tool messages when asked', async () => {
    const { generate } = scripted([call('add', { a: 1, b: 1 }), 'Two.']);
    const r = await runToolLoop({
      generate,
      handler: toy,
      tools,
      execute: { add: (args) => Number(args.a) + Number(args.b) },
      messages: [user('1+1')],
      resultRole: 'tool',
    });
    expect(r.transcript[3]).toEqual({
      role: 'tool',
      content: '<result>2</result>',
      toolCallId: r.calls[0]!.call.id,
      name: 'add',
    });
    expect(r.calls[0]!.result.content).toBe(2);
  });

  it('answers a call that did not parse with the parse error, and goes on', async () => {
    const { generate, seen } = scripted(['<call>add(a=1, b=2)</call>', call('add', { a: 1, b: 2 }), '3']);
    const r = await runToolLoop({ generate, handler: toy, tools, execute, messages: [user('1+2')] });
    expect(r.answer).toBe('3');
    expect(r.steps[0]!.results[0]).toMatchObject({ name: 'invalid_tool_call', isError: true });
    expect(seen[1]!.messages.at(-1)!.content).toMatch(/^<result>Error: your tool call could not be read/);
  });

  it('throws a ToolLoopError with the transcript when maxIterations is reached', async () => {
    const { generate } = scripted([call('add', { a: 1, b: 1 }), call('add', { a: 2, b: 2 })]);
    const error = await runToolLoop({
      generate,
      handler: toy,
      tools,
      execute,
      messages: [user('loop')],
      maxIterations: 2,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolLoopError);
    const e = error as ToolLoopError;
    expect(e.reason).toBe('max-iterations');
    expect(e.message).toContain('maxIterations');
    expect(e.calls).toHaveLength(1);
    expect(e.transcript.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
  });

  it('stops on abort, before the next turn and while a tool runs', async () => {
    const controller = new AbortController();
    const { generate } = scripted([call('add', { a: 1, b: 1 }), 'never']);
    const error = await runToolLoop({
      generate,
      handler: toy,
      tools,
      execute: () => {
        controller.abort(new Error('user left'));
        throw new Error('interrupted');
      },
      messages: [user('x')],
      signal: controller.signal,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolLoopError);
    expect((error as ToolLoopError).reason).toBe('aborted');
    expect((error as ToolLoopError).cause).toEqual(new Error('user left'));

    const aborted = new AbortController();
    aborted.abort();
    const generate2 = () => Promise.resolve('unused');
    await expect(
      runToolLoop({
        generate: generate2,
        handler: toy,
        tools,
        execute,
        messages: [],
        signal: aborted.signal,
      }),
    ).rejects.toMatchObject({ reason: 'aborted' });
  });

  it('passes the signal to generate, and a generate error that is not an abort to the caller', async () => {
    const controller = new AbortController();
    let got: AbortSignal | undefined;
    await runToolLoop({
      generate: (_m, o) => {
        got = o.signal;
        return 'ok';
      },
      handler: toy,
      tools,
      execute,
      messages: [],
      signal: controller.signal,
    });
    expect(got).toBe(controller.signal);
    await expect(
      runToolLoop({
        generate: () => Promise.reject(new Error('503')),
        handler: toy,
        tools,
        execute,
        messages: [],
      }),
    ).rejects.toThrow('503');
  });
});

describe('runToolLoop in native mode (dual mode)', () => {
  it('uses native calls as they are, declares the tools to generate, and sends results as tool messages', async () => {
    const seen: Array<{ messages: LoopMessage[]; options: GenerateOptions }> = [];
    const turns = [
      { text: '', toolCalls: [{ id: 'call_a', name: 'add', arguments: { a: 2, b: 3 } }] },
      { text: 'The sum is 5.' },
    ];
    const generate: GenerateFn = (messages, options) => {
      seen.push({ messages, options });
      return turns[seen.length - 1]!;
    };
    const result = await runToolLoop({
      generate,
      native: true,
      handler: toy,
      tools,
      execute,
      messages: [{ role: 'system', content: 'Be exact.' }, user('2+3?')],
    });
    expect(result.answer).toBe('The sum is 5.');
    expect(result.calls.map((c) => c.result.content)).toEqual(['5']);
    // No format prompt, no format stops: the tools go natively.
    expect(seen[0]?.messages).toEqual([{ role: 'system', content: 'Be exact.' }, user('2+3?')]);
    expect(seen[0]?.options.tools).toBe(tools);
    expect(seen[0]?.options.stop).toEqual([]);
    expect(seen[1]?.messages.slice(2)).toEqual([
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'call_a', name: 'add', arguments: { a: 2, b: 3 } }],
      },
      { role: 'tool', content: '5', toolCallId: 'call_a', name: 'add' },
    ]);
  });

  it('still reads a call the model leaked into its text when it made none natively', async () => {
    const turns = [{ text: call('add', { a: 1, b: 1 }) }, { text: 'Two.' }];
    let n = 0;
    const result = await runToolLoop({
      generate: () => turns[n++]!,
      native: true,
      handler: toy,
      tools,
      execute,
      messages: [user('1+1?')],
    });
    expect(result.calls.map((c) => c.call.name)).toEqual(['add']);
    expect(result.answer).toBe('Two.');
  });

  it('does not execute a call only mentioned mid-sentence', async () => {
    const text = `You could write ${call('add', { a: 1, b: 1 })} which would add them.`;
    const result = await runToolLoop({
      generate: () => ({ text }),
      native: true,
      handler: toy,
      tools,
      execute: () => {
        throw new Error('must not run');
      },
      messages: [user('How do I call add?')],
    });
    expect(result.calls).toEqual([]);
  });
});

describe('streamToolLoop', () => {
  /** A streamed generate from a script: each turn's text in 3-character pieces. */
  function streamed(outputs: string[]): StreamGenerateFn {
    let turn = 0;
    return async function* () {
      const out = outputs[turn++] ?? '';
      for (let i = 0; i < out.length; i += 3) yield out.slice(i, i + 3);
    };
  }

  it('yields text as it is released, calls as they start and end, results, then the answer', async () => {
    const events: ToolLoopEvent[] = [];
    const loop = streamToolLoop({
      generate: streamed([`Adding.\n${call('add', { a: 2, b: 2 })}`, 'It is 4.']),
      handler: toy,
      tools,
      execute,
      messages: [user('2+2?')],
    });
    let next = await loop.next();
    while (!next.done) {
      events.push(next.value);
      next = await loop.next();
    }
    const kinds = events.map((e) => (e.type === 'output' ? `output:${e.event.type}` : e.type));
    expect(kinds[0]).toBe('turn-start');
    expect(kinds).toContain('output:tool-call-start');
    const started = kinds.indexOf('output:tool-call-start');
    expect(kinds.indexOf('output:text')).toBeLessThan(started);
    expect(kinds.indexOf('tool-call')).toBeGreaterThan(kinds.indexOf('output:tool-call-end'));
    expect(kinds.slice(-1)).toEqual(['answer']);
    expect(next.value.answer).toBe('It is 4.');
    expect(next.value.calls[0]?.result.content).toBe('4');
  });

  it('gives runToolLoop’s result for the same turns', async () => {
    const outputs = [`${call('add', { a: 1, b: 2 })}`, 'Three.'];
    const loop = streamToolLoop({
      generate: streamed(outputs),
      handler: toy,
      tools,
      execute,
      messages: [user('1+2?')],
      parseOptions: { generateId: sequentialIds() },
    });
    let next = await loop.next();
    while (!next.done) next = await loop.next();
    const batch = await runToolLoop({
      ...scripted(outputs),
      handler: toy,
      tools,
      execute,
      messages: [user('1+2?')],
      parseOptions: { generateId: sequentialIds() },
    });
    expect({ ...next.value, steps: undefined, calls: next.value.calls.map((c) => c.result) }).toEqual({
      ...batch,
      steps: undefined,
      calls: batch.calls.map((c) => c.result),
    });
  });
});
