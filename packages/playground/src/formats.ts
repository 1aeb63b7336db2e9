/**
 * The formats the page reads with: the ten built-in plugins, routed by core's router with no
 * models.yaml rules (a model name goes to the plugin whose model pattern fits it best, else auto),
 * exactly as `toolformat parse --model NAME` routes without --config (architecture/router-and-plugins.md).
 */
import { createRouter, type Router } from '@toolformat/core';
import { builtinPlugins } from '@toolformat/formats';

export { builtinPlugins };

let shared: Router | null = null;

/** One router for the page's lifetime: handlers are built once per format and variant. */
export function playgroundRouter(): Router {
  shared ??= createRouter({ plugins: builtinPlugins });
  return shared;
}
