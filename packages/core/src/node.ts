/**
 * @toolformat/core/node — what only Node can do: read models.yaml from disk and import the
 * plugin packages it names, and read a GGUF file's chat template (architecture/router-and-plugins.md).
 */
export { loadModelsConfig, loadPlugins } from './config-file.js';
export { readGgufChatTemplate } from './gguf.js';
