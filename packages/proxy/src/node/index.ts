export { createProxyMetrics, type ProxyMetrics } from './metrics.js';
export { type RunningProxy, type ServeOptions, type StaticFolder, serve } from './serve.js';
