import { describe, expect, it } from 'vitest';
import { pythonType, withPreamble } from './prompt-parts.js';

const HERMES = { list: 'list', dict: 'dict', bareDict: true };
const TYPING = { list: 'List', dict: 'Dict', bareDict: false };

describe('pythonType', () => {
  it("writes a schema as the templates' json_to_python_type macro does", () => {
    expect(pythonType({ type: 'string' }, HERMES)).toBe('str');
    expect(pythonType({ type: 'array', items: { type: 'integer' } }, HERMES)).toBe('list[int]');
    expect(pythonType({ type: 'array', items: { type: 'integer' } }, TYPING)).toBe('List[int]');
    expect(pythonType({ type: ['string', 'number'] }, TYPING)).toBe('Union[str,float]');
    expect(pythonType({ type: 'null' }, TYPING)).toBe('Any');
    expect(pythonType('not a schema', HERMES)).toBe('Any');
  });

  it('spells an object the way each template does', () => {
    expect(pythonType({ type: 'object' }, HERMES)).toBe('dict');
    expect(pythonType({ type: 'object' }, TYPING)).toBe('Dict[str, Any]');
    const map = { type: 'object', additionalProperties: { type: 'boolean' } };
    expect(pythonType(map, HERMES)).toBe('dict[str, bool]');
    expect(pythonType(map, TYPING)).toBe('Dict[str, bool]');
  });
});

describe('withPreamble', () => {
  it("puts the caller's instructions first, a blank line between", () => {
    expect(withPreamble({ preamble: ' Be brief. ' }, 'Tools: f')).toBe('Be brief.\n\nTools: f');
    expect(withPreamble(undefined, 'Tools: f')).toBe('Tools: f');
  });
});
