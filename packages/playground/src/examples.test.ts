import { describe, expect, it } from 'vitest';
import { analyze } from './analysis.js';
import { examples, weatherToolsJson } from './examples.js';
import { playgroundRouter } from './formats.js';
import { readToolsJson } from './tools-input.js';

describe('bundled examples', () => {
  it('cover every built-in family, and each one routes by its model name to that family and yields calls', () => {
    const families = playgroundRouter()
      .formats()
      .map((f) => f.id);
    expect(examples.map((e) => e.family).sort()).toEqual([...families].sort());
    const { tools } = readToolsJson(weatherToolsJson);
    for (const example of examples) {
      const a = analyze({ text: example.text, choice: { by: 'model', model: example.model }, tools });
      expect(a.route.format, example.model).toBe(example.family);
      expect(a.result.calls.length, example.family).toBeGreaterThan(0);
      expect(a.result.calls[0]?.name).toBe('get_weather');
      expect(a.streamMatches, example.family).toBe(true);
      expect(
        a.spans.flatMap((s) => s.calls ?? []),
        example.family,
      ).toEqual(a.result.calls.map((_, i) => i));
    }
  });
});
