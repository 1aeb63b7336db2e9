import { describe, expect, it } from 'vitest';
import { resolveParseOptions } from '../options.js';
import { CallsReading } from './calls-reading.js';
import { oneShape } from './engine/compiled.js';
import { JSON_CALL_SPELLINGS } from './json-call-object.js';
import { jsonCallsBody } from './json-calls.js';

describe('CallsReading: the usual reading, in one shape', () => {
  it("has every field of a reading, in the order of the engine's own copy", () => {
    const reading = new CallsReading([{ name: 'f', arguments: {} }], true, false);
    expect(Object.keys(reading)).toEqual(Object.keys(oneShape(reading)));
    expect(reading).toEqual({ calls: [{ name: 'f', arguments: {} }], issues: [], strictJson: true });
    expect(new CallsReading([], true, true).exactShape).toBe(true);
  });

  it('is what the usual call block reads as, and nothing else is', () => {
    const body = jsonCallsBody({ ...JSON_CALL_SPELLINGS, repairWhole: true, vouchExact: true });
    const ctx = { options: resolveParseOptions({}), closed: true, open: '<tool_call>' };
    const usual = body('\n{"name": "f", "arguments": {"a": 1}}\n', ctx);
    expect(usual).toBeInstanceOf(CallsReading);
    expect(usual).toEqual({
      calls: [{ name: 'f', arguments: { a: 1 } }],
      issues: [],
      strictJson: true,
      exactShape: true,
    });
    // A repaired body carries its repair; it is read by the general path.
    const repaired = body('{"name": "f", "arguments": {"a": 1,}}', ctx);
    expect(repaired).not.toBeInstanceOf(CallsReading);
    expect(repaired.issues?.length).toBeGreaterThan(0);
  });
});
