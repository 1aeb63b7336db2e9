/** The router with every format, as the CLI and the proxy build it. */
import { createRouter, type Router } from '@toolformat/core';
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

export function allFormatsRouter(): Router {
  return createRouter({
    plugins: [
      hermesPlugin,
      xmlPlugin,
      reactPlugin,
      deepseekPlugin,
      llamaPlugin,
      mistralPlugin,
      gemmaPlugin,
      kimiPlugin,
      solarPlugin,
      harmonyPlugin,
    ],
  });
}
