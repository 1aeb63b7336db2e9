/**
 * The proxy on Node: `serve(options)` listens with `@hono/node-server`, logs one JSON line per
 * request with pino, serves `/metrics` from prom-client, and `close()` stops taking requests,
 * lets the ones in flight finish (up to a grace period), then ends the rest.
 */

import type { AddressInfo } from 'node:net';
import { serve as serveNode } from '@hono/node-server';
import { type Logger, pino } from 'pino';
import { createProxy, type ProxyOptions } from '../create-proxy.js';
import type { RequestRecord } from '../request-record.js';
import { createProxyMetrics, type ProxyMetrics } from './metrics.js';

export interface ServeOptions extends Omit<ProxyOptions, 'onRequest' | 'metrics'> {
  port?: number;
  host?: string;
  /** Where the log lines go. Default: a pino logger on stdout. `false`: no log. */
  logger?: Logger | false;
  /** How long `close()` waits for requests in flight before ending them. Default 10 s. */
  graceMs?: number;
}

export interface RunningProxy {
  /** `http://HOST:PORT`. */
  url: string;
  port: number;
  metrics: ProxyMetrics;
  close(): Promise<void>;
}

export async function serve(options: ServeOptions): Promise<RunningProxy> {
  const { port = 8080, host = '127.0.0.1', logger: given, graceMs = 10_000, ...proxyOptions } = options;
  const logger = given === undefined ? pino({ base: null }) : given;
  const metrics = createProxyMetrics();
  const handler = createProxy({
    ...proxyOptions,
    metrics,
    onRequest: (record) => {
      metrics.observe(record);
      if (logger) logger.info(logLine(record), 'request');
    },
  });

  const server = await new Promise<ReturnType<typeof serveNode>>((resolve, reject) => {
    const s = serveNode({ fetch: handler, port, hostname: host }, () => resolve(s));
    s.once('error', reject);
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;

  let closing: Promise<void> | null = null;
  return {
    url: `http://${shown}:${address.port}`,
    port: address.port,
    metrics,
    close() {
      closing ??= new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        }, graceMs);
        force.unref();
        server.close(() => {
          clearTimeout(force);
          resolve();
        });
        (server as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
      });
      return closing;
    },
  };
}

/** The log line's fields: durations rounded, and bodies only when the record carries them. */
function logLine(record: RequestRecord) {
  const round = (ms: number | null) => (ms === null ? null : Math.round(ms * 100) / 100);
  return {
    ...record,
    upstreamMs: round(record.upstreamMs),
    addedMs: round(record.addedMs),
    totalMs: round(record.totalMs),
  };
}
