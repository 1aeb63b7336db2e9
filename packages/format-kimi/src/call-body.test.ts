import { describe, expect, it } from 'vitest';
import { announceName, isBareCounter, isIdText, parseCallId } from './call-body.js';
import { toKimiId } from './render.js';

describe('call ids', () => {
  it('reads the name out of functions.NAME:IDX, dots and colons of the name kept', () => {
    expect(parseCallId('functions.get_weather:0')).toEqual({ name: 'get_weather', index: '0' });
    expect(parseCallId('functions.a.b.c:12')).toEqual({ name: 'a.b.c', index: '12' });
    expect(parseCallId('functions.srv:tool:3')).toEqual({ name: 'srv:tool', index: '3' });
    expect(parseCallId('get_weather:1')).toEqual({ name: 'get_weather', index: '1' });
  });

  it('rejects ids without :DIGITS or without a name', () => {
    for (const id of [
      'functions.get_weather',
      'functions.bad.0',
      'functions.f:',
      'functions.f:x',
      ':0',
      'functions.:0',
      '0',
      '',
    ]) {
      expect(parseCallId(id)).toBeNull();
    }
  });

  it('an id is one word without JSON or markup characters', () => {
    expect(isIdText('functions.f:0')).toBe(true);
    for (const id of ['a b', 'a\nb', 'f{', 'f"', '<f>', 'x'.repeat(513), ''])
      expect(isIdText(id)).toBe(false);
    expect(isBareCounter('42')).toBe(true);
    expect(isBareCounter('4a')).toBe(false);
  });

  it('toKimiId keeps a Kimi id of the same name, adds the prefix, maps anything else stably', () => {
    expect(toKimiId('functions.f:3', 'f')).toBe('functions.f:3');
    expect(toKimiId('f:3', 'f')).toBe('functions.f:3');
    const mapped = toKimiId('call_abc', 'f');
    expect(mapped).toMatch(/^functions\.f:\d{1,5}$/);
    expect(toKimiId('call_abc', 'f')).toBe(mapped);
    expect(toKimiId('call_abd', 'f')).not.toBe(mapped);
    // An id naming another function is not kept: the model would read the wrong name from it.
    expect(toKimiId('functions.g:0', 'f')).toMatch(/^functions\.f:\d+$/);
  });
});

describe('the early announcement', () => {
  it('names the call once the id is complete, and the same for every longer prefix', () => {
    const body = 'functions.get_weather:0<|tool_call_argument_begin|>{"city": "Paris"}';
    const answers = [16, 23, 24, 32, body.length].map((n) => announceName(body.slice(0, n)));
    // The arguments are the JSON after the id: the stream sends them as they arrive.
    const call = { name: 'get_weather', id: 'functions.get_weather:0', arguments: { from: 23 } };
    expect(answers).toEqual([null, null, call, call, call]);
    expect(announceName(' functions.f:0 <|tool_call_argument_begin|>')).toEqual({
      name: 'f',
      id: 'functions.f:0',
      arguments: { from: 14 },
    });
    expect(announceName('functions.f:0{"a": 1}')).toEqual({
      name: 'f',
      id: 'functions.f:0',
      arguments: { from: 13 },
    });
  });

  it('gives the start event the id the call will carry', async () => {
    const { createKimiFormat } = await import('./plugin.js');
    const { streamAll } = await import('@toolformat/core/kit');
    const text =
      '<|tool_calls_section_begin|><|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>' +
      '{"city": "Paris", "unit": "celsius"}<|tool_call_end|><|tool_calls_section_end|>';
    const events = streamAll(createKimiFormat().createStreamParser(), [...text]);
    const start = events.find((e) => e.type === 'tool-call-start');
    const end = events.find((e) => e.type === 'tool-call-end');
    expect(start).toMatchObject({ id: 'functions.get_weather:0', name: 'get_weather' });
    expect(end).toMatchObject({ call: { id: 'functions.get_weather:0' } });
    const startAt = events.findIndex((e) => e.type === 'tool-call-start');
    const endAt = events.findIndex((e) => e.type === 'tool-call-end');
    expect(startAt).toBeLessThan(endAt);
  });

  it('does not announce what names no function by itself', () => {
    expect(announceName('0<|tool_call_argument_begin|>{}')).toBeNull();
    expect(announceName('functions.f<|tool_call_argument_begin|>{}')).toBeNull();
    expect(announceName('   ')).toBeNull();
  });
});
