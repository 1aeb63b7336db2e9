/** The ten built-in formats and a router over them, for tests. */
import { createRouter, type ModelsConfig, type Router } from '@toolformat/core';
import deepseek from '@toolformat/format-deepseek';
import gemma from '@toolformat/format-gemma';
import harmony from '@toolformat/format-harmony';
import hermes from '@toolformat/format-hermes';
import kimi from '@toolformat/format-kimi';
import llama from '@toolformat/format-llama';
import mistral from '@toolformat/format-mistral';
import react from '@toolformat/format-react';
import solar from '@toolformat/format-solar';
import xml from '@toolformat/format-xml';

export const allPlugins = [hermes, xml, react, llama, deepseek, mistral, gemma, kimi, solar, harmony];

export function testRouter(config?: ModelsConfig): Router {
  return createRouter({ plugins: allPlugins, ...(config ? { config } : {}) });
}
