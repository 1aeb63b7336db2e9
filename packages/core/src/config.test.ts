import { describe, expect, it } from 'vitest';
import { parseModelsConfig } from './config.js';

const fail = (yaml: string) => {
  try {
    parseModelsConfig(yaml, 'conf/models.yaml');
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a config error');
};

describe('models.yaml', () => {
  it('reads the documented shape', () => {
    const c = parseModelsConfig(
      [
        'defaults: { format: auto, unknownTools: keep, onMalformed: strip }',
        'plugins: ["@acme/toolformat-format-foo"]',
        'models:',
        '  - match: "qwen2.5-*"',
        '    format: hermes',
        '  - match: "gemma-3-*-it"',
        '    format: gemma',
        '    nativeTools: false',
        '    stop: ["<end_of_turn>"]',
      ].join('\n'),
    );
    expect(c.defaults).toEqual({ format: 'auto', unknownTools: 'keep', onMalformed: 'strip' });
    expect(c.plugins).toEqual(['@acme/toolformat-format-foo']);
    expect(c.models?.[1]).toEqual({
      match: 'gemma-3-*-it',
      format: 'gemma',
      nativeTools: false,
      stop: ['<end_of_turn>'],
    });
  });

  it('accepts an empty file', () => {
    expect(parseModelsConfig('').models).toBeUndefined();
  });

  it('names file, line, key and allowed values for a bad enum value', () => {
    expect(fail('defaults:\n  unknownTools: maybe\n')).toMatch(
      /^conf\/models\.yaml:2: defaults\.unknownTools: .*allowed: 'keep' or 'drop'$/,
    );
  });

  it('names an unknown key and lists the keys allowed there', () => {
    expect(fail('models:\n  - match: "x"\n    format: hermes\n    fromat: json\n')).toMatch(
      /^conf\/models\.yaml:4: models\.0\.fromat: unknown key 'fromat'; allowed: 'match', 'format', 'variant'/,
    );
    expect(fail('model:\n  - match: x\n')).toMatch(
      /:1: model: unknown key 'model'; allowed: 'defaults', 'plugins' or 'models'/,
    );
  });

  it('reports a typo key before the key it misspelt, which is then missing', () => {
    // Without the typo first, the message would be "format: missing", which does not say what to fix.
    expect(fail('models:\n  - match: "x"\n    fromat: hermes\n')).toMatch(
      /^conf\/models\.yaml:3: models\.0\.fromat: unknown key 'fromat'; allowed: 'match', 'format', 'variant'/,
    );
    expect(fail('defaults:\n  fromat: hermes\nmodels:\n  - match: "x"\n')).toMatch(
      /^conf\/models\.yaml:2: defaults\.fromat: unknown key 'fromat'; allowed: 'format'/,
    );
  });

  it('says which value was given when it has the wrong type or is not allowed', () => {
    expect(fail('models:\n  - match: "x"\n    format: hermes\n    nativeTools: "no"\n')).toBe(
      "conf/models.yaml:4: models.0.nativeTools: expected a boolean, got 'no'",
    );
    expect(fail('defaults:\n  onMalformed: drop\n')).toBe(
      "conf/models.yaml:2: defaults.onMalformed: 'drop' is not allowed; allowed: 'strip' or 'keep'",
    );
  });

  it('names a missing required key', () => {
    expect(fail('models:\n  - match: "x"\n')).toMatch(
      /^conf\/models\.yaml:2: models\.0\.format: missing; this key is required/,
    );
  });

  it('takes the format from a template or gguf file, one source per rule, with no variant beside it', () => {
    const c = parseModelsConfig(
      'models:\n  - match: "my-*"\n    template: t/chat.jinja\n  - match: "q-*"\n    gguf: q.gguf\n',
    );
    expect(c.models).toEqual([
      { match: 'my-*', template: 't/chat.jinja' },
      { match: 'q-*', gguf: 'q.gguf' },
    ]);
    expect(fail('models:\n  - match: "x"\n    format: hermes\n    template: chat.jinja\n')).toBe(
      'conf/models.yaml:4: models.0.template: give format or template, not both (the template decides the format); remove format to read it from the template, or template to keep format',
    );
    expect(fail('models:\n  - match: "x"\n    template: chat.jinja\n    gguf: m.gguf\n')).toBe(
      'conf/models.yaml:4: models.0.gguf: give template or gguf, not both (both name the chat template); remove one of them',
    );
    expect(fail('models:\n  - match: "x"\n    gguf: m.gguf\n    variant: qwen\n')).toBe(
      'conf/models.yaml:4: models.0.variant: the gguf decides the variant too; remove variant, or give format and variant instead of gguf',
    );
    expect(fail('models:\n  - match: "x"\n')).toBe(
      'conf/models.yaml:2: models.0.format: missing; this key is required unless the rule gives template or gguf (the chat template the format is read from)',
    );
  });

  it('reports YAML syntax errors with their line', () => {
    expect(fail('models:\n  - match: "x\n    format: [\n')).toMatch(
      /^conf\/models\.yaml:\d+: not valid YAML/,
    );
  });

  it('rejects a broken /regex/ match', () => {
    expect(fail('models:\n  - match: "/(unclosed/"\n    format: hermes\n')).toMatch(/:2: models\.0\.match: /);
  });
});
