/**
 * Node-only: reading models.yaml from disk and importing the plugin packages it names, resolved
 * from the config file's folder. Exported by `@toolformat/core/node`, so that the root entry runs
 * in every JavaScript runtime (architecture/router-and-plugins.md).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve as resolvePath } from 'node:path';
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
    throw new ToolFormatConfigError(`cannot read config file '${file}': ${describeReadError(error)}.`, {
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
  const file = config.source?.file ?? 'models.yaml';
  for (const [i, name] of (config.plugins ?? []).entries()) {
    const line = config.source?.lineOf(['plugins', i]);
    const where = `${file}:${line ?? '?'}: plugins.${i}`;
    let mod: unknown;
    try {
      mod = await importFrom(name, baseDir);
    } catch (error) {
      const why =
        error instanceof PluginNotFound
          ? `not found from ${baseDir} (the config file's folder, where plugins are resolved from)`
          : `it failed to load: ${(error as Error).message}`;
      const fix =
        error instanceof PluginNotFound
          ? `Install it there (cd ${baseDir} && npm install ${name}) or fix the name.`
          : 'Fix or reinstall the package.';
      throw new ToolFormatConfigError(`${where}: cannot import '${name}': ${why}. ${fix}`, {
        file,
        line,
        key: `plugins.${i}`,
      });
    }
    const source = `plugin package '${name}' (${where})`;
    for (const plugin of pluginsFromModule(mod, name)) registerFormat(plugin, container, source);
  }
}

/** Thrown by importFrom when nothing by that name is installed where the config lives. */
class PluginNotFound extends Error {}

/**
 * Imports `name` as the config file's folder sees it, and only so: a plugin is the config's
 * dependency, so resolving it from toolformat's own folder would find a copy the user did not
 * install there (or say "imported from core/dist", which is no help).
 */
async function importFrom(name: string, baseDir: string): Promise<unknown> {
  const require = createRequire(pathToFileURL(resolvePath(baseDir, 'noop.js')));
  let resolved: string;
  try {
    resolved = require.resolve(name);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'MODULE_NOT_FOUND') throw new PluginNotFound(name);
    // An ESM-only package has no `require` entry in its exports: find it by hand.
    const esm = code === 'ERR_PACKAGE_PATH_NOT_EXPORTED' ? await esmEntry(name, baseDir) : null;
    if (esm === null) throw error;
    resolved = esm;
  }
  return import(pathToFileURL(resolved).href);
}

/**
 * The `import` entry of an installed package whose exports have no `require` condition: its
 * package.json is looked up in the node_modules folders from `baseDir` up, as Node does.
 */
async function esmEntry(name: string, baseDir: string): Promise<string | null> {
  let dir = resolvePath(baseDir);
  for (;;) {
    const pkgDir = join(dir, 'node_modules', name);
    let pkg: { exports?: unknown; module?: unknown; main?: unknown } | null = null;
    try {
      pkg = JSON.parse(await readFile(join(pkgDir, 'package.json'), 'utf8'));
    } catch {
      pkg = null;
    }
    if (pkg !== null) {
      const entry = importTarget(pkg.exports) ?? importTarget(pkg.module) ?? importTarget(pkg.main);
      return entry === null ? null : resolvePath(pkgDir, entry);
    }
    const parent = dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

/** The `.` entry of an exports field for `import` (conditions import, node, default, in that order). */
function importTarget(exports: unknown): string | null {
  if (typeof exports === 'string') return exports;
  if (typeof exports !== 'object' || exports === null || Array.isArray(exports)) return null;
  const map = exports as Record<string, unknown>;
  if ('.' in map) return importTarget(map['.']);
  for (const condition of ['import', 'node', 'default']) {
    const target = importTarget(map[condition]);
    if (target !== null) return target;
  }
  return null;
}

function describeReadError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'EACCES') return 'permission denied';
  return (error as Error).message;
}
