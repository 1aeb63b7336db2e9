/**
 * @toolformat/core — the contract, the router and registry, and the parsing kit every format
 * is built from.
 */

export { AUTO_ID, createAutoHandler, safeDetect } from './auto.js';
export {
  loadModelsConfig,
  loadPlugins,
  type ModelRule,
  ModelRuleSchema,
  type ModelsConfig,
  ModelsConfigSchema,
  parseModelsConfig,
} from './config.js';
export {
  defineFormat,
  type FormatDefinition,
  type MarkupFormatHandler,
  parseWith,
  streamAll,
} from './define-format.js';
export { ToolFormatConfigError } from './errors.js';
export * from './handler.js';
export * from './kit/index.js';
export { type ResolvedParseOptions, resolveParseOptions } from './options.js';
export {
  defaultContainer,
  FORMAT_PLUGIN,
  pluginsFromModule,
  registeredFormats,
  registerFormat,
} from './registry.js';
export {
  type CreateRouterOptions,
  compilePattern,
  createRouter,
  type FormatInfo,
  globMatch,
  type ModelResolution,
  type RescueEvidence,
  type RescueOptions,
  type RescueResult,
  Router,
  type RouterSource,
  routerFrom,
} from './router.js';
export * from './schemas.js';
export * from './tool-loop.js';
export { createToolIndex, normalizeTool, normalizeTools, type ToolIndex } from './tools.js';
