/**
 * Python call syntax written back: `f(a=1, b='x', c=None)`, the inverse of `parsePythonCalls`
 * (kit/python-calls.ts), for the formats whose renderers put pythonic calls into history and
 * prompts. Strings are escaped as Python's repr does; keys that are not identifiers, or are
 * reserved words, travel in a trailing `**{…}`, which the parser reads back.
 */
import {
  APOSTROPHE,
  BACKSLASH,
  CARRIAGE_RETURN,
  isIdentPart,
  isIdentStart,
  LINE_FEED,
  QUOTE,
  SPACE,
  TAB,
} from './char-codes.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/** Reserved words: `f(from=1)` is a SyntaxError, so such keys travel in `**{…}`. */
const PYTHON_KEYWORDS = new Set([
  'False',
  'None',
  'True',
  'and',
  'as',
  'assert',
  'async',
  'await',
  'break',
  'class',
  'continue',
  'def',
  'del',
  'elif',
  'else',
  'except',
  'finally',
  'for',
  'from',
  'global',
  'if',
  'import',
  'in',
  'is',
  'lambda',
  'nonlocal',
  'not',
  'or',
  'pass',
  'raise',
  'return',
  'try',
  'while',
  'with',
  'yield',
]);

function isKeywordArgumentName(key: string): boolean {
  if (key.length === 0 || !isIdentStart(charCodeAt.call(key, 0))) return false;
  for (let i = 1; i < key.length; i++) if (!isIdentPart(charCodeAt.call(key, i))) return false;
  return !PYTHON_KEYWORDS.has(key);
}

function hex(code: number, width: number): string {
  return code.toString(16).padStart(width, '0');
}

/** A Python string literal for `s`, escaping only what must be escaped (as repr does). */
export function formatPythonString(s: string, quote: "'" | '"' = "'"): string {
  const q = quote === '"' ? QUOTE : APOSTROPHE;
  let out = '';
  let chunk = 0;
  for (let i = 0; i < s.length; i++) {
    const c = charCodeAt.call(s, i);
    let replacement: string;
    if (c === q || c === BACKSLASH) replacement = '\\' + String.fromCharCode(c);
    else if (c === LINE_FEED) replacement = '\\n';
    else if (c === CARRIAGE_RETURN) replacement = '\\r';
    else if (c === TAB) replacement = '\\t';
    else if (c < SPACE || (c >= 0x7f && c <= 0x9f)) replacement = '\\x' + hex(c, 2);
    else if (
      c >= 0xd800 &&
      c <= 0xdbff &&
      i + 1 < s.length &&
      (charCodeAt.call(s, i + 1) & 0xfc00) === 0xdc00
    ) {
      i++; // a well-formed pair stays as it is
      continue;
    } else if (c >= 0xd800 && c <= 0xdfff)
      replacement = '\\u' + hex(c, 4); // a lone surrogate
    else continue;
    out += s.slice(chunk, i) + replacement;
    chunk = i + 1;
  }
  return quote + out + s.slice(chunk) + quote;
}

function formatNumber(n: number): string {
  if (Number.isNaN(n)) return "float('nan')";
  if (n === Number.POSITIVE_INFINITY) return "float('inf')";
  if (n === Number.NEGATIVE_INFINITY) return "float('-inf')";
  if (Object.is(n, -0)) return '-0.0';
  // An integral double past 2^53 printed in full would read back as an inexact integer (and so as
  // a string); in exponent form it reads back as the same float.
  if (Number.isInteger(n) && !Number.isSafeInteger(n)) return n.toExponential();
  return String(n);
}

/** A Python literal for a JSON-like value: None, True, 1.5, 'x', [1, 2], {'k': v}. */
export function formatPythonValue(value: unknown, quote: "'" | '"' = "'"): string {
  return formatValue(value, quote === '"' ? '"' : "'", []);
}

function formatValue(value: unknown, quote: "'" | '"', ancestors: object[]): string {
  switch (typeof value) {
    case 'string':
      return formatPythonString(value, quote);
    case 'number':
      return formatNumber(value);
    case 'boolean':
      return value ? 'True' : 'False';
    case 'bigint':
      return String(value);
    case 'object': {
      if (value === null) return 'None';
      // A cycle has no literal; cut it rather than recurse forever.
      if (ancestors.includes(value)) return 'None';
      const toJSON = (value as { toJSON?: unknown }).toJSON;
      if (typeof toJSON === 'function') return formatValue(toJSON.call(value), quote, ancestors);
      ancestors.push(value);
      let out: string;
      if (Array.isArray(value)) {
        out = '[' + value.map((item) => formatValue(item, quote, ancestors)).join(', ') + ']';
      } else {
        const record = value as Record<string, unknown>;
        const parts = Object.keys(record).map(
          (key) => formatPythonString(key, quote) + ': ' + formatValue(record[key], quote, ancestors),
        );
        out = '{' + parts.join(', ') + '}';
      }
      ancestors.pop();
      return out;
    }
    default:
      // undefined, functions, symbols: what JSON would drop or null.
      return 'None';
  }
}

/**
 * Renders `f(a=1, b='x', c=None, d=[1, 2], e={'k': True})` — the inverse of parsePythonCalls, used
 * to write calls back into history. Keys that are not identifiers (or are reserved words) go in
 * a trailing `**{'my-key': 1}`, which parsePythonCalls reads back.
 */
export function formatPythonCall(
  name: string,
  args: Record<string, unknown>,
  quote: "'" | '"' = "'",
): string {
  const q = quote === '"' ? '"' : "'";
  const parts: string[] = [];
  const spread: string[] = [];
  const record = args ?? {};
  for (const key of Object.keys(record)) {
    const value = formatValue(record[key], q, []);
    if (isKeywordArgumentName(key)) parts.push(key + '=' + value);
    else spread.push(formatPythonString(key, q) + ': ' + value);
  }
  if (spread.length > 0) parts.push('**{' + spread.join(', ') + '}');
  return name + '(' + parts.join(', ') + ')';
}
