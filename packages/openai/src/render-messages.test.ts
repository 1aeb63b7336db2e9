import { testRouter, weatherTools } from '@toolformat/test-upstream';
import { describe, expect, it } from 'vitest';
import { renderMessages } from './render-messages.js';

const router = testRouter();
const hermes = router.get('hermes');

const history = [
  { role: 'system', content: 'You are a weather bot.' },
  { role: 'user', content: 'Weather and time in Paris?' },
  {
    role: 'assistant',
    content: 'Checking.',
    tool_calls: [
      { id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      {
        id: 'call_b',
        type: 'function',
        function: { name: 'get_time', arguments: '{"timezone":"Europe/Paris"}' },
      },
    ],
  },
  { role: 'tool', tool_call_id: 'call_a', content: '21 °C, sunny' },
  { role: 'tool', tool_call_id: 'call_b', content: [{ type: 'text', text: '14:05' }] },
];

describe('renderMessages', () => {
  it('teaches the tools in the system prompt, after the caller’s own instructions', () => {
    const [system] = renderMessages(history, hermes, weatherTools);
    expect(system?.role).toBe('system');
    expect(system?.content).toBe(hermes.systemPrompt(weatherTools, { preamble: 'You are a weather bot.' }));
  });

  it('writes earlier calls in the model’s format and results as one user turn', () => {
    const out = renderMessages(history, hermes, weatherTools);
    expect(out.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(out[2]).toEqual({
      role: 'assistant',
      content: `Checking.\n${hermes.formatToolCalls([
        { id: 'call_a', name: 'get_weather', arguments: { city: 'Paris' } },
        { id: 'call_b', name: 'get_time', arguments: { timezone: 'Europe/Paris' } },
      ])}`,
    });
    expect(out[3]?.content).toBe(
      [
        hermes.formatResult({ id: 'call_a', name: 'get_weather', content: '21 °C, sunny' }),
        hermes.formatResult({ id: 'call_b', name: 'get_time', content: '14:05' }),
      ].join('\n'),
    );
    // What the model wrote reads back as the same calls.
    expect(hermes.parse(String(out[2]?.content)).calls.map((c) => c.name)).toEqual([
      'get_weather',
      'get_time',
    ]);
  });

  it('teaches no tools when there are none to teach, and keeps the system prompt as it was', () => {
    const out = renderMessages(history.slice(0, 2), hermes, null);
    expect(out).toEqual(history.slice(0, 2));
  });

  it('keeps arguments that are not a JSON object whole instead of dropping them', () => {
    const out = renderMessages(
      [
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: 'not json' } }],
        },
      ],
      hermes,
      null,
    );
    expect(hermes.parse(String(out[0]?.content)).calls[0]?.arguments).toEqual({ input: 'not json' });
  });
});
