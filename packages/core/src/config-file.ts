/**
 * Node-only: reading models.yaml from disk and importing the plugin packages it names, resolved
 * from the config file's folder. Exported by `@toolformat/core/node`, so that the root entry runs
 * in every JavaScript runtime (architecture/router-and-plugins.md).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DependencyContainer } from 'tsyringe';
import { type ModelsConfig, parseModelsConfig } from './config.js';
import { ToolFormatConfigError } from './errors.js';
import { defaultContainer, pluginsFromModule, registerFormat } from './registry.js';

/** Reads models.yaml, validates it, imports the `plugins:` packages and registers them. */
export async function loadModelsConfig(
  file: string,
  options: { container?: DependencyContainer } = {},
): Promise<ModelsConfig> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new ToolFormatConfigError(`Cannot read config file '${file}': ${(error as Error).message}`, {
      file,
    });
  }
  const config = parseModelsConfig(text, file);
  await loadPlugins(config, dirname(resolvePath(file)), options.container ?? defaultContainer);
  return config;
}

/** Imports every package under `plugins:` (resolved from `baseDir`) and registers its plugins. */
export async function loadPlugins(
  config: ModelsConfig,
  baseDir: string,
  container: DependencyContainer,
): Promise<void> {
  for (const [i, name] of (config.plugins ?? []).entries()) {
    let mod: unknown;
    try {
      mod = await importFrom(name, baseDir);
    } catch (error) {
      const line = config.source?.lineOf(['plugins', i]);
      const file = config.source?.file ?? 'models.yaml';
      throw new ToolFormatConfigError(
        `${file}:${line ?? '?'}: plugins.${i}: cannot import '${name}' (${(error as Error).message}). Install it next to the config (npm i ${name}) or fix the name.`,
        { file, line, key: `plugins.${i}` },
      );
    }
    for (const plugin of pluginsFromModule(mod, name)) registerFormat(plugin, container);
  }
}

async function importFrom(name: string, baseDir: string): Promise<unknown> {
  const require = createRequire(pathToFileURL(resolvePath(baseDir, 'noop.js')));
  let resolved: string;
  try {
    resolved = require.resolve(name);
  } catch {
    return import(name);
  }
  return import(pathToFileURL(resolved).href);
}
