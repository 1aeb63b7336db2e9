/**
 * The built page in a real headless Chromium (Debian's, driven by playwright-core): paste a hermes
 * output, check the spans, the calls table and the content; route by a model name; replay the
 * stream to the end. Skips, saying why, where no browser is installed (scripts/install-chromium.sh).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { build, type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const CHROMIUM = '/usr/bin/chromium';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outputDir = join(root, 'test-output');
const hasBrowser = existsSync(CHROMIUM);
if (!hasBrowser)
  console.warn(
    `playground browser test skipped: no browser at ${CHROMIUM} (run scripts/install-chromium.sh to install Debian's chromium).`,
  );

const HERMES_OUTPUT =
  '<think>\nThey want the weather and the time in Paris.\n</think>\n' +
  'Let me check both.\n' +
  '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "unit": "celsius"}}\n</tool_call>\n' +
  '<tool_call>\n{"name": "get_time", "arguments": {"timezone": "Europe/Paris"}}\n</tool_call>';

describe.skipIf(!hasBrowser)('the playground page in headless Chromium', () => {
  let server: PreviewServer;
  let browser: BrowserContext;
  let page: Page;
  let userDataDir: string;
  let url: string;

  beforeAll(async () => {
    await build({ root, logLevel: 'warn', configFile: join(root, 'vite.config.ts') });
    server = await preview({
      root,
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'warn',
      preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
    });
    const address = server.httpServer.address();
    if (!address || typeof address === 'string') throw new Error('the preview server has no port');
    url = `http://127.0.0.1:${address.port}/`;
    userDataDir = mkdtempSync(join(tmpdir(), 'toolformat-playground-chromium-'));
    // A fresh profile per run (playwright passes it to chromium as --user-data-dir).
    browser = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      viewport: { width: 1280, height: 1600 },
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    await page.waitForSelector('body[data-ready="true"]');
    expect(errors).toEqual([]);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => server?.httpServer.close(() => resolve()));
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  });

  const marks = (kind: string) =>
    page.$$eval(`#spans mark[data-kind="${kind}"]`, (els) => els.map((e) => e.textContent));
  const cells = (table: string) =>
    page.$$eval(`#${table} tbody tr`, (rows) =>
      rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')),
    );

  it('shows a pasted hermes output by span, its calls as a table, and the content the user sees', async () => {
    await page.selectOption('#route-by', 'auto');
    await page.click('#tools-box summary');
    await page.fill('#tools', '');
    await page.fill('#input', HERMES_OUTPUT);
    await page.waitForFunction(
      () =>
        document.querySelectorAll('#calls tbody tr').length === 2 &&
        document.querySelector('#content')?.textContent === 'Let me check both.',
    );

    expect(await marks('reasoning')).toEqual(['They want the weather and the time in Paris.']);
    expect(await marks('scaffolding')).toEqual(['<think>', '</think>']);
    expect(await marks('text')).toEqual(['Let me check both.']);
    expect(await marks('call')).toEqual([
      '<tool_call>\n{"name": "get_weather", "arguments": {"city": "Paris", "unit": "celsius"}}\n</tool_call>',
      '<tool_call>\n{"name": "get_time", "arguments": {"timezone": "Europe/Paris"}}\n</tool_call>',
    ]);
    expect(await cells('calls')).toEqual([
      ['1', 'get_weather', JSON.stringify({ city: 'Paris', unit: 'celsius' }, null, 2), 'call_1'],
      ['2', 'get_time', JSON.stringify({ timezone: 'Europe/Paris' }, null, 2), 'call_2'],
    ]);
    expect(await page.textContent('#content')).toBe('Let me check both.');
    expect(await page.textContent('#reasoning')).toBe('They want the weather and the time in Paris.');
    expect(await page.textContent('[data-testid="route-handler"]')).toBe('auto');
    expect(await page.textContent('[data-testid="matched-format"]')).toBe('hermes');
    expect(await cells('issues')).toEqual([]);

    // A call span is linked to its row.
    await page.click('#spans mark[data-kind="call"] >> nth=1');
    expect(await page.getAttribute('#calls tr[data-call="1"]', 'class')).toContain('linked');

    mkdirSync(outputDir, { recursive: true });
    await page.screenshot({ path: join(outputDir, 'playground.png'), fullPage: true });
  });

  it('routes by a model name as the router does, and says why', async () => {
    await page.selectOption('#route-by', 'model');
    await page.fill('#model', 'Qwen/Qwen2.5-7B-Instruct');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="route-handler"]')?.textContent === 'hermes:qwen',
    );
    expect(await page.textContent('#route')).toContain('(pattern)');
    expect(await page.textContent('[data-testid="route-why"]')).toContain(
      "hermes's model pattern 'qwen2.5-*'",
    );
    expect((await cells('calls')).map((r) => r[1])).toEqual(['get_weather', 'get_time']);

    await page.fill('#model', 'some-local-model');
    await page.waitForFunction(
      () => document.querySelector('[data-testid="route-handler"]')?.textContent === 'auto',
    );
    expect(await page.textContent('#route')).toContain('(default)');
  });

  it('replays the stream chunk by chunk to the end and arrives at the same result', async () => {
    await page.click('.tabs button[data-tab="replay"]');
    const chunks = Number(await page.getAttribute('#replay-slider', 'max'));
    expect(chunks).toBeGreaterThan(20);
    await page.click('#replay-play');
    // Midway, part of what was pushed is held back or released, and events have arrived.
    await page.waitForFunction(
      () => Number((document.querySelector('#replay-slider') as HTMLInputElement).value) > 10,
    );
    expect(await page.$$eval('#replay-events li', (li) => li.length)).toBeGreaterThan(0);
    await page.waitForSelector('#replay-verdict.ok', { timeout: 30_000 });
    expect(await page.textContent('#replay-verdict')).toContain('Same result as the batch parse: 2 call(s)');
    expect(await page.textContent('#replay-content')).toBe('Let me check both.');
    expect(await cells('replay-calls')).toEqual([
      ['1', 'get_weather', JSON.stringify({ city: 'Paris', unit: 'celsius' }), 'complete'],
      ['2', 'get_time', JSON.stringify({ timezone: 'Europe/Paris' }), 'complete'],
    ]);
    const events = await page.$$eval('#replay-events li', (li) => li.map((e) => e.textContent ?? ''));
    expect(events.some((e) => e.includes('"type":"tool-call-start"'))).toBe(true);
    expect(events.some((e) => e.includes('"type":"tool-call-delta"'))).toBe(true);
  });

  it('shows the prompt for the routed format, and a share link that brings the same input back', async () => {
    await page.click('.tabs button[data-tab="prompt"]');
    await page.selectOption('#route-by', 'format');
    await page.selectOption('#format', 'hermes');
    await page.waitForFunction(() =>
      document.querySelector('#prompt-calls')?.textContent?.includes('<tool_call>'),
    );
    expect(await page.textContent('#prompt-system')).toContain('get_weather');
    expect(await page.textContent('#prompt-stop')).not.toBe('');

    await page.click('#share');
    const link = page.url();
    expect(link).toMatch(/#s=/);
    const other = await browser.newPage();
    await other.goto(link);
    await other.waitForSelector('body[data-ready="true"]');
    expect(await other.inputValue('#input')).toBe(HERMES_OUTPUT);
    expect(await other.textContent('#content')).toBe('Let me check both.');
    await other.close();
  });
});
