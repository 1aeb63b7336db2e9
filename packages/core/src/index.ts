/**
 * @toolformat/core — the contract (handlers, plugins, results, events, schemas), the router and
 * plugin registry, models.yaml validation and the tool loop. Runs in every JavaScript runtime.
 *
 * The building blocks a format is declared with are in `@toolformat/core/kit`; reading
 * models.yaml from disk and importing its plugins (Node only) is in `@toolformat/core/node`;
 * test helpers are in `@toolformat/core/testing` (architecture/contract.md).
 */

export { AUTO_ID, createAutoHandler } from './auto.js';
export {
  type ModelRule,
  ModelRuleSchema,
  type ModelsConfig,
  ModelsConfigSchema,
  parseModelsConfig,
  type RuleTemplate,
} from './config.js';
export { ToolFormatConfigError } from './errors.js';
export * from './handler.js';
export { EventFolder, foldEvents } from './kit/fold-events.js';
export { sequentialIds } from './kit/ids.js';
export {
  defaultContainer,
  FORMAT_PLUGIN,
  pluginSource,
  pluginsFromModule,
  registeredFormats,
  registerFormat,
} from './registry.js';
export {
  type ConfiguredRule,
  type CreateRouterOptions,
  createRouter,
  type FormatInfo,
  type ModelResolution,
  type RescueEvidence,
  type RescueOptions,
  type RescueResult,
  Router,
  type RouterSource,
  type RuleTemplateRoute,
  routerFrom,
} from './router.js';
export * from './schemas.js';
export type { TemplateCandidate, TemplateResolution } from './template.js';
export * from './tool-loop.js';
export { createToolIndex, normalizeTool, normalizeTools, type ToolIndex } from './tools.js';
