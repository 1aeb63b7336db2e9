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

  it('names a missing required key', () => {
    expect(fail('models:\n  - match: "x"\n')).toMatch(/^conf\/models\.yaml:2: models\.0\.format: /);
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
