/**
 * The proxy's Prometheus metrics (prom-client), fed by the per-request records. Labels are the
 * model and format; a model name comes from the client, so after `maxModels` distinct names the
 * rest count as `other` — a client cannot grow the metrics without bound. Node's process metrics
 * (`process_resident_memory_bytes`, event-loop lag, heap) come with them.
 */
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { RequestRecord } from '../request-record.js';

export interface ProxyMetrics {
  registry: Registry;
  observe(record: RequestRecord): void;
  contentType: string;
  text(): Promise<string>;
}

export function createProxyMetrics(options: { maxModels?: number } = {}): ProxyMetrics {
  const registry = new Registry();
  // The process's own: resident memory, CPU, event-loop lag, heap (read at scrape time).
  collectDefaultMetrics({ register: registry });
  const maxModels = options.maxModels ?? 100;
  const models = new Set<string>();
  const modelLabel = (model: string | undefined) => {
    if (model === undefined) return 'none';
    if (models.has(model)) return model;
    if (models.size >= maxModels) return 'other';
    models.add(model);
    return model;
  };

  const requests = new Counter({
    name: 'toolformat_requests_total',
    help: 'Requests answered, by route, model, format and status.',
    labelNames: ['route', 'model', 'format', 'status'],
    registers: [registry],
  });
  const rescued = new Counter({
    name: 'toolformat_rescued_calls_total',
    help: 'Tool calls rescued from model text.',
    labelNames: ['model', 'format'],
    registers: [registry],
  });
  const issues = new Counter({
    name: 'toolformat_parse_issues_total',
    help: 'Parse issues reported while rescuing, by kind.',
    labelNames: ['model', 'format', 'kind'],
    registers: [registry],
  });
  const upstream = new Histogram({
    name: 'toolformat_upstream_seconds',
    help: 'Time from the request to the upstream response headers.',
    labelNames: ['model'],
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
    registers: [registry],
  });
  const added = new Histogram({
    name: 'toolformat_added_seconds',
    help: "Time the proxy's own work added to a request (reading, preparing, rescuing).",
    labelNames: ['model'],
    buckets: [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.5],
    registers: [registry],
  });

  return {
    registry,
    contentType: registry.contentType,
    text: () => registry.metrics(),
    observe(record) {
      const chat = record.model !== undefined;
      const model = modelLabel(record.model);
      const format = record.format ?? 'none';
      requests.inc({ route: chat ? 'chat' : 'passthrough', model, format, status: String(record.status) });
      if (!chat) return;
      if (record.rescuedCalls > 0) rescued.inc({ model, format }, record.rescuedCalls);
      for (const [kind, n] of Object.entries(record.issues)) issues.inc({ model, format, kind }, n);
      if (record.upstreamMs !== null) upstream.observe({ model }, record.upstreamMs / 1000);
      added.observe({ model }, record.addedMs / 1000);
    },
  };
}
