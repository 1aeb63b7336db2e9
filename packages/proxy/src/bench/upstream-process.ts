/**
 * The load test's upstream, in a process of its own: the fake model server replaying the
 * recordings in one-token SSE chunks, each answer opened by the request's own nonce (the last
 * user message) so a response that reached the wrong client is caught. Prints its URL.
 */
import { recordings, startFakeUpstream } from '@toolformat/test-upstream';

const upstream = await startFakeUpstream((body) => {
  const messages = (body as { messages?: Array<{ content?: unknown }> }).messages ?? [];
  const nonce = String(messages.at(-1)?.content ?? '');
  const r = Object.values(recordings).find((x) => x.model === body.model);
  return { content: `Request ${nonce}.\n${r?.content ?? ''}` };
});
process.stdout.write(`${upstream.url}\n`);
process.on('SIGTERM', () => void upstream.close().then(() => process.exit(0)));
