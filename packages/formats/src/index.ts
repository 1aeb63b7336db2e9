/**
 * @toolformat/formats — every built-in format plugin in one import, for the CLI, the proxy, the
 * playground and any application that wants "all of them" (architecture/router-and-plugins.md).
 * The order is the CLI's and decides ties in auto mode: a new format package is added here once.
 */
import type { FormatPlugin } from '@toolformat/core';
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

/** Every built-in format plugin, in the order auto mode breaks ties by. */
export const builtinPlugins: readonly FormatPlugin[] = Object.freeze([
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
]);

export default builtinPlugins;
