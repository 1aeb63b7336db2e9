/**
 * The formats the page reads with: the ten built-in plugins, routed by core's router with no
 * models.yaml rules (a model name goes to the plugin whose model pattern fits it best, else auto),
 * exactly as `toolformat parse --model NAME` routes without --config (architecture/router-and-plugins.md).
 */
import { createRouter, type FormatPlugin, type Router } from '@toolformat/core';
import { deepseekPlugin } from '@toolformat/format-deepseek';
import { gemmaPlugin } from '@toolformat/format-gemma';
import { harmonyPlugin } from '@toolformat/format-harmony';
import { hermesPlugin } from '@toolformat/format-hermes';
import { kimiPlugin } from '@toolformat/format-kimi';
import { llamaPlugin } from '@toolformat/format-llama';
import { mistralPlugin } from '@toolformat/format-mistral';
import { reactPlugin } from '@toolformat/format-react';
import { solarPlugin } from '@toolformat/format-solar';
import { xmlPlugin } from '@toolformat/format-xml';

/** The CLI's built-in list, in its order (which decides ties in auto mode). */
export const builtinPlugins: readonly FormatPlugin[] = [
  hermesPlugin,
  xmlPlugin,
  reactPlugin,
  llamaPlugin,
  deepseekPlugin,
  mistralPlugin,
  gemmaPlugin,
  kimiPlugin,
  solarPlugin,
  harmonyPlugin,
];

let shared: Router | null = null;

/** One router for the page's lifetime: handlers are built once per format and variant. */
export function playgroundRouter(): Router {
  shared ??= createRouter({ plugins: builtinPlugins });
  return shared;
}
