/**
 * @toolformat/cli — the `toolformat` command, and the "all built-in formats" router it uses,
 * for adapters and tools (the conformance runner) that want the same set.
 */
export {
  builtinPlugins,
  createDefaultContainer,
  createDefaultRouter,
  type DefaultRouterOptions,
  type FormatContainer,
  loadDefaultRouter,
} from './builtin-formats.js';
export { type CliInput, type CliIo, type CliOutput, type MainOptions, main } from './main.js';
export { type CallJson, type IssueJson, type ResultJson, toResultJson } from './result-json.js';
export { parseToolList, type ToolListResult } from './tool-list.js';
