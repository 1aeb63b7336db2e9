/**
 * @toolformat/proxy — an OpenAI-compatible proxy that gives every model native tool calls.
 * `createProxy` is web-standard (Request in, Response out); `@toolformat/proxy/node` serves it.
 */
export {
  createProxy,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_TIMEOUT_MS,
  type ProxyHandler,
  type ProxyOptions,
} from './create-proxy.js';
export { errorBody, type ProxyErrorCode } from './errors.js';
export type { RequestRecord } from './request-record.js';
