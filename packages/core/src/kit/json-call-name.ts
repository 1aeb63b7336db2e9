/**
 * The name of the first call in a JSON body that is still arriving (`{"name": "get_weather",
 * "arguments": {"ci…`), so a stream can announce the call before its arguments are complete.
 * Looks at the first object (inside a leading `[` too) for a top-level `name`, `function`, `tool`
 * or `tool_name` key whose value is a complete string. Once found, a longer prefix gives the same
 * answer: the engine relies on that to announce the same call for every chunking.
 */
import {
  BACKSLASH,
  BRACE_CLOSE,
  BRACE_OPEN,
  BRACKET_CLOSE,
  BRACKET_OPEN,
  COLON,
  isSpace,
  QUOTE,
} from './char-codes.js';

const NAME_KEYS = new Set(['name', 'function', 'tool', 'tool_name']);

export function jsonCallName(prefix: string): string | null {
  const n = prefix.length;
  let i = 0;
  while (i < n && (isSpace(prefix.charCodeAt(i)) || prefix.charCodeAt(i) === BRACKET_OPEN)) i++;
  if (i >= n || prefix.charCodeAt(i) !== BRACE_OPEN) return null;
  i++;
  let depth = 1;
  let expectKey = true;
  let key: string | null = null;
  while (i < n) {
    const c = prefix.charCodeAt(i);
    if (c === QUOTE) {
      const end = stringEnd(prefix, i);
      if (end === -1) return null;
      if (depth === 1) {
        const value = decode(prefix.slice(i, end));
        if (value === null) return null;
        if (expectKey) key = value;
        else if (key !== null && NAME_KEYS.has(key)) return value.trim() === '' ? null : value;
      }
      i = end;
      continue;
    }
    if (c === BRACE_OPEN || c === BRACKET_OPEN) depth++;
    else if (c === BRACE_CLOSE || c === BRACKET_CLOSE) {
      depth--;
      if (depth === 0) return null;
    } else if (depth === 1 && c === COLON) expectKey = false;
    else if (depth === 1 && c === 44 /* , */) {
      expectKey = true;
      key = null;
    }
    i++;
  }
  return null;
}

/** A JSON string literal's value, or null when its escapes are invalid. */
function decode(literal: string): string | null {
  try {
    return JSON.parse(literal) as string;
  } catch {
    return null;
  }
}

/** The index just past the string that opens at `start`, or -1 when it is not closed yet. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i + 1;
  }
  return -1;
}
