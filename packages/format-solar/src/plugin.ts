/**
 * The plugin the router registers: the family id `solar`, the alias `solar-open`, and the model
 * names it serves. Model names are matched case-insensitively, also after the last `/`
 * (`upstage/Solar-Open-100B`). Upstage's other Solar models (Solar Pro, Solar Mini, the older
 * SOLAR-10.7B) have other chat formats and are deliberately not matched.
 */
import { definePlugin, type FormatAlias, type ModelPattern } from '@toolformat/core';
import { createSolarFormat } from './format.js';

const aliases: FormatAlias[] = [
  { id: 'solar-open', variant: 'open' },
  { id: 'solar-open2', variant: 'open2' },
  { id: 'solar_open2', variant: 'open2' },
];

const modelPatterns: ModelPattern[] = [
  // More specific than `*solar-open*`, so Solar Open 2 names take their own variant.
  { match: '*solar-open2*', variant: 'open2' },
  { match: '*solar-open-2*', variant: 'open2' },
  { match: '*solar_open2*', variant: 'open2' },
  { match: '*solar-open*', variant: 'open' },
  { match: '*solar_open*', variant: 'open' },
];

export const solarPlugin = definePlugin({
  id: 'solar',
  aliases,
  modelPatterns,
  create: (options) => createSolarFormat(typeof options?.variant === 'string' ? options.variant : 'open'),
});
