import 'reflect-metadata';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { container } from 'tsyringe';
import { afterAll, describe, expect, it } from 'vitest';
import { loadModelsConfig } from './config-file.js';
import { registeredFormats } from './registry.js';

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
