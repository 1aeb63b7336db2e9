/**
 * @toolformat/core — the contract, the router and registry, and the parsing kit every format
 * is built from.
 */
export * from './schemas.js';
export * from './handler.js';
export { ToolFormatConfigError } from './errors.js';
export { normalizeTool, normalizeTools, createToolIndex, type ToolIndex } from './tools.js';
export { resolveParseOptions, type ResolvedParseOptions } from './options.js';
export { FORMAT_PLUGIN, defaultContainer, registerFormat, registeredFormats, pluginsFromModule } from './registry.js';
export {
  parseModelsConfig,
  loadModelsConfig,
  loadPlugins,
  ModelsConfigSchema,
  ModelRuleSchema,
  type ModelsConfig,
  type ModelRule,
} from './config.js';
export {
  Router,
  createRouter,
  compilePattern,
  globMatch,
  type CreateRouterOptions,
  type FormatInfo,
  type ModelResolution,
  type RescueOptions,
} from './router.js';
export { AUTO_ID, createAutoHandler } from './auto.js';
export {
  defineFormat,
  parseWith,
  streamAll,
  type FormatDefinition,
  type MarkupFormatHandler,
} from './define-format.js';
export * from './kit/index.js';
