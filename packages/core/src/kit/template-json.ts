/**
 * Values as chat templates print them, for the prompts and renderers of every format. `tojson`
 * is Python's `json.dumps(…, ensure_ascii=False)` (separators `", "` and `": "`, which
 * `JSON.stringify` does not write); `| string` on a scalar is Python's `str()` (`True`, `None`).
 * A model reads its own history best in the exact spelling it was trained on.
 */
import type { ToolResult } from '../schemas.js';
import { isPlainObject } from './safe-object.js';

/** `json.dumps(value, ensure_ascii=False)`: one line, `", "` and `": "` separators. */
export function tojson(value: unknown): string {
  const out: string[] = [];
  write(value, out);
  return out.join('');
}

function write(value: unknown, out: string[]): void {
  if (Array.isArray(value)) {
    out.push('[');
    value.forEach((item, i) => {
      if (i > 0) out.push(', ');
      write(item === undefined ? null : item, out);
    });
    out.push(']');
    return;
  }
  if (isPlainObject(value) && typeof (value as { toJSON?: unknown }).toJSON !== 'function') {
    out.push('{');
    let first = true;
    for (const key of Object.keys(value)) {
      const v = value[key];
      if (v === undefined || typeof v === 'function') continue;
      if (!first) out.push(', ');
      first = false;
      out.push(JSON.stringify(key), ': ');
      write(v, out);
    }
    out.push('}');
    return;
  }
  out.push(JSON.stringify(value) ?? 'null');
}

/** `json.dumps(value, indent=4)`: the same as `JSON.stringify` with 4 spaces. */
export function tojsonIndented(value: unknown): string {
  return JSON.stringify(value, null, 4) ?? 'null';
}

/** Python's `str()` of a scalar: `True`, `False`, `None`, numbers as JSON writes them. */
export function pyStr(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (value === null || value === undefined) return 'None';
  return tojson(value);
}

/** A tool result's text: a string as is, anything else as template JSON. */
export function resultText(result: ToolResult): string {
  return typeof result.content === 'string' ? result.content : tojson(result.content ?? null);
}
