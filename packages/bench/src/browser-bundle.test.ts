import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BrowserBundle, bundleForBrowser } from './browser-bundle.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const HERMES =
  'Let me check.\n<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris"}}\n</tool_call>';

describe('the browser bundle of core and every format', () => {
  let bundle: BrowserBundle;
  let dir: string;
  beforeAll(async () => {
    bundle = await bundleForBrowser(here);
    dir = await mkdtemp(join(tmpdir(), 'toolformat-bundle-'));
  }, 120_000);
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('builds for platform browser: no Node built-in anywhere in the parse path', () => {
    expect(bundle.errors.map((e) => e.text)).toEqual([]);
    expect(bundle.bytes).toBeGreaterThan(0);
  });

  it('keeps zod and the YAML reader out of a bundle that only parses', () => {
    const names = bundle.byPackage.map(([name]) => name);
    expect(names).not.toContain('yaml');
    const zod = bundle.byPackage.find(([name]) => name === 'zod')?.[1] ?? 0;
    expect(zod).toBeLessThan(bundle.bytes / 10);
  });

  it('runs: the bundled router parses and streams a call (nothing a bundler may drop is missing)', async () => {
    const file = join(dir, 'bundle.mjs');
    await writeFile(file, bundle.code);
    const mod = (await import(pathToFileURL(file).href)) as {
      parse(
        model: string,
        text: string,
      ): { calls: { name: string; arguments: unknown }[]; content: string | null };
      stream(model: string, chunks: string[]): { calls: { name: string }[] };
    };
    const r = mod.parse('Qwen/Qwen2.5-7B-Instruct', HERMES);
    expect(r.calls.map((c) => [c.name, c.arguments])).toEqual([['get_weather', { city: 'Paris' }]]);
    expect(r.content).toBe('Let me check.');
    expect(mod.stream('Qwen/Qwen2.5-7B-Instruct', [...HERMES]).calls.map((c) => c.name)).toEqual([
      'get_weather',
    ]);
  });
});
