/**
 * `<function=NAME>{args}</function>` and `<function name="NAME">{args}</function>`: the name in the
 * tag, the arguments as JSON. Llama 3.1 documents the first, Functionary v3.1 writes it, and
 * Hermes-family models drift into both. The open marker is `<function=` / `<function name=`, so
 * the body starts with the name and the `>`. A body whose arguments are not JSON (Qwen3-Coder's
 * `<parameter=…>` children) is not this markup: it stays text, for the XML format.
 */

import { BRACE_OPEN, isSpace } from './char-codes.js';
import { parseJsonLadder } from './json-ladder.js';
import { findJsonEnd } from './json-scan.js';
import type { AnnouncedCall, BodyContext, BodyResult } from './markup-spec.js';
import { isPlainObject } from './safe-object.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

/** Longest name read before the `>`; a longer one means the marker was not a tag. */
const MAX_NAME = 256;

/** The name in the tag (`NAME>` or `"NAME">`), or null when the tag names none. */
function tagName(body: string, gt: number): string | null {
  let name = body.slice(0, gt).trim();
  if (name.length >= 2 && (name[0] === '"' || name[0] === "'") && name[name.length - 1] === name[0]) {
    name = name.slice(1, -1);
  }
  // Bounded by MAX_NAME: the test cannot run long.
  return name === '' || /[\s<>"']/.test(name) ? null : name;
}

/**
 * The call's name once its tag and the `{` of its arguments are here, for the engine's early
 * announcement, with where the arguments start (they then stream as they arrive). Every longer
 * prefix gives the same answer; a tag followed by anything but JSON is not announced.
 */
export function announceFunctionTag(prefix: string): AnnouncedCall | null {
  const gt = prefix.indexOf('>');
  if (gt === -1 || gt > MAX_NAME) return null;
  let p = gt + 1;
  while (p < prefix.length && isSpace(charCodeAt.call(prefix, p))) p++;
  if (p >= prefix.length || charCodeAt.call(prefix, p) !== BRACE_OPEN) return null;
  const name = tagName(prefix, gt);
  return name === null ? null : { name, arguments: { from: p } };
}

export function functionTagBody(body: string, ctx: BodyContext): BodyResult {
  const gt = body.indexOf('>');
  if (gt === -1 || gt > MAX_NAME) return { calls: [], notMarkup: true };
  const name = tagName(body, gt);
  if (name === null) return { calls: [], notMarkup: true };
  let rest = body.slice(gt + 1).trim();
  if (rest === '') return { calls: [{ name, arguments: {} }] };
  if (rest[0] !== '{') return { calls: [], notMarkup: true };
  const end = findJsonEnd(rest, 0);
  if (end === -1) {
    if (!ctx.closed) return { calls: [], error: `the output ended inside the arguments of "${name}"` };
  } else if (!ctx.closed) {
    // Cut off right after the JSON (the server stopped at `</function>`, or at its first `<`).
    rest = rest.slice(0, end);
  }
  const parsed = parseJsonLadder(rest);
  if (!parsed.ok) return { calls: [], error: `the arguments of "${name}" are not JSON (${parsed.error})` };
  if (!isPlainObject(parsed.value))
    return { calls: [], error: `the arguments of "${name}" are not a JSON object` };
  const issues =
    parsed.repaired === null
      ? []
      : [{ kind: 'json-repaired', message: `Repaired JSON: ${parsed.repairs.join('; ')}.`, raw: rest }];
  return { calls: [{ name, arguments: parsed.value }], issues };
}

/** Longest run of attributes read before the `>`; a longer one means the marker was not a tag. */
const MAX_ATTRIBUTES = 1024;

/**
 * A tag's quoted attributes from `text[0]` up to its `>`: their values and the index after the
 * `>`, or null when the text is not such a tag (yet). Bounded by MAX_ATTRIBUTES.
 */
function readAttributes(text: string): { values: Map<string, string>; end: number } | null {
  const values = new Map<string, string>();
  const n = Math.min(text.length, MAX_ATTRIBUTES);
  let p = 0;
  for (;;) {
    while (p < n && isSpace(charCodeAt.call(text, p))) p++;
    if (p >= n) return null;
    if (charCodeAt.call(text, p) === GREATER_THAN) return { values, end: p + 1 };
    const start = p;
    while (p < n && isAttributeChar(charCodeAt.call(text, p))) p++;
    if (p === start || charCodeAt.call(text, p) !== EQUALS) return null;
    const quote = charCodeAt.call(text, p + 1);
    if (quote !== QUOTE && quote !== APOSTROPHE) return null;
    const close = text.indexOf(String.fromCharCode(quote), p + 2);
    if (close === -1 || close >= n) return null;
    values.set(text.slice(start, p), text.slice(p + 2, close));
    p = close + 1;
  }
}

const GREATER_THAN = 0x3e;
const EQUALS = 0x3d;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;

function isAttributeChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45;
}

/** The attributes' text: the open marker ends with the first one's `NAME=` (`<tool_call name=`). */
function attributesOf(open: string): string {
  return open.slice(open.lastIndexOf(' ') + 1);
}

/** The call a tag's attributes name: its `name` (required) and its `id`, or null. */
function attributeCall(values: Map<string, string>): { name: string; id?: string } | null {
  const name = values.get('name')?.trim() ?? '';
  if (name === '' || /[<>\n\r]/.test(name)) return null;
  const id = values.get('id')?.trim();
  return id ? { name, id } : { name };
}

/**
 * `<tool_call id="ID" name="NAME">{args}</tool_call>`: the call's name (and id) as attributes of
 * its tag, the arguments as JSON (DeepSeek models drift into it). The open marker is the tag and
 * its first attribute's `NAME=`, so the body starts with that attribute's value. A tag without a
 * `name`, or with anything but JSON (or nothing) inside, is not this markup: it stays text.
 */
export function attributeTagBody(body: string, ctx: BodyContext): BodyResult {
  const head = attributesOf(ctx.open);
  const text = head + body;
  const tag = readAttributes(text);
  const call = tag === null ? null : attributeCall(tag.values);
  if (tag === null || call === null) return { calls: [], notMarkup: true };
  // What follows the `>`: the same as in `<function=NAME>` (its `>` is the tag's).
  const read = functionTagBody(`x${text.slice(tag.end - 1)}`, ctx);
  if (read.notMarkup === true || read.error !== undefined) return read;
  return { ...read, calls: read.calls.map((c) => ({ ...c, ...call })) };
}

/** `announceFunctionTag` for `attributeTagBody`: the name once the tag and the `{` are here. */
export function announceAttributeTag(prefix: string, open: string): AnnouncedCall | null {
  const head = attributesOf(open);
  const tag = readAttributes(head + prefix);
  const call = tag === null ? null : attributeCall(tag.values);
  if (tag === null || call === null) return null;
  let p = tag.end - head.length;
  while (p < prefix.length && isSpace(charCodeAt.call(prefix, p))) p++;
  if (p >= prefix.length || charCodeAt.call(prefix, p) !== BRACE_OPEN) return null;
  return { ...call, arguments: { from: p } };
}
