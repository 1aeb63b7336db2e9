/**
 * The plugin registry: one tsyringe injection token under which every format plugin is
 * registered, built-in or third-party alike. `createRouter` resolves them all.
 */
import 'reflect-metadata';
import { type DependencyContainer, type InjectionToken, container as rootContainer } from 'tsyringe';
import { ToolFormatConfigError } from './errors.js';
import type { FormatPlugin } from './handler.js';

export const FORMAT_PLUGIN: InjectionToken<FormatPlugin> = Symbol.for('toolformat.FormatPlugin');

/** toolformat's own container, a child of tsyringe's root so it never collides with an app's registrations. */
export const defaultContainer: DependencyContainer = rootContainer.createChildContainer();

function isPlugin(value: unknown): value is FormatPlugin {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FormatPlugin).id === 'string' &&
    typeof (value as FormatPlugin).create === 'function'
  );
}

/** Registers a format plugin (an object with `id` and `create`). Throws a config error for anything else. */
export function registerFormat(
  plugin: FormatPlugin,
  container: DependencyContainer = defaultContainer,
): void {
  if (!isPlugin(plugin)) {
    throw new ToolFormatConfigError(
      'registerFormat needs a plugin: an object with a string `id` and a `create(options)` function (see definePlugin).',
    );
  }
  container.register(FORMAT_PLUGIN, { useValue: plugin });
}

/** Every plugin registered in `container` (and its parents), in registration order. */
export function registeredFormats(container: DependencyContainer = defaultContainer): FormatPlugin[] {
  return container.isRegistered(FORMAT_PLUGIN, true) ? container.resolveAll(FORMAT_PLUGIN) : [];
}

/** Accepts a module namespace (default export or named `plugin`/`plugins`) and returns the plugins in it. */
export function pluginsFromModule(mod: unknown, name: string): FormatPlugin[] {
  const m = mod as Record<string, unknown>;
  const candidates = [m.default, m.plugin, ...(Array.isArray(m.plugins) ? m.plugins : [])];
  const dflt = m.default as Record<string, unknown> | undefined;
  if (dflt && Array.isArray(dflt.plugins)) candidates.push(...dflt.plugins);
  if (Array.isArray(m.default)) candidates.push(...m.default);
  const found = candidates.filter(isPlugin);
  if (found.length === 0) {
    throw new ToolFormatConfigError(
      `Package '${name}' does not export a format plugin: expected a default export (or \`plugin\`/\`plugins\`) made with definePlugin({ id, create }).`,
    );
  }
  return [...new Set(found)];
}
