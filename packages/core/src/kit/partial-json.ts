/**
 * The value a truncated JSON prefix stands for, so streamed arguments can be shown as they arrive:
 * `{"city": "Par` → `{ city: 'Par' }`. Open strings, arrays and objects are closed; a key without
 * a value and a partial literal (`tr`) or number sign are dropped, since guessing them would show
 * a value the model never wrote.
 *
 * It is the repair pass of the JSON ladder applied to a prefix, so the relaxed forms the ladder
 * accepts (single quotes, `True`, trailing commas) preview the same way they will finally parse.
 */
import { DEFAULT_MAX_DEPTH, exceedsDepth, repairJson } from './json-ladder.js';

export interface PartialJsonOptions {
  /** Most containers nested inside each other; deeper input gives null. Default 256. */
  maxDepth?: number;
}

export interface PartialJson {
  value: unknown;
  /** The text was a whole value (strict JSON, or relaxed JSON that did not end early). */
  complete: boolean;
}

/**
 * Parses a JSON prefix. Linear in the text; null when nothing usable is there yet (empty text, a
 * lone `tr`, text that is not JSON at all). Never throws.
 */
export function parsePartialJson(text: string, options?: PartialJsonOptions): PartialJson | null {
  const maxDepth = options?.maxDepth ?? DEFAULT_MAX_DEPTH;
  try {
    if (typeof text !== 'string') return null;
    try {
      const value: unknown = JSON.parse(text);
      return exceedsDepth(value, maxDepth) ? null : { value, complete: true };
    } catch {
      // Not whole: close it below.
    }
    const repaired = repairJson(text, { maxDepth });
    if (!repaired.ok) return null;
    const value: unknown = JSON.parse(repaired.text);
    return exceedsDepth(value, maxDepth) ? null : { value, complete: !repaired.truncated };
  } catch {
    return null;
  }
}
