/** The router with every format, as the CLI and the proxy build it. */
import { createRouter, type Router } from '@toolformat/core';
import { builtinPlugins } from '@toolformat/formats';

export function allFormatsRouter(): Router {
  return createRouter({ plugins: builtinPlugins });
}
