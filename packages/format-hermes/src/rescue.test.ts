/**
 * Seed 000 end to end: the two assistant messages of the production trace, through the router's
 * leaked-call fallback, come back as calls with nothing left for the user.
 */
import { createRouter } from '@toolformat/core';
import { describe, expect, it } from 'vitest';
import { hermesPlugin } from './plugin.js';
import { SEED_000_FIRST, SEED_000_SECOND, SEED_000_TOOLS } from './test-support/seeds.js';

const router = createRouter({ plugins: [hermesPlugin] });
const tools = SEED_000_TOOLS;

describe('router.rescue on the production trace', () => {
  it('turns the agent__batch message into one call (its broken JSON repaired and reported)', () => {
    const r = router.rescue(SEED_000_FIRST, { tools });
    expect(r.content).toBeNull();
    expect(r.calls).toHaveLength(1);
    const [call] = r.calls;
    expect(call?.name).toBe('agent__batch');
    expect(call?.id).toMatch(/^call_/);
    const calls = call?.arguments.calls as Array<Record<string, unknown>>;
    expect(calls.map((c) => [c.id, c.tool])).toEqual([
      ['1', 'bigquery__execute_sql'],
      ['2', 'bigquery__execute_sql'],
    ]);
    expect(calls[1]?.parameters).toMatchObject({
      sql: expect.stringMatching(/^SELECT COUNT\(\*\) AS new_users/),
    });
    expect(r.issues.map((i) => i.kind)).toEqual(['json-repaired']);
    expect(r.format).toBe('hermes');
  });

  it('turns the two <tools> blocks into two calls', () => {
    const r = router.rescue(SEED_000_SECOND, { tools });
    expect(r).toMatchObject({ content: null, reasoning: null, issues: [] });
    expect(r.calls.map((c) => c.name)).toEqual(['bigquery__execute_sql', 'bigquery__execute_sql']);
    expect(r.calls[0]?.arguments.sql).toMatch(/^SELECT MAX\(bd_data_ingested_at\)/);
    expect(r.calls[1]?.arguments.sql).toMatch(/INTERVAL 7 DAY\)$/);
    expect(new Set(r.calls.map((c) => c.id)).size).toBe(2);
  });

  it('works through a model name too', () => {
    expect(router.rescue(SEED_000_SECOND, { tools, model: 'Qwen/Qwen2.5-72B-Instruct' }).calls).toHaveLength(
      2,
    );
  });

  it('extracts an unknown tool and flags it, or drops it with unknownTools: drop', () => {
    const text = '<tools>{"name": "not_declared", "arguments": {"a": 1}}</tools>';
    const kept = router.rescue(text, { tools });
    expect(kept.calls.map((c) => c.name)).toEqual(['not_declared']);
    expect(kept.issues).toEqual([expect.objectContaining({ kind: 'unknown-tool' })]);
    const dropped = router.rescue(text, { tools, unknownTools: 'drop' });
    expect(dropped.calls).toEqual([]);
  });

  it('yields no call for invalid JSON in a tag: rescue and parse strip the tag and report it', () => {
    const text = 'Checking.\n<tool_call>{"name": bigquery, "arguments": }</tool_call>';
    // Rescue streams what it returns, so it cleans as parse does (architecture/precision.md).
    expect(router.rescue(text, { tools })).toMatchObject({ calls: [], content: 'Checking.' });
    const r = router.get('hermes').parse(text, { tools });
    expect(r).toMatchObject({ calls: [], content: 'Checking.' });
    expect(r.issues).toEqual([
      expect.objectContaining({
        kind: 'malformed-call',
        raw: '<tool_call>{"name": bigquery, "arguments": }</tool_call>',
      }),
    ]);
  });

  it('keeps the text around the calls (an agent’s leaked-call example)', () => {
    const r = router.rescue('\n\n<tools>{"name": "foo", "arguments": {"bar": 1}}</tools>\n\nSome other text');
    expect(r.calls.map((c) => [c.name, c.arguments])).toEqual([['foo', { bar: 1 }]]);
    expect(r.content).toBe('Some other text');
  });

  it('returns the input untouched when there is nothing to rescue', () => {
    const text = 'How many users signed up? I need the table name first.';
    expect(router.rescue(text, { tools })).toEqual({
      calls: [],
      content: text,
      reasoning: null,
      issues: [],
      format: null,
      evidence: { source: 'none', strength: 'ordinary', format: null },
    });
  });
});
