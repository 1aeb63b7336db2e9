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

/** Per container, where each plugin was registered from, for the duplicate-id message. */
const sources = new WeakMap<DependencyContainer, Map<FormatPlugin, string>>();

/** Where `plugin` was registered from, looked up in `container` and its parents. */
export function pluginSource(plugin: FormatPlugin, container: DependencyContainer): string | undefined {
  for (let c: DependencyContainer | undefined = container; c !== undefined; c = parentOf(c)) {
    const source = sources.get(c)?.get(plugin);
    if (source !== undefined) return source;
  }
  return undefined;
}

// tsyringe keeps a child's parent in a field it does not type; only the message depends on it.
function parentOf(container: DependencyContainer): DependencyContainer | undefined {
  return (container as unknown as { parent?: DependencyContainer }).parent;
}

/**
 * Registers a format plugin (an object with `id` and `create`). Throws a config error for anything
 * else, and for a second plugin with an id already registered (architecture/router-and-plugins.md):
 * first-wins would silently route to whichever happened to load first. `source` says where the
 * plugin came from (a package name and models.yaml line), for that message.
 */
export function registerFormat(
  plugin: FormatPlugin,
  container: DependencyContainer = defaultContainer,
  source = 'registerFormat()',
): void {
  if (!isPlugin(plugin)) {
    throw new ToolFormatConfigError(
      'registerFormat needs a plugin: an object with a string `id` and a `create(options)` function (see definePlugin).',
    );
  }
  const own = container.isRegistered(FORMAT_PLUGIN, false) ? container.resolveAll(FORMAT_PLUGIN) : [];
  // The same object again (a package listed twice, a plugin both global and passed in) is one plugin.
  if (own.includes(plugin)) return;
  const clash = registeredFormats(container).find((p) => p.id === plugin.id && p !== plugin);
  if (clash) throw duplicatePlugin(clash, pluginSource(clash, container), source);
  let map = sources.get(container);
  if (map === undefined) {
    map = new Map();
    sources.set(container, map);
  }
  map.set(plugin, source);
  container.register(FORMAT_PLUGIN, { useValue: plugin });
}

/** Two different plugins under one id: a configuration error naming where each came from. */
export function duplicatePlugin(
  first: FormatPlugin,
  firstSource?: string,
  secondSource?: string,
): ToolFormatConfigError {
  const a = firstSource ?? 'an earlier registration';
  const b = secondSource ?? 'a later registration';
  return new ToolFormatConfigError(
    `two format plugins have the id '${first.id}': one from ${a}, another from ${b}. Ids must be unique: remove one of them (or give one another id).`,
    { key: first.id },
  );
}

/** A container of format plugins (tsyringe's), named so callers need not depend on tsyringe. */
export type FormatContainer = DependencyContainer;

/**
 * A fresh child container of toolformat's own holding `plugins`, then whatever was registered
 * globally with `registerFormat`: the container a router or models.yaml loader works in.
 *
 * The global registrations are copied in on purpose: a tsyringe child that registers the token
 * hides the parent's registrations of it from `resolveAll`, so without the copy a format an
 * application registered globally would silently vanish. `source` names where `plugins` came
 * from, for the duplicate-id message.
 */
export function createFormatContainer(
  plugins: readonly FormatPlugin[] = [],
  source: (index: number) => string = (i) => `plugins[${i}]`,
  parent: DependencyContainer = defaultContainer,
): FormatContainer {
  const container = parent.createChildContainer();
  if (plugins.length === 0) return container;
  // The given plugins first: registration order decides ties in auto mode.
  for (const [i, plugin] of plugins.entries()) registerFormat(plugin, container, source(i));
  for (const plugin of registeredFormats(parent))
    registerFormat(plugin, container, pluginSource(plugin, parent) ?? 'registerFormat()');
  return container;
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
