/**
 * The load test's proxy, in a process of its own (as `toolformat serve` runs): prints its URL,
 * and writes its JSON log lines to the file given, for the proxy's own view of each request.
 */
import { testRouter } from '@toolformat/test-upstream';
import { pino } from 'pino';
import { serve } from '../node/serve.js';

const [upstream, logFile] = process.argv.slice(2);
if (!upstream || !logFile) throw new Error('usage: proxy-process.js UPSTREAM_URL LOG_FILE');
const logger = pino({ base: null }, pino.destination({ dest: logFile, sync: false }));
const proxy = await serve({ upstream, router: testRouter(), port: 0, logger });
process.stdout.write(`${proxy.url}\n`);
process.on('SIGTERM', () => void proxy.close().then(() => process.exit(0)));
