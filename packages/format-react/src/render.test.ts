/**
 * Prompts, stop sequences and renderers: what each variant teaches and writes back, and that what
 * it writes for calls is what it reads.
 */
import type { ToolCall } from '@toolformat/core';
import { describe, expect, it } from 'vitest';
import { createReactFormat } from './plugin.js';
import { callsOf, parseWith, TOOLS } from './test-support/harness.js';
import { VARIANTS } from './variants.js';

const calls: ToolCall[] = [
  { id: '0', name: 'get_weather', arguments: { location: 'Paris', unit: 'celsius' } },
  { id: '1', name: 'list_directory', arguments: { path: '/home/my docs', depth: 2 } },
];

describe('formatToolCalls reads back as the same calls', () => {
  it.each(VARIANTS.ids)('%s', (variant) => {
    const h = createReactFormat(variant);
    const text = h.formatToolCalls(calls);
    const r = parseWith(h, text, { tools: TOOLS });
    expect(callsOf(r)).toEqual(calls.map(({ name, arguments: a }) => ({ name, arguments: a })));
    expect(r.content).toBeNull();
    expect(r.issues).toEqual([]);
    expect(h.formatToolCalls([])).toBe('');
  });
});

describe('renderers', () => {
  it('writes the ReAct step with a thought, and results as observations', () => {
    const h = createReactFormat();
    expect(h.formatToolCalls([calls[0]!])).toBe(
      'Thought: I need to use the get_weather tool.\nAction: get_weather\nAction Input: {"location":"Paris","unit":"celsius"}',
    );
    expect(h.formatResult({ name: 'get_weather', content: { temperature: 22 } })).toBe(
      'Observation: {"temperature":22}',
    );
    expect(h.formatResult({ name: 'x', content: 'disk full', isError: true })).toBe(
      'Observation: Error: disk full',
    );
    expect(h.formatResult({ name: 'x', content: 'Error: already said', isError: true })).toBe(
      'Observation: Error: already said',
    );
  });

  it('writes the other variants as their templates and code do', () => {
    expect(createReactFormat('keyvalue').formatToolCalls(calls)).toBe(
      '✦ tool_call: get_weather for location Paris unit celsius\n✦ tool_call: list_directory for path "/home/my docs" depth 2',
    );
    expect(createReactFormat('qwen-agent').formatResult({ name: 'f', content: 'sunny' })).toBe(
      '✿RESULT✿: sunny',
    );
    expect(createReactFormat('command-r').formatToolCalls([calls[0]!])).toBe(
      'Action:\n```json\n[\n    {\n        "tool_name": "get_weather",\n        "parameters": {\n            "location": "Paris",\n            "unit": "celsius"\n        }\n    }\n]```',
    );
    expect(createReactFormat('command-r').formatResult({ name: 'f', content: { t: 22 } })).toBe(
      '<results>\n{"t":22}</results>',
    );
    expect(createReactFormat('command-r7b').formatToolCalls(calls)).toBe(
      '<|START_ACTION|>[\n    {"tool_call_id": "0", "tool_name": "get_weather", "parameters": {"location": "Paris", "unit": "celsius"}},\n' +
        '    {"tool_call_id": "1", "tool_name": "list_directory", "parameters": {"path": "/home/my docs", "depth": 2}}\n]<|END_ACTION|>',
    );
    expect(createReactFormat('command-r7b').formatResult({ id: '0', name: 'f', content: '{"t": 22}' })).toBe(
      '<|START_TOOL_RESULT|>[\n    {\n        "tool_call_id": "0",\n        "results": {\n            "0": "{\\"t\\": 22}"\n        },\n        "is_error": null\n    }\n]<|END_TOOL_RESULT|>',
    );
  });
});

describe('prompts and stop sequences', () => {
  it('ReAct: the tools with their schemas, the exact names, the rules, and stops at Observation', () => {
    const h = createReactFormat();
    const prompt = h.systemPrompt(TOOLS, { preamble: 'You are helpful.' });
    expect(prompt.startsWith('You are helpful.\n\n')).toBe(true);
    expect(prompt).toContain(
      'get_weather: Get the current weather for a city.\n  Parameters (JSON Schema): {"type":"object","properties":{"location"',
    );
    expect(prompt).toContain(
      'Action: the action to take, should be one of [get_weather, search, list_directory',
    );
    expect(prompt).toContain('never write an Observation yourself');
    expect(prompt).toContain('Final Answer: the final answer');
    expect(h.stopSequences()).toEqual(['\nObservation:', '\nObservation', 'Observation:']);
  });

  it('the other variants', () => {
    const qwen = createReactFormat('qwen-agent');
    expect(qwen.systemPrompt(TOOLS)).toContain(
      '✿FUNCTION✿: The tool to use, should be one of [get_weather,search,list_directory,get_time,delete_user_attribute]',
    );
    expect(qwen.stopSequences()).toEqual(['✿RESULT✿']);
    const r = createReactFormat('command-r');
    expect(r.systemPrompt(TOOLS)).toContain(
      '```python\ndef get_weather(location: str, unit: Optional[str] = None) -> List[Dict]:\n    """Get the current weather for a city.\n\n    Args:\n        location (str): City name\n        unit (Optional[str]): \n    """\n    pass\n```',
    );
    expect(r.systemPrompt(TOOLS)).toContain("Write 'Action:' followed by a json-formatted list of actions");
    expect(r.stopSequences()).toEqual(['<|END_OF_TURN_TOKEN|>']);
    expect(createReactFormat('command-r7b').systemPrompt(TOOLS)).toContain(
      '{"name":"get_weather","description":"Get the current weather for a city."',
    );
    expect(createReactFormat('keyvalue').systemPrompt(TOOLS)).toContain(
      '✦ tool_call: TOOL_NAME for KEY VALUE',
    );
  });
});
