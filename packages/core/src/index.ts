/**
 * @toolformat/core — the contract (handlers, plugins, results, events, schemas), the router and
 * plugin registry, models.yaml validation and the tool loop. Runs in every JavaScript runtime.
 *
 * The building blocks a format is declared with are in `@toolformat/core/kit`; the agent loop in
 * `@toolformat/core/tool-loop`; reading models.yaml from disk and importing its plugins (Node
 * only) in `@toolformat/core/node`; chat templates in `@toolformat/core/template`; test helpers
 * in `@toolformat/core/testing` (architecture/contract.md).
 */

export { AUTO_ID, createAutoHandler } from './auto.js';
export {
  type ModelRule,
  ModelRuleSchema,
  type ModelsConfig,
  ModelsConfigSchema,
  parseModelsConfig,
} from './config.js';
export { ToolFormatConfigError } from './errors.js';
export * from './handler.js';
export { foldEvents } from './kit/fold-events.js';
export { sequentialIds } from './kit/ids.js';
export {
  createFormatContainer,
  type FormatContainer,
  registeredFormats,
  registerFormat,
} from './registry.js';
export {
  type CreateRouterOptions,
  createRouter,
  type FormatInfo,
  type ModelResolution,
  type RescueEvidence,
  type RescueOptions,
  type RescueResult,
  Router,
  type RouterSource,
  routerFrom,
} from './router.js';
export * from './schemas.js';
