import { definePlugin } from '@toolformat/core';
import { afterAll, describe, expect, it } from 'vitest';
import { builtinPlugins } from './builtin-formats.js';
import { run, scratchDir } from './test-support/fake-io.js';
import { toyPlugin } from './test-support/toy-format.js';

const scratch = scratchDir('main');
afterAll(() => scratch.cleanup());

describe('help and version', () => {
  it('prints the overview for --help and exits 0', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'toolformat parse [--format ID | --model NAME] [--tools FILE] [--config FILE] [--jsonl] [FILE]',
    );
    expect(r.stdout).toMatch(/formats .*\n.*detect .*\n.*prompt/s);
  });

  it('prints one command in detail for `help parse` and `parse --help`', async () => {
    for (const argv of [
      ['help', 'parse'],
      ['parse', '--help'],
    ]) {
      const r = await run(argv);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^Usage: toolformat parse /);
      expect(r.stdout).toContain('--jsonl');
      expect(r.stdout).toContain('Exit codes');
    }
  });

  it('prints the package version', async () => {
    const r = await run(['--version']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('usage errors exit 2 with one line that says what to do, then the usage', () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['no command', [], /no command given: say what to do/],
    [
      'an unknown command',
      ['pasre'],
      /unknown command 'pasre'; the commands are parse, formats, detect, prompt/,
    ],
    ['help for an unknown command', ['help', 'nope'], /unknown command 'nope'/],
    ['a command named like an object property', ['constructor'], /unknown command 'constructor'/],
    ['an option before the command', ['--format', 'x'], /options go after the command/],
    [
      'an unknown flag',
      ['parse', '--fromat', 'toy'],
      /unknown option '--fromat' for `toolformat parse`; the options are --format VALUE/,
    ],
    ['a flag without its value', ['parse', '--format'], /option --format needs a value/],
    ['a flag eating the next flag', ['parse', '--format', '--jsonl'], /option --format needs a value/],
    ['a value on a boolean flag', ['parse', '--jsonl=yes'], /option --jsonl takes no value/],
    [
      '--format with --model',
      ['parse', '--format', 'toy', '--model', 'toy-1'],
      /give --format or --model, not both/,
    ],
    ['two input files', ['parse', 'a.txt', 'b.txt'], /reads one FILE \(or stdin\); unexpected 'b.txt'/],
    [
      'a missing input file',
      ['parse', 'does-not-exist.txt'],
      /cannot read input file 'does-not-exist.txt': no such file/,
    ],
    [
      'a missing --jsonl file',
      ['parse', '--jsonl', 'nope.jsonl'],
      /cannot read input file 'nope.jsonl': no such file/,
    ],
    [
      'a missing tools file',
      ['parse', '--tools', 'nope.json', 'x'],
      /cannot read tools file 'nope.json': no such file/,
    ],
    ['a file argument to formats', ['formats', 'x'], /takes no file argument/],
    ['prompt without a format', ['prompt', '--tools', 'x.json'], /say which format to teach: --format ID/],
    ['prompt without tools', ['prompt', '--format', 'toy'], /give the tools to teach with --tools FILE/],
  ];
  for (const [what, argv, message] of cases) {
    it(`for ${what}`, async () => {
      const r = await run(argv);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      const [first, ...rest] = r.stderr.split('\n');
      expect(first).toMatch(/^toolformat: /);
      expect(first).toMatch(message);
      expect(rest.join('\n')).toMatch(/Usage: toolformat/);
    });
  }

  it('names the tools file and what is wrong in it', async () => {
    const notArray = scratch.file('not-array.json', '{"name": "x"}');
    const badTool = scratch.file('bad-tool.json', '[{"name": "ok"}, {"description": "no name"}]');
    const badJson = scratch.file('bad.json', '[{"name": ');
    const input = scratch.file('in.txt', 'hi');
    const r1 = await run(['parse', '--tools', notArray, input]);
    expect(r1.code).toBe(2);
    expect(r1.stderr).toContain(
      `tools file '${notArray}': expected a JSON array of tool definitions, got an object`,
    );
    const r2 = await run(['parse', '--tools', badTool, input]);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toMatch(/tools file '.*bad-tool\.json': tool 1: name: /);
    const r3 = await run(['parse', '--tools', badJson, input]);
    expect(r3.code).toBe(2);
    expect(r3.stderr).toMatch(/tools file '.*bad\.json' is not valid JSON/);
  });

  it('asks for input instead of waiting on a terminal', async () => {
    let stderr = '';
    const stdin = Object.assign((async function* () {})(), { isTTY: true });
    const { main } = await import('./main.js');
    const code = await main(['parse'], {
      stdin,
      stdout: { write: () => true },
      stderr: {
        write(s: string) {
          stderr += s;
          return true;
        },
      },
    });
    expect(code).toBe(2);
    expect(stderr).toContain('no input: give a FILE or pipe the model output into stdin');
  });
});

describe('configuration errors exit 2 with their message', () => {
  it('for an unknown --format, listing the known ones', async () => {
    const r = await run(['parse', '--format', 'nope'], 'text');
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      "toolformat: --format: unknown format 'nope'; known formats: 'auto', 'toy' or 'toy-alias'.\n",
    );
  });

  it('for a bad models.yaml, naming the file and line', async () => {
    const config = scratch.file(
      'models.yaml',
      'models:\n  - match: "x-*"\n    format: toy\n    fromat: toy\n',
    );
    const r = await run(['parse', '--config', config], 'text');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${config}:4: models.0.fromat: unknown key 'fromat'`);
  });

  it('for a rule naming an unknown format', async () => {
    const config = scratch.file('unknown-format.yaml', 'models:\n  - match: "x-*"\n    format: nope\n');
    const r = await run(['parse', '--config', config], 'text');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${config}:3: models.0.format: unknown format 'nope'`);
  });

  it('for a missing config file, in words (not a raw ENOENT)', async () => {
    const r = await run(['formats', '--config', 'nope.yaml']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("toolformat: cannot read config file 'nope.yaml': no such file.\n");
    const parse = await run(['parse', '--config', '/nope.yaml', '-'], 'text');
    expect(parse.code).toBe(2);
    expect(parse.stderr).toBe("toolformat: cannot read config file '/nope.yaml': no such file.\n");
  });

  it('for a typo key whose correct spelling is then missing: the typo is what is reported', async () => {
    const config = scratch.file('typo.yaml', 'models:\n  - match: "x-*"\n    fromat: hermes\n');
    const r = await run(['formats', '--config', config]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(
        `^toolformat: ${escapeRegExp(config)}:3: models\\.0\\.fromat: unknown key 'fromat'; allowed: 'match', 'format', `,
      ),
    );
  });

  it('for an unknown variant: when the file is loaded, in `formats --config` too, naming the line', async () => {
    const config = scratch.file(
      'variant.yaml',
      'models:\n  - match: "gemma-3-*"\n    format: gemma\n    variant: tool_code\n',
    );
    const builtins = { plugins: builtinPlugins };
    const expected = `toolformat: ${config}:4: models.0.variant: unknown variant 'tool_code' for gemma; allowed: 'gemma', 'pythonic', 'tool-request', 'functiongemma' or 'gemma4'.\n`;
    const formats = await run(['formats', '--config', config], '', builtins);
    expect(formats.code).toBe(2);
    expect(formats.stderr).toBe(expected);
    // A model no rule matches fails as well: the file is wrong, whichever model is asked for.
    const parse = await run(['parse', '--config', config, '--model', 'qwen2.5-7b'], 'text', builtins);
    expect(parse.code).toBe(2);
    expect(parse.stderr).toBe(expected);
  });

  it('for a plugin package whose id a built-in format already has', async () => {
    const config = scratch.file('dup.yaml', 'plugins: ["@toolformat-example/acme-format"]\n');
    const acmeAgain = definePlugin({ id: 'acme', create: () => toyPlugin.create() });
    const r = await run(['formats', '--config', config], '', { plugins: [toyPlugin, acmeAgain] });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `toolformat: two format plugins have the id 'acme': one from toolformat's built-in formats, another from plugin package '@toolformat-example/acme-format' (${config}:1: plugins.0). Ids must be unique: remove one of them (or give one another id).\n`,
    );
  });

  it('for auto asked to teach a prompt', async () => {
    const tools = scratch.file('tools.json', '[{"name": "get_weather"}]');
    const r = await run(['prompt', '--format', 'auto', '--tools', tools]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("The 'auto' format only reads output");
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
