/**
 * The plugin path end to end (foundation issue): a third-party format package listed under
 * `plugins:` in a models.yaml is imported, registered and routed to — through the library and
 * through the CLI. The example package is a workspace dependency of this package, so the
 * models.yaml is written inside the package, where node resolution finds it.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { loadDefaultRouter } from './builtin-formats.js';
import { run, scratchDir } from './test-support/fake-io.js';

const scratch = scratchDir('plugin');
afterAll(() => scratch.cleanup());

const config = scratch.file(
  'models.yaml',
  [
    'plugins: ["@toolformat-example/acme-format"]',
    'models:',
    '  - match: "acme-large"',
    '    format: acme',
    '',
  ].join('\n'),
);
const acmeOutput = 'Checking the weather.\n<<call get_weather>>{"city":"Paris"}<<end>>';

describe('a plugin listed in models.yaml', () => {
  it('is loaded by loadModelsConfig and routed to by router.forModel', async () => {
    const { router } = await loadDefaultRouter(config);
    expect(router.formats().map((f) => f.id)).toContain('acme');
    expect(router.resolveModel('acme-large').source).toBe('config');
    const r = router.forModel('acme-large').parse(acmeOutput);
    expect(r.calls).toEqual([{ id: expect.any(String), name: 'get_weather', arguments: { city: 'Paris' } }]);
    expect(r.content).toBe('Checking the weather.');
    expect(r.format).toBe('acme');
  });

  it("works through `toolformat parse --config … --model acme-1` (the plugin's own model pattern)", async () => {
    const r = await run(['parse', '--config', config, '--model', 'acme-1'], acmeOutput, {});
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({
      format: 'acme',
      calls: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
      content: 'Checking the weather.',
    });
  });

  it('takes part in auto mode and in `formats`', async () => {
    const auto = await run(['parse', '--config', config], acmeOutput, {});
    expect(auto.json()).toMatchObject({ format: 'acme', calls: [{ name: 'get_weather' }] });
    const formats = await run(['formats', '--config', config], '', {});
    expect(formats.json()).toContainEqual({
      id: 'acme',
      aliases: ['acme-v1'],
      variants: [],
      modelPatterns: ['acme-*'],
    });
  });

  it('reports a plugin that cannot be imported as a config error naming the line', async () => {
    const bad = scratch.file('bad.yaml', 'plugins:\n  - "@toolformat-example/does-not-exist"\n');
    const r = await run(['formats', '--config', bad], '', {});
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`${bad}:2: plugins.0: cannot import '@toolformat-example/does-not-exist'`);
  });
});
