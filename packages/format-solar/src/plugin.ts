/**
 * The plugin the router registers: the family id `solar`, the alias `solar-open`, and the model
 * names it serves. Model names are matched case-insensitively, also after the last `/`
 * (`upstage/Solar-Open-100B`). Upstage's other Solar models (Solar Pro, Solar Mini, the older
 * SOLAR-10.7B) have other chat formats and are deliberately not matched.
 */
import { definePlugin, type FormatAlias, type ModelPattern } from '@toolformat/core';
import { createSolarFormat, DEFAULT_VARIANT } from './format.js';

const aliases: FormatAlias[] = [{ id: 'solar-open', variant: DEFAULT_VARIANT }];

const modelPatterns: ModelPattern[] = [
  { match: '*solar-open*', variant: DEFAULT_VARIANT },
  { match: '*solar_open*', variant: DEFAULT_VARIANT },
];

export const solarPlugin = definePlugin({
  id: 'solar',
  aliases,
  modelPatterns,
  create: (options) =>
    createSolarFormat(typeof options?.variant === 'string' ? options.variant : DEFAULT_VARIANT),
});
