import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleForBrowser } from './browser-bundle.js';

const here = fileURLToPath(new URL('.', import.meta.url));

describe('the browser bundle of core and every format', () => {
  it('builds for platform browser: no Node built-in anywhere in the parse path', async () => {
    const bundle = await bundleForBrowser(here);
    expect(bundle.errors.map((e) => e.text)).toEqual([]);
    expect(bundle.bytes).toBeGreaterThan(0);
  }, 120_000);
});
