export { createProxyMetrics, type ProxyMetrics } from './metrics.js';
export { type RunningProxy, type ServeOptions, serve } from './serve.js';
