/**
 * The formats the CLI (and every adapter that wants "all of them") ships with, and the router
 * built over them. Built-in formats go through exactly the plugin path a third-party format
 * takes (architecture/router-and-plugins.md): they are registered in a container and resolved by createRouter.
 */
import {
  createFormatContainer,
  createRouter,
  type FormatContainer,
  type FormatPlugin,
  type ModelsConfig,
  type Router,
} from '@toolformat/core';
import { loadModelsConfig } from '@toolformat/core/node';
import { builtinPlugins } from '@toolformat/formats';

export type { FormatContainer };
/** Every built-in format plugin (`@toolformat/formats`), in the order auto mode breaks ties by. */
export { builtinPlugins };

export interface DefaultRouterOptions {
  /** Parsed models.yaml; its `plugins:` must already be registered in `container`. */
  config?: ModelsConfig;
  /** Where the plugins live; default a fresh container from `createDefaultContainer`. */
  container?: FormatContainer;
}

/**
 * A fresh container holding `plugins` (the built-ins by default) and whatever was registered
 * globally with `registerFormat` (core's `createFormatContainer`).
 */
export function createDefaultContainer(plugins: readonly FormatPlugin[] = builtinPlugins): FormatContainer {
  return createFormatContainer(plugins, () => "toolformat's built-in formats");
}

/** A router over the built-in formats (plus any registered in `options.container`). */
export function createDefaultRouter(options: DefaultRouterOptions = {}): Router {
  const container = options.container ?? createDefaultContainer();
  return createRouter({ container, ...(options.config ? { config: options.config } : {}) });
}

/**
 * Reads a models.yaml (when given), registers its `plugins:` next to the built-ins, and returns
 * the router with the config's rules. Throws ToolFormatConfigError for a bad file.
 */
export async function loadDefaultRouter(
  configFile?: string,
  plugins: readonly FormatPlugin[] = builtinPlugins,
): Promise<{ router: Router; config: ModelsConfig }> {
  const container = createDefaultContainer(plugins);
  const config = configFile === undefined ? {} : await loadModelsConfig(configFile, { container });
  return { router: createRouter({ container, config }), config };
}
