/** What every command gets: the streams, the formats to start from, and a router loader. */
import {
  type FormatPlugin,
  type ModelsConfig,
  type Router,
  ToolFormatConfigError,
  type ToolFormatHandler,
} from '@toolformat/core';
import { builtinPlugins, loadDefaultRouter } from './builtin-formats.js';
import type { CliIo } from './io.js';

export interface CommandContext {
  io: CliIo;
  /** The formats registered before any config plugins (the built-ins unless a test says otherwise). */
  plugins: readonly FormatPlugin[];
  /** Stops a long-running command (`serve`) as SIGINT would; for tests. */
  stop?: AbortSignal;
}

export function createContext(
  io: CliIo,
  plugins: readonly FormatPlugin[] = builtinPlugins,
  stop?: AbortSignal,
): CommandContext {
  return stop ? { io, plugins, stop } : { io, plugins };
}

/** The router for a command: the context's formats, plus the plugins and rules of --config. */
export function loadRouter(
  ctx: CommandContext,
  configFile: string | undefined,
): Promise<{ router: Router; config: ModelsConfig }> {
  return loadDefaultRouter(configFile, ctx.plugins);
}

/** router.get for a --format flag: an unknown id is reported against the flag the user typed. */
export function formatFromFlag(router: Router, id: string): ToolFormatHandler {
  try {
    return router.get(id);
  } catch (error) {
    if (error instanceof ToolFormatConfigError && error.message.startsWith('format: ')) {
      throw new ToolFormatConfigError(`--format: ${error.message.slice('format: '.length)}`, error.details);
    }
    throw error;
  }
}
