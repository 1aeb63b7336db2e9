/**
 * The XML families' own spelling of values in call markup; the template JSON helpers
 * (`tojson`, `pyStr`, `resultText`) are core's, shared with every format.
 */
import { isPlainObject, tojson } from '@toolformat/core/kit';

export { pyStr, resultText, tojson } from '@toolformat/core/kit';

/** A value in the XML families' call markup: strings as is, containers as JSON. */
export function xmlValue(value: unknown, scalar: (v: unknown) => string = tojson): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) || isPlainObject(value)) return tojson(value);
  return scalar(value);
}
