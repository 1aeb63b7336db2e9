/**
 * `toolformat serve`: the OpenAI-compatible proxy (`@toolformat/proxy`) on Node. Prints where it
 * listens and which models.yaml it loaded (on stderr: stdout carries the JSON log lines), and
 * stops on SIGINT or SIGTERM: it stops taking requests, lets those in flight finish for up to
 * ten seconds, then ends the rest.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serve } from '@toolformat/proxy/node';
import { pino } from 'pino';
import { parseCommandArgs } from './args.js';
import { type CommandContext, loadRouter } from './context.js';
import { write } from './io.js';
import { UsageError } from './usage-error.js';

const OPTIONS = {
  upstream: { type: 'string' },
  config: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  'api-key-env': { type: 'string' },
  timeout: { type: 'string' },
  'max-body': { type: 'string' },
  'log-bodies': { type: 'boolean' },
} as const;

export async function serveCommand(args: readonly string[], ctx: CommandContext): Promise<number> {
  const { values } = parseCommandArgs('serve', args, OPTIONS, 0);
  if (values.upstream === undefined)
    throw new UsageError(
      '--upstream is required: the model server to forward to, e.g. --upstream http://127.0.0.1:8000/v1',
      'serve',
    );
  let upstream: URL;
  try {
    upstream = new URL(values.upstream);
  } catch {
    throw new UsageError(
      `--upstream: '${values.upstream}' is not a URL (e.g. http://127.0.0.1:8000/v1).`,
      'serve',
    );
  }
  if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:')
    throw new UsageError(`--upstream: '${values.upstream}' is not an http(s) URL.`, 'serve');
  const port = integer('--port', values.port ?? '8080', 0, 65535);
  const timeoutMs = integer('--timeout', values.timeout ?? '600', 1, 86_400) * 1000;
  const maxBodyBytes = size('--max-body', values['max-body'] ?? '16mb');
  let apiKey: string | undefined;
  const keyEnv = values['api-key-env'];
  if (keyEnv !== undefined) {
    apiKey = process.env[keyEnv];
    if (apiKey === undefined || apiKey === '')
      throw new UsageError(`--api-key-env: the environment variable ${keyEnv} is not set.`, 'serve');
  }

  const { router, config } = await loadRouter(ctx, values.config);
  const logger = pino({ base: null }, { write: (line: string) => void write(ctx.io.stdout, line) });
  const playground = playgroundFolder();
  const proxy = await serve({
    upstream,
    ...(playground !== null ? { staticFolders: [{ path: '/playground', root: playground }] } : {}),
    router,
    port,
    host: values.host ?? '127.0.0.1',
    timeoutMs,
    maxBodyBytes,
    logger,
    ...(apiKey !== undefined ? { apiKey } : {}),
    ...(values['log-bodies'] ? { logBodies: true } : {}),
  });
  const rules = config.models?.length ?? 0;
  await write(
    ctx.io.stderr,
    `toolformat serve: listening on ${proxy.url}/v1, forwarding to ${upstream.href}\n` +
      `  models.yaml: ${values.config === undefined ? 'none (routing by model-name patterns)' : `${values.config} (${rules} rule${rules === 1 ? '' : 's'})`}\n` +
      (playground !== null ? `  playground: ${proxy.url}/playground/\n` : '') +
      `  point any OpenAI client's base_url at ${proxy.url}/v1; Ctrl-C stops.\n`,
  );

  await stopRequested(ctx.stop);
  await write(ctx.io.stderr, 'toolformat serve: stopping; waiting for requests in flight…\n');
  await proxy.close();
  await write(ctx.io.stderr, 'toolformat serve: stopped.\n');
  return 0;
}

/**
 * The built playground page: copied into the CLI's dist at build (scripts/copy-playground.mjs), or,
 * running from the sources in the monorepo, packages/playground/dist. Null when neither exists.
 */
function playgroundFolder(): string | null {
  for (const where of ['./playground/', '../../playground/dist/']) {
    const dir = fileURLToPath(new URL(where, import.meta.url));
    if (existsSync(`${dir}index.html`)) return dir;
  }
  return null;
}

/** Resolves on SIGINT or SIGTERM, or when `stop` (a test's) aborts. */
function stopRequested(stop: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      stop?.removeEventListener('abort', done);
      resolve();
    };
    process.once('SIGINT', done);
    process.once('SIGTERM', done);
    if (stop?.aborted) done();
    else stop?.addEventListener('abort', done);
  });
}

function integer(flag: string, text: string, min: number, max: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`${flag}: '${text}' is not a whole number from ${min} to ${max}.`, 'serve');
  return n;
}

/** `1048576`, `512kb`, `16mb`. */
function size(flag: string, text: string): number {
  const lower = text.toLowerCase();
  const unit = lower.endsWith('kb') ? 1024 : lower.endsWith('mb') ? 1 << 20 : 1;
  const digits = unit === 1 ? lower : lower.slice(0, -2);
  const n = Number(digits);
  if (digits === '' || !Number.isInteger(n) || n <= 0)
    throw new UsageError(`${flag}: '${text}' is not a size (a byte count, or e.g. 512kb, 16mb).`, 'serve');
  return n * unit;
}
