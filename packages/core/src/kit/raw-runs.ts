/**
 * Raw texts kept for one issue, joined at the end (the calls past maxCalls): a run of the same
 * text is kept once with its count, so a megabyte of one repeated call holds one string, not one
 * per call, and `join` gives exactly what joining every text would.
 */
export class RawRuns {
  private readonly texts: string[] = [];
  private readonly runs: number[] = [];

  push(raw: string): void {
    const last = this.texts.length - 1;
    if (last >= 0 && this.texts[last] === raw) this.runs[last]!++;
    else {
      this.texts.push(raw);
      this.runs.push(1);
    }
  }

  /** How many different runs there are, and how long the last one is (see engine/repeats.ts). */
  get runCount(): number {
    return this.texts.length;
  }

  get lastRun(): number {
    return this.runs.length > 0 ? this.runs[this.runs.length - 1]! : 0;
  }

  /** The last text comes `times` more times in a row. */
  extendLast(times: number): void {
    const last = this.runs.length - 1;
    if (last >= 0) this.runs[last] = this.runs[last]! + times;
  }

  join(separator: string): string {
    const parts: string[] = [];
    for (let i = 0; i < this.texts.length; i++) {
      const text = this.texts[i]!;
      const run = this.runs[i]!;
      parts.push(run === 1 ? text : (text + separator).repeat(run - 1) + text);
    }
    return parts.join(separator);
  }
}
