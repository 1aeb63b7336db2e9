/**
 * JSON as chat templates write it. Templates run `tojson` (Python's `json.dumps(…,
 * ensure_ascii=False)`), whose separators are `", "` and `": "`; `JSON.stringify` writes none. A
 * model reads its own history best in the exact spelling it was trained on, so renderers and
 * prompts use this.
 */
import { isPlainObject } from '@toolformat/core';

/** `json.dumps(value, ensure_ascii=False)`: one line, `", "` and `": "` separators. */
export function pyJson(value: unknown): string {
  const parts: string[] = [];
  write(value, parts);
  return parts.join('');
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
export function pyJsonIndented(value: unknown): string {
  return JSON.stringify(value, null, 4) ?? 'null';
}
