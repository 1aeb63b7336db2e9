/**
 * Auto mode and rescue agree (architecture/precision.md): for every text of every corpus — the
 * precision answers, the leaked outputs from public threads, the main job's example outputs, the
 * packages' fixtures of model output, and the peer corpus when it is beside the repository — rescue without a model, and rescue under a
 * model name no format claims, give exactly what auto mode gives, with and without declared tools.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createDefaultRouter } from '@toolformat/cli';
import { type ParseResult, sequentialIds, type ToolDefinition } from '@toolformat/core';
import { describe, expect, it } from 'vitest';
import { defaultCorpusPath, readCorpus } from './corpus.js';
import { readLeakCorpus } from './leaks.js';
import { readPrecisionCorpus } from './precision.js';

const router = createDefaultRouter();
const EXAMPLES = new URL('../../../examples/outputs/', import.meta.url);
/** Recorded model outputs kept as fixtures beside the packages that test with them. */
const FIXTURES = ['../../ai-sdk/fixtures/leaked/', '../../format-react/fixtures/'].map(
  (d) => new URL(d, import.meta.url),
);
const textFiles = (dir: URL, prefix: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.txt'))
    .map((f) => ({ id: `${prefix}${f}`, text: readFileSync(new URL(f, dir), 'utf8') }));
const exampleTools = JSON.parse(readFileSync(new URL('tools.json', EXAMPLES), 'utf8')) as ToolDefinition[];

const texts: Array<{ id: string; text: string; tools?: ToolDefinition[] }> = [
  ...readPrecisionCorpus().map((c) => ({ id: c.id, text: c.text, ...(c.tools ? { tools: c.tools } : {}) })),
  ...readLeakCorpus().map((c) => ({ id: c.id, text: c.text, ...(c.tools ? { tools: c.tools } : {}) })),
  ...textFiles(EXAMPLES, 'examples/').map((c) => ({ ...c, tools: exampleTools })),
  ...FIXTURES.flatMap((dir) => textFiles(dir, 'fixtures/')),
  ...(readCorpus(defaultCorpusPath()) ?? []).map((c) => ({ id: c.id, text: c.input })),
];

/** What a result says to a user and an agent: calls, content, reasoning and the issues' kinds. */
const seen = (r: ParseResult) => ({
  calls: r.calls,
  content: r.content,
  reasoning: r.reasoning,
  issues: r.issues.map((i) => i.kind),
});

describe('auto mode and rescue agree', () => {
  it(`on every corpus text (${texts.length}), with and without declared tools`, () => {
    expect(texts.length).toBeGreaterThan(200);
    const disagree: string[] = [];
    for (const { id, text, tools } of texts) {
      for (const withTools of tools ? [undefined, tools] : [undefined]) {
        const opts = withTools ? { tools: withTools } : {};
        const auto = seen(router.get('auto').parse(text, { ...opts, generateId: sequentialIds() }));
        const rescued = seen(router.rescue(text, { ...opts, generateId: sequentialIds() }));
        const unknown = seen(
          router.rescue(text, { ...opts, model: 'no-such-model-7b', generateId: sequentialIds() }),
        );
        if (
          JSON.stringify(rescued) !== JSON.stringify(auto) ||
          JSON.stringify(unknown) !== JSON.stringify(auto)
        )
          disagree.push(`${id}${withTools ? ' (tools)' : ''}`);
      }
    }
    expect(disagree).toEqual([]);
  });
});
