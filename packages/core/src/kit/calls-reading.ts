/**
 * The reading most blocks come to: calls and nothing else (no issue, error, text or reasoning).
 * Body parsers of many formats return literals of many shapes, and where every format runs in one
 * process (the CLI, the proxy) the engine's reads of them go megamorphic: in the clean-blocks path
 * (architecture/stream-engine.md, "Clean blocks") those reads cost about a tenth of a megabyte of
 * calls. A `CallsReading` is one class, every field of `BodyResult` present in the order
 * `oneShape` copies them (a field set later, a wrapper's `format`, keeps the shape), so a read
 * that first asks `instanceof CallsReading` sees one shape whatever formats have run.
 */
import type { BodyIssue, BodyResult, RawCall } from './markup-spec.js';

export class CallsReading implements BodyResult {
  calls: RawCall[];
  issues: BodyIssue[];
  error: string | undefined;
  text: string | undefined;
  reasoning: string | undefined;
  format: string | undefined;
  notMarkup: boolean | undefined;
  strictJson: boolean | undefined;
  exactShape: boolean | undefined;

  /** `calls` must not be empty: a reading without calls says why (an error) or is not markup. */
  constructor(calls: RawCall[], strictJson: boolean, exactShape: boolean) {
    this.calls = calls;
    this.issues = [];
    this.error = undefined;
    this.text = undefined;
    this.reasoning = undefined;
    this.format = undefined;
    this.notMarkup = undefined;
    this.strictJson = strictJson;
    this.exactShape = exactShape ? true : undefined;
  }
}
