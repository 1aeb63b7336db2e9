import { describe, expect, it } from 'vitest';
import { resolveParseOptions } from '../options.js';
import type { BodyContext, BodyIssue } from './markup-spec.js';
import { ArgumentCollector, typeValue } from './typed-values.js';

const tools = [
  {
    name: 'f',
    parameters: {
      type: 'object',
      properties: { n: { type: 'integer' }, s: { type: 'string' }, free: { description: 'any' } },
    },
  },
];
const ctx = (withTools = true): BodyContext => ({
  options: resolveParseOptions(withTools ? { tools } : {}),
  closed: true,
  open: '<x>',
});

describe('ArgumentCollector', () => {
  it('types a value added several times in a row as often as it was added', () => {
    const thrice = new ArgumentCollector({ dropUnnamed: true });
    const adds: Array<[string, string]> = [
      ['n', '7.5'],
      ['n', '7.5'],
      ['n', '7.5'],
      ['', 'x'],
      ['', 'x'],
      ['n', '8.5'],
    ];
    const issuesOnce: BodyIssue[] = [];
    const issuesThrice: BodyIssue[] = [];
    // The same adds, one collector per add (nothing to fold), against one for the run.
    const separate = adds.map(([k, v]) => {
      const c = new ArgumentCollector({ dropUnnamed: true });
      c.add(k, v);
      return c;
    });
    for (const [k, v] of adds) thrice.add(k, v);
    expect(thrice.size).toBe(adds.length);
    const built = thrice.build('f', ctx(), issuesThrice);
    for (const c of separate) c.build('f', ctx(), issuesOnce);
    expect(built).toEqual({ n: '8.5' });
    expect(issuesThrice).toEqual(issuesOnce);
    expect(issuesThrice.length).toBeGreaterThanOrEqual(5);
  });

  it('types text by the schema; a value that arrived typed is kept; the last of a key wins', () => {
    const args = new ArgumentCollector();
    args.add('n', '007');
    args.add('s', '42');
    args.addTyped('o', { a: 1 });
    args.add('s', '43');
    expect(args.build('f', ctx(), [])).toEqual({ n: 7, s: '43', o: { a: 1 } });
  });

  it('reads Python scalars without a schema only when the format writes them', () => {
    const python = new ArgumentCollector({ pythonScalars: true });
    python.add('x', 'True');
    python.add('s', 'None');
    expect(python.build('f', ctx(), [])).toEqual({ x: true, s: 'None' });
    const plain = new ArgumentCollector();
    plain.add('x', 'True');
    expect(plain.build('f', ctx(), [])).toEqual({ x: 'True' });
  });

  it('words its issues as the format declares, never on the prototype', () => {
    const issues: BodyIssue[] = [];
    const args = new ArgumentCollector({ wording: 'parameter', dropUnnamed: true });
    args.add('', 'lost');
    args.add('n', 'many');
    args.add('__proto__', '1');
    const built = args.build('f', ctx(), issues);
    expect(Object.getPrototypeOf(built)).toBe(Object.prototype);
    expect(Object.hasOwn(built, '__proto__')).toBe(true);
    expect(issues.map((i) => i.kind)).toEqual(['malformed-call', 'arguments-coerced']);
    expect(issues[1]!.message).toMatch(/^f: parameter "n": /);
    const xml: BodyIssue[] = [];
    const other = new ArgumentCollector();
    other.add('n', 'many');
    other.build('f', ctx(), xml);
    expect(xml[0]!.message).toMatch(/^Argument "n" of "f": /);
  });

  it('unwraps a lone wrapper the tool does not declare, with an issue', () => {
    const issues: BodyIssue[] = [];
    const args = new ArgumentCollector({ wrappers: new Set(['arguments']) });
    args.add('arguments', '{"n": 1}');
    expect(args.build('f', ctx(), issues)).toEqual({ n: 1 });
    expect(issues[0]!.kind).toBe('arguments-coerced');
  });
});

describe('typeValue', () => {
  const none = () => {};
  it('lets a typing schema decide over how the model says it wrote the value', () => {
    expect(typeValue('42', 'true', { type: 'integer' }, none)).toBe(42);
    expect(typeValue('42', 'true', { description: 'x' }, none)).toBe('42');
    expect(typeValue('42', undefined, undefined, none)).toBe(42);
    expect(typeValue(' "a</p>b" ', 'false', { type: 'string' }, none)).toBe('a</p>b');
  });
});
