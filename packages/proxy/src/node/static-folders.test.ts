import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { allPlugins, type FakeUpstream, startFakeUpstream } from '@toolformat/test-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningProxy, serve } from './serve.js';

let upstream: FakeUpstream;
let proxy: RunningProxy;
beforeAll(async () => {
  const site = mkdtempSync(join(tmpdir(), 'toolformat-static-'));
  const root = join(site, 'page');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>the page</title>');
  writeFileSync(join(root, 'assets', 'app.js'), 'console.log("app");');
  writeFileSync(join(site, 'secret.txt'), 'not to be served');
  upstream = await startFakeUpstream(() => ({ content: 'Hello.' }));
  proxy = await serve({
    upstream: upstream.url,
    plugins: allPlugins,
    port: 0,
    logger: false,
    staticFolders: [{ path: '/playground', root }],
  });
});
afterAll(async () => {
  await proxy.close();
  await upstream.close();
});

describe('serve: static folders beside the proxy', () => {
  it('serves the folder under its path, its index at path/, and sends the bare path there', async () => {
    const page = await fetch(`${proxy.url}/playground/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<title>the page</title>');

    const asset = await fetch(`${proxy.url}/playground/assets/app.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('javascript');

    const bare = await fetch(`${proxy.url}/playground`, { redirect: 'manual' });
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/playground/');
  });

  it('serves nothing outside the folder, and leaves every other path to the proxy', async () => {
    const outside = await fetch(`${proxy.url}/playground/..%2fsecret.txt`);
    expect(await outside.text()).not.toContain('not to be served');
    expect((await fetch(`${proxy.url}/playground/missing.js`)).status).toBe(404);
    const health = await fetch(`${proxy.url}/health`);
    expect(await health.json()).toEqual({ status: 'ok' });
  });
});
