import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { renderPrompt } from './render-prompt.js';
import { testRouter } from './test-support/model-outputs.js';

const hermes = testRouter().get('hermes');
const tools = [
  { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } } } },
];

const conversation: LanguageModelV3Prompt = [
  { role: 'system', content: 'You are terse.' },
  { role: 'system', content: 'Answer in English.' },
  { role: 'user', content: [{ type: 'text', text: 'Paris and Rome?' }] },
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'Two cities.' },
      { type: 'text', text: 'Checking both.' },
      { type: 'tool-call', toolCallId: 'a', toolName: 'get_weather', input: { city: 'Paris' } },
      { type: 'tool-call', toolCallId: 'b', toolName: 'get_weather', input: '{"city":"Rome"}' },
    ],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: 'a',
        toolName: 'get_weather',
        output: { type: 'json', value: { t: 21 } },
      },
      {
        type: 'tool-result',
        toolCallId: 'b',
        toolName: 'get_weather',
        output: { type: 'error-text', value: 'service down' },
      },
    ],
  },
  { role: 'system', content: 'Be kind.' },
];

describe('renderPrompt', () => {
  const out = renderPrompt(conversation, hermes, { tools });

  it('teaches the tools after the leading system messages, which become the preamble', () => {
    expect(out[0]).toEqual({
      role: 'system',
      content: hermes.systemPrompt(tools, { preamble: 'You are terse.\n\nAnswer in English.' }),
    });
    expect(out[1]).toEqual(conversation[2]);
    // A system message later in the conversation stays where it was.
    expect(out[out.length - 1]).toEqual({ role: 'system', content: 'Be kind.' });
  });

  it('writes parallel calls as one turn in the format, after the text, and keeps reasoning', () => {
    const calls = hermes.formatToolCalls([
      { id: 'a', name: 'get_weather', arguments: { city: 'Paris' } },
      { id: 'b', name: 'get_weather', arguments: { city: 'Rome' } },
    ]);
    expect(out[2]).toEqual({
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'Two cities.' },
        { type: 'text', text: `Checking both.\n${calls}` },
      ],
    });
  });

  it('sends the results in one user turn, errors marked as errors', () => {
    const text = [
      hermes.formatResult({ id: 'a', name: 'get_weather', content: { t: 21 } }),
      hermes.formatResult({ id: 'b', name: 'get_weather', content: 'service down', isError: true }),
    ].join('\n');
    expect(out[3]).toEqual({ role: 'user', content: [{ type: 'text', text }] });
    expect(out.some((m) => m.role === 'tool')).toBe(false);
  });

  it('teaches nothing when there are no tools to teach, and keeps the system text as it was', () => {
    const none = renderPrompt(conversation, hermes, { tools: null });
    expect(none[0]).toEqual({ role: 'system', content: 'You are terse.\n\nAnswer in English.' });
    expect(renderPrompt(conversation.slice(2), hermes, { tools: null })[0]?.role).toBe('user');
  });

  it('writes every kind of tool output as text the model can read', () => {
    const results = renderPrompt(
      [
        {
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: 'c',
              toolName: 'rm',
              output: { type: 'execution-denied', reason: 'not allowed' },
            },
            {
              type: 'tool-result',
              toolCallId: 'd',
              toolName: 'shot',
              output: {
                type: 'content',
                value: [
                  { type: 'text', text: 'a chart' },
                  { type: 'file-data', data: 'AAAA', mediaType: 'image/png' },
                ],
              },
            },
            { type: 'tool-approval-response', approvalId: 'x', approved: true },
          ],
        },
        { role: 'tool', content: [{ type: 'tool-approval-response', approvalId: 'y', approved: false }] },
      ],
      hermes,
      { tools: [] },
    );
    expect(results).toEqual([
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: [
              hermes.formatResult({
                id: 'c',
                name: 'rm',
                content: 'Execution denied: not allowed',
                isError: true,
              }),
              hermes.formatResult({ id: 'd', name: 'shot', content: 'a chart\n[file-data omitted]' }),
            ].join('\n'),
          },
        ],
      },
    ]);
  });

  it('turns input that is not an object into arguments without throwing', () => {
    const odd = renderPrompt(
      [
        {
          role: 'assistant',
          content: [
            { type: 'tool-call', toolCallId: 'e', toolName: 'f', input: 'not json' },
            { type: 'tool-call', toolCallId: 'g', toolName: 'f', input: [1, 2] },
          ],
        },
      ],
      hermes,
      { tools: null },
    );
    expect(odd[0]).toEqual({
      role: 'assistant',
      content: [
        {
          type: 'text',
          text: hermes.formatToolCalls([
            { id: 'e', name: 'f', arguments: { input: 'not json' } },
            { id: 'g', name: 'f', arguments: { input: [1, 2] } },
          ]),
        },
      ],
    });
  });
});
