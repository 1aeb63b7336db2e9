import 'reflect-metadata';
import { container } from 'tsyringe';
import { describe, expect, it } from 'vitest';
import { parseModelsConfig } from './config.js';
import { ToolFormatConfigError } from './errors.js';
import { definePlugin, type StreamParser } from './handler.js';
import { foldEvents } from './kit/fold-events.js';
import { sequentialIds } from './kit/ids.js';
import { createFormatContainer, FORMAT_PLUGIN, registeredFormats, registerFormat } from './registry.js';
import { createRouter, globMatch } from './router.js';
import { createToyFormat, markupFormat, toyPlugin } from './test-support/toy-format.js';

const other = definePlugin({
  id: 'other',
  modelPatterns: [{ match: 'toy-large-special' }],
  create: () => createToyFormat('other'),
});

function router(yaml = '') {
  const c = container.createChildContainer();
  registerFormat(toyPlugin, c);
  registerFormat(other, c);
  return createRouter({ container: c, config: parseModelsConfig(yaml, 'models.yaml') });
}

describe('router.get', () => {
  it('finds a format by id and by alias, variant included', () => {
    const r = router();
    expect(r.get('toy').id).toBe('toy');
    expect(r.get('toy-alias').id).toBe('toy');
    expect(r.get('toy-v2').id).toBe('toy:v2');
    expect(r.get('auto').id).toBe('auto');
  });

  it('names what was asked and what exists for an unknown id', () => {
    expect(() => router().get('hermez')).toThrow(ToolFormatConfigError);
    expect(() => router().get('hermez')).toThrow(
      /unknown format 'hermez'; known formats: 'auto', 'toy', 'toy-alias', 'toy-v2' or 'other'/,
    );
  });

  it('returns the same handler object for repeated lookups', () => {
    const r = router();
    expect(r.get('toy')).toBe(r.get('toy-alias'));
  });
});

describe('router.forModel — choice order', () => {
  it('uses the first matching models.yaml rule', () => {
    const r = router('models:\n  - match: "toy-*"\n    format: other\n  - match: "toy-1"\n    format: toy\n');
    expect(r.forModel('toy-1').id).toBe('other');
    expect(r.resolveModel('toy-1').source).toBe('config');
  });

  it("falls back to the plugins' model patterns, the most specific winning", () => {
    const r = router();
    expect(r.resolveModel('toy-small')).toMatchObject({ format: 'toy', source: 'pattern' });
    expect(r.forModel('toy-large-1').id).toBe('toy:v2');
    expect(r.forModel('toy-large-special').id).toBe('other');
  });

  it('says which model pattern matched, so a user can see why a model took a format', () => {
    const r = router();
    expect(r.resolveModel('toy-large-1').pattern).toBe('toy-large-*');
    expect(r.resolveModel('unknown-model').pattern).toBeUndefined();
  });

  it('matches globs case-insensitively and on the name after the last slash', () => {
    expect(router().forModel('Org/TOY-Small').id).toBe('toy');
  });

  it('accepts /regex/ rules', () => {
    const r = router('models:\n  - match: "/^acme-\\\\d+$/i"\n    format: other\n');
    expect(r.forModel('ACME-7').id).toBe('other');
  });

  it('uses the default format (auto unless configured) for an unknown model', () => {
    expect(router().resolveModel('mystery')).toMatchObject({ format: 'auto', source: 'default' });
    expect(router('defaults:\n  format: other\n').forModel('mystery').id).toBe('other');
  });

  it('carries the rule options and stop sequences', () => {
    const r = router(
      'defaults:\n  unknownTools: drop\nmodels:\n  - match: "x-*"\n    format: toy\n    nativeTools: false\n    stop: ["<end>"]\n    reasoningOpen: true\n',
    );
    expect(r.resolveModel('x-1')).toMatchObject({
      options: { unknownTools: 'drop', reasoningOpen: true },
      stop: ['<|eot|>', '<end>'],
      nativeTools: false,
    });
    expect(r.parse('thought</think>Hi', { model: 'x-1' })).toMatchObject({
      reasoning: 'thought',
      content: 'Hi',
    });
  });

  it('rejects a rule naming an unknown format, with file, line and the allowed ids', () => {
    expect(() =>
      router('models:\n  - match: "a"\n    format: toy\n  - match: "b"\n    format: nope\n'),
    ).toThrow(/^models\.yaml:5: models\.1\.format: unknown format 'nope'; allowed: 'auto', 'toy'/);
    expect(() => router('defaults:\n  format: nope\n')).toThrow(
      /^models\.yaml:2: defaults\.format: unknown format 'nope'; allowed: 'auto', 'toy'/,
    );
  });
});

describe('a models.yaml variant is checked when the router is built', () => {
  // Like every built-in format: create() refuses a variant it does not have, naming the known ones.
  const picky = definePlugin({
    id: 'picky',
    create: (options) => {
      const variant = options?.variant ?? 'a';
      if (variant !== 'a' && variant !== 'b') {
        throw new ToolFormatConfigError(`format picky: unknown variant '${variant}'`, {
          key: 'variant',
          allowed: ['a', 'b'],
        });
      }
      return createToyFormat(`picky:${variant}`);
    },
  });
  const build = (yaml: string) => {
    const c = container.createChildContainer();
    registerFormat(picky, c);
    return createRouter({ container: c, config: parseModelsConfig(yaml, 'conf/models.yaml') });
  };

  it('names the file, line, key, the variant given and the allowed ones, before any model is asked for', () => {
    const yaml = 'models:\n  - match: "p-*"\n    format: picky\n    variant: tool_code\n';
    expect(() => build(yaml)).toThrow(
      "conf/models.yaml:4: models.0.variant: unknown variant 'tool_code' for picky; allowed: 'a' or 'b'.",
    );
    expect(build('models:\n  - match: "p-*"\n    format: picky\n    variant: b\n').forModel('p-1').id).toBe(
      'picky:b',
    );
  });

  it("refuses a variant on 'auto', which has none", () => {
    expect(() => build('models:\n  - match: "x"\n    format: auto\n    variant: b\n')).toThrow(
      /^conf\/models\.yaml:4: models\.0\.variant: 'auto' has no variants/,
    );
  });
});

describe('two plugins with the same id', () => {
  const twin = definePlugin({ id: 'toy', create: () => createToyFormat('toy') });

  it('is a configuration error naming both sources, not first-wins', () => {
    const c = container.createChildContainer();
    registerFormat(toyPlugin, c, 'package one');
    expect(() => createRouter({ container: c, plugins: [twin] })).toThrow(
      "two format plugins have the id 'toy': one from package one, another from createRouter({ plugins })[0].",
    );
    expect(() => registerFormat(twin, c, 'package two')).toThrow(
      /one from package one, another from package two/,
    );
  });

  it('is caught by the router too when the container was filled around registerFormat', () => {
    const c = container.createChildContainer();
    c.register(FORMAT_PLUGIN, { useValue: toyPlugin });
    c.register(FORMAT_PLUGIN, { useValue: twin });
    expect(() => createRouter({ container: c })).toThrow(/two format plugins have the id 'toy'/);
  });

  it('accepts the same plugin object twice (a package listed twice, a global plugin passed in again)', () => {
    const c = container.createChildContainer();
    registerFormat(toyPlugin, c);
    registerFormat(toyPlugin, c);
    const r = createRouter({ container: c, plugins: [toyPlugin, other] });
    expect(r.formats().map((f) => f.id)).toEqual(['toy', 'other']);
  });
});

describe('router.rescue — the leaked-call fallback', () => {
  const leaked = 'I will look.\n<call>{"name": "get_weather", "arguments": {"city": "Paris"}}</call>';
  it("tries the model's handler first", () => {
    const r = router().rescue(leaked, { model: 'toy-1', generateId: sequentialIds() });
    expect(r).toMatchObject({ format: 'toy', content: 'I will look.', calls: [{ name: 'get_weather' }] });
  });
  it('then every handler whose detect fires', () => {
    const r = router().rescue(leaked, { model: 'unknown-model' });
    expect(r.calls).toHaveLength(1);
  });
  it('finds no call in plain text and leaves the words as they are', () => {
    expect(router().rescue('  just text  ')).toMatchObject({ calls: [], content: 'just text', issues: [] });
  });
  it('streams exactly what the batch rescue returns (createRescueParser)', () => {
    const batch = router().rescue(leaked, { model: 'toy-1', generateId: sequentialIds() });
    const parser = router().createRescueParser({ model: 'toy-1', generateId: sequentialIds() });
    const events = [...leaked].flatMap((ch) => parser.push(ch)).concat(parser.end());
    const text = events.flatMap((e) => (e.type === 'text' ? [e.text] : [])).join('');
    const calls = events.flatMap((e) => (e.type === 'tool-call-end' ? [e.call] : []));
    expect(text.trim()).toBe(batch.content);
    expect(calls).toEqual(batch.calls);
  });
});

describe('router.rescue — evidence (architecture/precision.md)', () => {
  // A second family with markup of its own: `<act>NAME</act>`.
  const act = definePlugin({
    id: 'act',
    modelPatterns: [{ match: 'act-*' }],
    create: () =>
      markupFormat({
        id: 'act',
        blocks: [
          { open: '<act>', close: '</act>', body: (b) => ({ calls: [{ name: b.trim(), arguments: {} }] }) },
        ],
      }),
  });
  const withAct = () => {
    const c = container.createChildContainer();
    registerFormat(toyPlugin, c);
    registerFormat(act, c);
    return createRouter({ container: c });
  };
  const ownLine = 'I will check.\n<act>ping</act>\nThat is how it is written.';

  it("reads the model's own format on ordinary evidence, another family's only on strong", () => {
    const router = withAct();
    expect(router.rescue(ownLine, { model: 'act-1' })).toMatchObject({
      calls: [{ name: 'ping' }],
      evidence: { source: 'model-format', strength: 'ordinary', format: 'act' },
    });
    // Under a toy route, act's markup is another family's: prose after it makes it a mention.
    expect(router.rescue(ownLine, { model: 'toy-1' })).toMatchObject({ calls: [], content: ownLine });
    expect(router.rescue('I will check.\n<act>ping</act>', { model: 'toy-1' })).toMatchObject({
      calls: [{ name: 'ping' }],
      evidence: { source: 'other-format', strength: 'strong', format: 'act' },
    });
  });

  it('keeps a call the sentence goes on after as text on every path', () => {
    const router = withAct();
    const text = 'Write <act>ping</act> and the server runs it.';
    for (const model of ['act-1', 'toy-1', 'unknown']) {
      expect(router.rescue(text, { model })).toMatchObject({
        calls: [],
        content: text,
        evidence: { source: 'none' },
      });
    }
    expect(router.get('act').parse(text)).toMatchObject({ calls: [], content: text });
  });

  it('strict: the calls end the output; auto mode is rescue without a model', () => {
    const router = withAct();
    expect(router.rescue(ownLine, { model: 'act-1', strict: true }).calls).toEqual([]);
    const text = 'Checking.\n<act>ping</act>';
    const { evidence, ...rescued } = router.rescue(text, { generateId: sequentialIds() });
    expect(evidence).toEqual({ source: 'auto', strength: 'ordinary', format: 'act' });
    expect(rescued).toEqual(router.get('auto').parse(text, { generateId: sequentialIds() }));
  });
});

describe('createRouter', () => {
  it('says how to register formats when none are', () => {
    expect(() => createRouter({ container: container.createChildContainer() })).toThrow(
      /No format is registered/,
    );
  });
  it('lists formats with aliases, variants and model patterns', () => {
    expect(router().formats()[0]).toEqual({
      id: 'toy',
      aliases: ['toy-alias', 'toy-v2'],
      variants: ['v2'],
      modelPatterns: ['toy-*', 'toy-large-*'],
    });
  });
});

describe('globMatch', () => {
  it.each([
    ['qwen2.5-*', 'qwen2.5-7b-instruct', true],
    ['gemma-3-*-it', 'gemma-3-27b-it', true],
    ['gemma-3-*-it', 'gemma-3-27b', false],
    ['a?c', 'abc', true],
    ['*', '', true],
  ])('%s ~ %s → %s', (glob, text, expected) => {
    expect(globMatch(glob, text)).toBe(expected);
  });
  it('is not exponential on many stars', () => {
    expect(globMatch('*a*a*a*a*a*a*a*a*b', 'a'.repeat(200))).toBe(false);
  });
});

describe('createRouter with plugins and a container', () => {
  it("keeps the container's plugins beside the ones passed in", () => {
    const c = container.createChildContainer();
    registerFormat(toyPlugin, c);
    const r = createRouter({ container: c, plugins: [other] });
    expect(r.ids()).toEqual(expect.arrayContaining(['toy', 'other']));
  });

  it('puts the plugins passed in before those of the container, the order auto mode breaks ties by', () => {
    const c = container.createChildContainer();
    registerFormat(toyPlugin, c);
    const held = createFormatContainer([other], () => 'passed in', c);
    expect(registeredFormats(held).map((p) => p.id)).toEqual(['other', 'toy']);
    // The container it was made from is left as it was.
    expect(registeredFormats(c).map((p) => p.id)).toEqual(['toy']);
  });
});

describe('a generateId that throws (architecture/contract.md)', () => {
  const text = 'Checking. <call>{"name": "get_weather", "arguments": {"city": "Paris"}}</call>';
  const throwing = () => {
    throw new Error('id service down');
  };
  const expected = {
    calls: [
      { id: expect.stringMatching(/^call_[0-9a-f]{24}$/), name: 'get_weather', arguments: { city: 'Paris' } },
    ],
    content: 'Checking.',
    issues: [
      {
        kind: 'internal-error',
        message:
          "generateId threw Error: id service down: the calls it could not name got toolformat's own ids (call_…). Fix the generateId passed in the parse options.",
      },
    ],
  };
  const fold = (parser: StreamParser, chunks: string[]) =>
    foldEvents([...chunks.flatMap((c) => parser.push(c)), ...parser.end()], parser.format);

  it('keeps the call, with a built-in id, and reports it once: batch, stream and rescue alike', () => {
    const r = router();
    expect(r.parse(text, { format: 'toy', generateId: throwing })).toMatchObject(expected);
    expect(r.rescue(text, { format: 'toy', generateId: throwing })).toMatchObject(expected);
    expect(r.rescue(text, { generateId: throwing })).toMatchObject(expected);
    for (const chunks of [[text], [...text]]) {
      expect(fold(r.get('toy').createStreamParser({ generateId: throwing }), chunks)).toMatchObject(expected);
      expect(fold(r.createRescueParser({ model: 'toy-1', generateId: throwing }), chunks)).toMatchObject(
        expected,
      );
      // Auto mode announces calls early, character by character: push() must not throw either.
      expect(fold(r.get('auto').createStreamParser({ generateId: throwing }), chunks)).toMatchObject(
        expected,
      );
    }
  });

  it('says nothing when no call needed an id, and names a generateId that returns no string', () => {
    expect(router().parse('no calls here', { format: 'toy', generateId: throwing }).issues).toEqual([]);
    const r = router().parse(text, { format: 'toy', generateId: (() => 42) as never });
    expect(r.calls).toHaveLength(1);
    expect(r.issues).toEqual([
      expect.objectContaining({
        kind: 'internal-error',
        message: expect.stringMatching(/^generateId returned number, not a string/),
      }),
    ]);
  });
});
