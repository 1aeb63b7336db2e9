/**
 * runToolLoop's mechanics over the core's toy format (`<call>{…}</call>`, results `<result>…</result>`):
 * what each turn receives, how results go back, what ends the loop. The model-like scenarios run
 * with real formats in format-react and the CLI (core imports no format).
 */
import { describe, expect, it } from 'vitest';
import type { ToolCall, ToolDefinition } from './schemas.js';
import { createToyFormat } from './test-support/toy-format.js';
import { type GenerateFn, type LoopMessage, runToolLoop, ToolLoopError } from './tool-loop.js';

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
