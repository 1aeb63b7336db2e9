/**
 * The proxy on Node: `serve(options)` listens with `@hono/node-server`, logs one JSON line per
 * request with pino, serves `/metrics` from prom-client, and `close()` stops taking requests,
 * lets the ones in flight finish (up to a grace period), then ends the rest.
 */

import type { AddressInfo } from 'node:net';
import { serve as serveNode } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
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
  /**
   * Static folders served beside the proxy, e.g. `{ path: '/playground', root: '…/dist' }`: GET
   * under `path` serves the folder's files (`path/` its index.html); every other request goes to
   * the proxy as before.
   */
  staticFolders?: readonly StaticFolder[];
}

export interface StaticFolder {
  /** Where it is mounted: `/playground`. */
  path: string;
  /** The folder (absolute, or relative to the working directory). */
  root: string;
}

export interface RunningProxy {
  /** `http://HOST:PORT`. */
  url: string;
  port: number;
  metrics: ProxyMetrics;
  close(): Promise<void>;
}

export async function serve(options: ServeOptions): Promise<RunningProxy> {
  const {
    port = 8080,
    host = '127.0.0.1',
    logger: given,
    graceMs = 10_000,
    staticFolders = [],
    ...proxyOptions
  } = options;
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

  const fetch = staticFolders.length === 0 ? handler : withStaticFolders(handler, staticFolders);

  const server = await new Promise<ReturnType<typeof serveNode>>((resolve, reject) => {
    const s = serveNode({ fetch, port, hostname: host }, () => resolve(s));
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

/** The proxy with static folders in front: Hono's serve-static for them, the proxy for the rest. */
function withStaticFolders(
  proxy: (request: Request) => Promise<Response>,
  folders: readonly StaticFolder[],
): (request: Request) => Response | Promise<Response> {
  const app = new Hono();
  for (const { path, root } of folders) {
    const mount = path.replace(/\/+$/, '');
    // `/playground` → `/playground/`, so the page's relative asset links resolve under the mount.
    app.get(mount, (c) => c.redirect(`${mount}/`, 301));
    app.get(`${mount}/*`, serveStatic({ root, rewriteRequestPath: (p) => p.slice(mount.length) || '/' }));
  }
  app.all('*', (c) => proxy(c.req.raw));
  return app.fetch;
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
