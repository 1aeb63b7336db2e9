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
  while (p < prefix.length && isSpace(prefix.charCodeAt(p))) p++;
  if (p >= prefix.length || prefix.charCodeAt(p) !== BRACE_OPEN) return null;
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
