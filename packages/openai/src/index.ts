/**
 * @toolformat/openai — toolformat for the `openai` npm client: rescued `tool_calls` on
 * completions and streams, and one tool loop for models with and without native tool calling.
 */
export { type ChunkRescuer, createChunkRescuer } from './chunk-rescuer.js';
export { type PreparedRequest, prepareRequest } from './prepare-request.js';
export { renderMessages } from './render-messages.js';
export { type ChatRequestLike, functionTools, type RescuePlanOptions, rescuePlan } from './request-tools.js';
export { type RescueCompletionOptions, rescueCompletion } from './rescue-completion.js';
export { type RescuedStream, type RescueStreamOptions, rescueStream } from './rescue-stream.js';
export { type OpenAIToolLoop, type ToolLoopForOptions, toolLoopFor } from './tool-loop.js';
export { type WithToolformatOptions, withToolformat } from './with-toolformat.js';
