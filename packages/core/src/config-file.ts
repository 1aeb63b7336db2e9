/**
 * Node-only: reading models.yaml from disk and importing the plugin packages it names, resolved
 * from the config file's folder. Exported by `@toolformat/core/node`, so that the root entry runs
 * in every JavaScript runtime (architecture/router-and-plugins.md).
 */
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DependencyContainer } from 'tsyringe';
import { type ModelsConfig, parseModelsConfig, type RuleTemplate } from './config.js';
import { ToolFormatConfigError } from './errors.js';
import { readGgufChatTemplate } from './gguf.js';
import { defaultContainer, pluginsFromModule, registerFormat } from './registry.js';
import { MAX_TEMPLATE_CHARS, resolveTemplate } from './template.js';

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
  const baseDir = dirname(resolvePath(file));
  await loadPlugins(config, baseDir, options.container ?? defaultContainer);
  const templates = await loadTemplates(config, baseDir);
  return templates.size > 0 ? { ...config, templates } : config;
}

/**
 * Reads the chat template of every rule with `template:` (a Jinja file) or `gguf:` (a model
 * file's header), paths relative to the config file's folder, local files only. The router reads
 * the format from each when it is built (architecture/router-and-plugins.md, "From a chat template").
 */
export async function loadTemplates(
  config: ModelsConfig,
  baseDir: string,
): Promise<Map<number, RuleTemplate>> {
  const file = config.source?.file ?? 'models.yaml';
  const out = new Map<number, RuleTemplate>();
  for (const [i, rule] of (config.models ?? []).entries()) {
    const key = rule.template !== undefined ? 'template' : rule.gguf !== undefined ? 'gguf' : null;
    if (key === null) continue;
    const given = rule[key]!;
    const line = config.source?.lineOf(['models', i, key]);
    const where = `${file}:${line ?? '?'}: models.${i}.${key}`;
    const fail = (what: string): never => {
      throw new ToolFormatConfigError(`${where}: ${what}`, { file, line, key: `models.${i}.${key}` });
    };
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(given))
      fail(`'${given}' is an address; only local files are read. Download the file and give its path.`);
    const path = resolvePath(baseDir, given);
    let source: string | null;
    if (key === 'template') {
      try {
        source = await readFile(path, 'utf8');
      } catch (error) {
        return fail(
          `cannot read chat template '${given}' (${path}): ${describeReadError(error)}. Paths are relative to the config file's folder (${baseDir}).`,
        );
      }
      if (source.length > MAX_TEMPLATE_CHARS)
        fail(
          `chat template '${given}' is longer than ${MAX_TEMPLATE_CHARS} characters; is it a chat template?`,
        );
    } else {
      try {
        if (!(await stat(path)).isFile()) throw Object.assign(new Error('not a file'), { code: 'EISDIR' });
      } catch (error) {
        return fail(
          `cannot read GGUF file '${given}' (${path}): ${describeReadError(error)}. Paths are relative to the config file's folder (${baseDir}).`,
        );
      }
      try {
        // The header only (the reader stops before the tensors), never the weights.
        source = await readGgufChatTemplate(path);
      } catch (error) {
        return fail(
          `cannot read the chat template of GGUF file '${given}' (${path}): ${ggufReadError(error, path)}. Paths are relative to the config file's folder (${baseDir}).`,
        );
      }
      if (source === null)
        return fail(
          `GGUF file '${given}' has no tokenizer.chat_template in its metadata; give template: (the model's chat_template.jinja) or format: instead.`,
        );
    }
    const text = source;
    out.set(i, { key, file: given, source: text, resolve: (router) => resolveTemplate(router, text) });
  }
  return out;
}

/** readGgufChatTemplate's message without the file name it starts with (the caller names it). */
function ggufReadError(error: unknown, path: string): string {
  const text = (error as Error).message;
  const prefix = `GGUF file '${path}': `;
  return (text.startsWith(prefix) ? text.slice(prefix.length) : text).replace(/\.$/, '');
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
