import 'reflect-metadata';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { container } from 'tsyringe';
import { afterAll, describe, expect, it } from 'vitest';
import { loadModelsConfig } from './config-file.js';
import { registeredFormats } from './registry.js';
import { createRouter } from './router.js';
import { toyPlugin } from './test-support/toy-format.js';
import { ggufHeader } from './testing/index.js';

const dir = mkdtempSync(join(tmpdir(), 'toolformat-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, text: string): string {
  const path = join(dir, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
}

/** A plugin package installed in `dir`'s node_modules: ESM, with no `require` entry in its exports. */
function installPlugin(name: string, id: string): void {
  file(
    `node_modules/${name}/package.json`,
    JSON.stringify({ name, type: 'module', exports: { '.': { import: './index.js' } } }),
  );
  file(
    `node_modules/${name}/index.js`,
    `export default { id: '${id}', create() { throw new Error('not used'); } };\n`,
  );
}

const message = async (promise: Promise<unknown>): Promise<string> => {
  try {
    await promise;
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a config error');
};

describe('loadModelsConfig', () => {
  it('says a config file is missing in words, not as a raw ENOENT', async () => {
    const missing = join(dir, 'nope.yaml');
    expect(await message(loadModelsConfig(missing))).toBe(
      `cannot read config file '${missing}': no such file.`,
    );
  });

  it("imports a plugin from the config file's folder, an ESM-only package included", async () => {
    installPlugin('esm-only-format', 'esm-only');
    const c = container.createChildContainer();
    await loadModelsConfig(file('ok.yaml', 'plugins: ["esm-only-format"]\n'), { container: c });
    expect(registeredFormats(c).map((p) => p.id)).toEqual(['esm-only']);
  });

  it("names the folder a missing plugin was looked for in and the install command, never core's own", async () => {
    const config = file('sub/models.yaml', 'models: []\nplugins:\n  - "not-installed-format"\n');
    const text = await message(loadModelsConfig(config, { container: container.createChildContainer() }));
    const folder = join(dir, 'sub');
    expect(text).toBe(
      `${config}:3: plugins.0: cannot import 'not-installed-format': not found from ${folder} (the config file's folder, where plugins are resolved from). Install it there (cd ${folder} && npm install not-installed-format) or fix the name.`,
    );
    expect(text).not.toMatch(/core[\\/](dist|src)/);
  });

  it('refuses two plugin packages with the same id, naming both', async () => {
    installPlugin('twin-a', 'twin');
    installPlugin('twin-b', 'twin');
    const config = file('twins.yaml', 'plugins:\n  - twin-a\n  - twin-b\n');
    expect(await message(loadModelsConfig(config, { container: container.createChildContainer() }))).toBe(
      `two format plugins have the id 'twin': one from plugin package 'twin-a' (${config}:2: plugins.0), another from plugin package 'twin-b' (${config}:3: plugins.1). Ids must be unique: remove one of them (or give one another id).`,
    );
  });
});

/** A chat template that writes the toy format's `<call>{…}</call>` for an assistant's calls. */
const TOY_TEMPLATE = [
  '{%- for m in messages -%}',
  '{%- if m.tool_calls -%}',
  '{%- for c in m.tool_calls -%}<call>{"name": "{{ c.function.name }}", "arguments": {{ c.function.arguments | tojson }}}</call>{%- endfor -%}',
  '{%- else -%}{{ m.role }}: {{ m.content }}\n{%- endif -%}',
  '{%- endfor -%}',
].join('\n');

describe('models.yaml template: and gguf: (the format read from the chat template)', () => {
  const routerFor = async (config: string) => {
    const c = container.createChildContainer();
    const loaded = await loadModelsConfig(config, { container: c });
    return createRouter({ config: loaded, plugins: [toyPlugin] });
  };

  it("reads the template file (relative to the config's folder) and routes by it, before the name patterns", async () => {
    file('tpl/templates/chat.jinja', TOY_TEMPLATE);
    const config = file(
      'tpl/models.yaml',
      'models:\n  - match: "toy-large-*"\n    template: templates/chat.jinja\n',
    );
    const router = await routerFor(config);
    // Without the rule, toy-large-* is the pattern's toy:v2; the template says plain toy.
    const r = router.resolveModel('toy-large-7b');
    expect(r.handler.id).toBe('toy');
    expect(r.source).toBe('config');
    expect(r.rule).toMatchObject({ match: 'toy-large-*', format: 'toy', template: 'templates/chat.jinja' });
    expect(r.template).toMatchObject({ key: 'template', file: 'templates/chat.jinja' });
    expect(r.template?.reason).toContain('read the rendered probe call back exactly');
    expect(router.resolveModel('toy-large-other').source).toBe('config');
    expect(router.resolveModel('toy-small').source).toBe('pattern');
  });

  it("reads a GGUF file's header and routes by its tokenizer.chat_template", async () => {
    writeFileSync(
      join(dir, 'model.gguf'),
      ggufHeader({ 'general.architecture': 'llama', 'tokenizer.chat_template': TOY_TEMPLATE }),
    );
    const config = file('gg.yaml', 'models:\n  - match: "local-*"\n    gguf: model.gguf\n');
    const router = await routerFor(config);
    const r = router.resolveModel('local-model');
    expect(r.handler.id).toBe('toy');
    expect(r.template).toMatchObject({ key: 'gguf', file: 'model.gguf' });
  });

  it('names the file, line and key when the template is missing, is an address, or the GGUF has no template', async () => {
    const missing = file(
      'miss.yaml',
      'models:\n  - match: "a"\n    format: toy\n  - match: "b"\n    template: nope.jinja\n',
    );
    expect(await message(loadModelsConfig(missing, { container: container.createChildContainer() }))).toBe(
      `${missing}:5: models.1.template: cannot read chat template 'nope.jinja' (${join(dir, 'nope.jinja')}): no such file. Paths are relative to the config file's folder (${dir}).`,
    );
    const url = file('url.yaml', 'models:\n  - match: "a"\n    gguf: https://example.com/m.gguf\n');
    expect(await message(loadModelsConfig(url, { container: container.createChildContainer() }))).toBe(
      `${url}:3: models.0.gguf: 'https://example.com/m.gguf' is an address; only local files are read. Download the file and give its path.`,
    );
    writeFileSync(join(dir, 'bare.gguf'), ggufHeader({ 'general.architecture': 'llama' }));
    const bare = file('bare.yaml', 'models:\n  - match: "a"\n    gguf: bare.gguf\n');
    expect(await message(loadModelsConfig(bare, { container: container.createChildContainer() }))).toBe(
      `${bare}:3: models.0.gguf: GGUF file 'bare.gguf' has no tokenizer.chat_template in its metadata; give template: (the model's chat_template.jinja) or format: instead.`,
    );
    writeFileSync(join(dir, 'junk.gguf'), 'not a model');
    const junk = file('junk.yaml', 'models:\n  - match: "a"\n    gguf: junk.gguf\n');
    expect(await message(loadModelsConfig(junk, { container: container.createChildContainer() }))).toMatch(
      new RegExp(
        `^${escapeRegExp(junk)}:3: models\\.0\\.gguf: cannot read the chat template of GGUF file 'junk\\.gguf' \\(${escapeRegExp(join(dir, 'junk.gguf'))}\\): cannot read its header: .+\\. Paths are relative`,
      ),
    );
  });

  it('says so, and does not guess, when the template writes no tool-call markup', async () => {
    file('plain.jinja', '{% for m in messages %}{{ m.role }}: {{ m.content }}\n{% endfor %}');
    const config = file('plain.yaml', 'models:\n  - match: "a"\n    template: plain.jinja\n');
    expect(await message(routerFor(config))).toBe(
      `${config}:3: models.0.template: the chat template in 'plain.jinja' writes no tool-call markup a registered format reads (no registered format reads the rendered probe call back (the template writes no tool-call markup toolformat knows)); give format: for this model instead, or list the plugin that reads it under plugins:.`,
    );
  });

  it('refuses a template rule whose file was never read (parseModelsConfig alone reads no files)', async () => {
    const { parseModelsConfig } = await import('./config.js');
    const config = parseModelsConfig('models:\n  - match: "a"\n    template: chat.jinja\n', 'm.yaml');
    expect(() => createRouter({ config, plugins: [toyPlugin] })).toThrow(
      "m.yaml:3: models.0.template: the chat template file 'chat.jinja' was not read: load models.yaml with loadModelsConfig (@toolformat/core/node), which reads it, or give format: instead.",
    );
  });
});

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
