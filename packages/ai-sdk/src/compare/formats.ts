/** The ten built-in formats, for the comparison script and the tests (dev dependencies only). */
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
