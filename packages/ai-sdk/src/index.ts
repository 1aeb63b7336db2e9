/**
 * @toolformat/ai-sdk — toolformat for the Vercel AI SDK (`ai@6`): a language-model middleware
 * that turns tool calls written as text into the SDK's tool-call parts, streaming and not.
 */
export { NoToolCallError } from './no-tool-call-error.js';
export { type RenderPromptOptions, renderPrompt } from './render-prompt.js';
export { rescueGenerateResult } from './rescue-content.js';
export { createRescueStream, type RescueStreamOptions } from './rescue-stream.js';
export { type ToolformatMiddlewareOptions, toolformatMiddleware } from './toolformat-middleware.js';
