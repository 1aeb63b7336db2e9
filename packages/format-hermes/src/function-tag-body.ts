/**
 * `<function=NAME>{args}</function>` and `<function name="NAME">{args}</function>`: the name in the
 * tag, the arguments as JSON. Llama 3.1 documents the first, Functionary v3.1 writes it, and
 * Hermes-family models drift into both (llama.cpp's Hermes 2 Pro parser accepts them). The open
 * marker is `<function=` / `<function name=`, so the body starts with the name and the `>`.
 *
 * Qwen3-Coder writes `<function=NAME>` too, with `<parameter=…>` children: that is not JSON, so
 * the block is not ours and stays text for the XML format.
 */
import {
  type BodyContext,
  type BodyResult,
  findJsonEnd,
  isPlainObject,
  parseJsonLadder,
} from '@toolformat/core';
import { startsWithJson } from './json-calls-body.js';

/** Longest name read before the `>`; a longer one means the marker was not a tag. */
const MAX_NAME = 256;

export function functionTagBody(body: string, ctx: BodyContext): BodyResult {
  const gt = body.indexOf('>');
  if (gt === -1 || gt > MAX_NAME) return { calls: [], notMarkup: true };
  let name = body.slice(0, gt).trim();
  if (name.length >= 2 && (name[0] === '"' || name[0] === "'") && name[name.length - 1] === name[0]) {
    name = name.slice(1, -1);
  }
  if (name === '' || /[\s<>"']/.test(name)) return { calls: [], notMarkup: true };
  const rest = body.slice(gt + 1);
  if (rest.trim() === '') return { calls: [{ name, arguments: {} }] };
  if (!startsWithJson(rest)) return { calls: [], notMarkup: true };
  const json = rest.trim();
  if (!ctx.closed && findJsonEnd(json, 0) !== json.length) {
    return { calls: [], error: `the output ended inside the arguments of "${name}"` };
  }
  const parsed = parseJsonLadder(json);
  if (!parsed.ok) return { calls: [], error: `the arguments of "${name}" are not JSON (${parsed.error})` };
  if (!isPlainObject(parsed.value))
    return { calls: [], error: `the arguments of "${name}" are not a JSON object` };
  const issues =
    parsed.repaired === null
      ? []
      : [{ kind: 'json-repaired', message: `Repaired JSON: ${parsed.repairs.join('; ')}.`, raw: json }];
  return { calls: [{ name, arguments: parsed.value }], issues };
}
