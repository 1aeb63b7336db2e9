import { describe, expect, it } from 'vitest';
import { createToolIndex } from '../tools.js';
import { fittingTool } from './fitting-tool.js';

const tool = (name: string, parameters: Record<string, unknown>) => ({
  type: 'function' as const,
  function: { name, parameters },
});

describe('fittingTool', () => {
  const tools = createToolIndex([
    tool('get_weather', { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }),
    tool('add', { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } }),
  ]);

  it('names the one declared tool whose parameters fit: keys declared, required keys present', () => {
    expect(fittingTool({ city: 'Paris' }, tools)).toBe('get_weather');
    expect(fittingTool({ a: 1 }, tools)).toBe('add');
  });

  it('answers null with no tools, no fit, several fits, or arguments that are not an object', () => {
    expect(fittingTool({ city: 'Paris' }, null)).toBeNull();
    expect(fittingTool({ x: 1 }, tools)).toBeNull();
    expect(fittingTool({}, createToolIndex([tool('a', {}), tool('b', {})]))).toBeNull();
    expect(fittingTool('{"city": "Paris"}', tools)).toBeNull();
  });

  it('counts a tool declared twice once', () => {
    expect(fittingTool({}, createToolIndex([tool('a', {}), tool('a', {})]))).toBe('a');
  });
});
