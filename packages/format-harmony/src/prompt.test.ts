import { describe, expect, it } from 'vitest';
import { createHarmonyFormat } from './plugin.js';
import { functionsNamespace, harmonyPrompt, typescriptType } from './prompt.js';
import {
  DEVELOPER,
  PICK_DEVELOPER,
  PICK_TOOL,
  SCHEMA_DEVELOPER,
  SCHEMA_TOOLS,
  WEATHER_TOOL,
} from './test-support/rendered.js';

describe('the prompt: the developer message of the template', () => {
  it('is byte for byte what the template renders', () => {
    expect(
      createHarmonyFormat().systemPrompt([WEATHER_TOOL], { preamble: 'You are a helpful assistant.' }),
    ).toBe(DEVELOPER);
  });

  it("renders every branch of the template's JSON Schema types, quirks included", () => {
    expect(harmonyPrompt(SCHEMA_TOOLS)).toBe(SCHEMA_DEVELOPER);
    expect(harmonyPrompt([PICK_TOOL])).toBe(PICK_DEVELOPER);
  });

  it('takes flat tool definitions too', () => {
    expect(harmonyPrompt([WEATHER_TOOL.function], { preamble: 'You are a helpful assistant.' })).toBe(
      DEVELOPER,
    );
  });

  it('without tools: the instructions alone, or nothing', () => {
    expect(harmonyPrompt([], { preamble: 'Be brief.' })).toBe('# Instructions\n\nBe brief.');
    expect(harmonyPrompt([])).toBe('');
  });

  it('a tool without a description or parameters', () => {
    expect(functionsNamespace([{ name: 'now' }])).toBe(
      '## functions\n\nnamespace functions {\n\ntype now = () => any;\n\n} // namespace functions',
    );
  });
});

describe('typescriptType', () => {
  it('anything that is not a schema object is `any`', () => {
    expect(typescriptType(null)).toBe('any');
    expect(typescriptType(true)).toBe('any');
    expect(typescriptType([])).toBe('any');
  });

  it('a schema that contains itself ends in `any`', () => {
    const node: Record<string, unknown> = { type: 'object' };
    node.properties = { child: node };
    expect(typescriptType(node)).toContain('any');
  });

  it('reads own properties only', () => {
    const spec = Object.create({ type: 'string' }) as Record<string, unknown>;
    expect(typescriptType(spec)).toBe('any');
  });
});
