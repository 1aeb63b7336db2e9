/**
 * The name of the first call in a JSON body that is still arriving (`{"name": "get_weather",
 * "arguments": {"ci…`), so a stream can announce the call before its arguments are complete.
 * Looks at the first object (inside a leading `[` too) for a top-level `name`, `function`, `tool`
 * or `tool_name` key whose value is a complete string. Once found, a longer prefix gives the same
 * answer: the engine relies on that to announce the same call for every chunking.
 */
import type { ArgumentsAt } from './argument-stream.js';
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
import { jsonStringEnd } from './json-scan.js';
import type { AnnouncedCall } from './markup-spec.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/** Where the arguments of a JSON call are: the value of one of these keys of the call object. */
export const JSON_CALL_ARGUMENTS: ArgumentsAt = { keys: ['arguments', 'parameters', 'args', 'input'] };

/**
 * `jsonCallName` as a block's `announce`: the name, and where the arguments are, so that the
 * stream sends them as they arrive.
 */
export function announceJsonCall(prefix: string): AnnouncedCall | null {
  const name = jsonCallName(prefix);
  return name === null ? null : { name, arguments: JSON_CALL_ARGUMENTS };
}

/** The keys that name the call, as they appear quoted in the text (compared in place, no slicing). */
const NAME_KEYS = ['"name"', '"function"', '"tool"', '"tool_name"'];

export function jsonCallName(prefix: string): string | null {
  const n = prefix.length;
  let i = 0;
  while (i < n && (isSpace(charCodeAt.call(prefix, i)) || charCodeAt.call(prefix, i) === BRACKET_OPEN)) i++;
  if (i >= n || charCodeAt.call(prefix, i) !== BRACE_OPEN) return null;
  i++;
  let depth = 1;
  let expectKey = true;
  let nameKey = false;
  while (i < n) {
    const c = charCodeAt.call(prefix, i);
    if (c === QUOTE) {
      const end = jsonStringEnd(prefix, i);
      if (end === -1) return null;
      if (depth === 1) {
        const plain = plainLiteral(prefix, i, end);
        const value = plain ? null : decode(prefix, i, end);
        if (!plain && value === null) return null;
        if (expectKey) nameKey = plain ? isNameKey(prefix, i, end) : NAME_KEYS.includes(`"${value}"`);
        else if (nameKey) {
          const name = plain ? prefix.slice(i + 1, end - 1) : value!;
          return name.trim() === '' ? null : name;
        }
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
      nameKey = false;
    }
    i++;
  }
  return null;
}

function isNameKey(text: string, start: number, end: number): boolean {
  for (const key of NAME_KEYS) if (key.length === end - start && text.startsWith(key, start)) return true;
  return false;
}

/** True when the literal `text[start, end)` has neither escapes nor control characters: its inside is its value. */
function plainLiteral(text: string, start: number, end: number): boolean {
  for (let i = start + 1; i < end - 1; i++) {
    const c = charCodeAt.call(text, i);
    if (c === BACKSLASH || c < 0x20) return false;
  }
  return true;
}

/** The value of the JSON string literal `text[start, end)`, or null when it is not valid JSON. */
function decode(text: string, start: number, end: number): string | null {
  try {
    return JSON.parse(text.slice(start, end)) as string;
  } catch {
    return null;
  }
}
