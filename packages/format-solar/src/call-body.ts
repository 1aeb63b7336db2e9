/**
 * The body of one call block, the text between `<|tool_call:begin|>` and `<|tool_call:end|>`:
 *
 *   ID<|tool_call:name|>NAME<|tool_call:args|>{json}
 *
 * The id is kept as written; an empty id (Upstage's vLLM tests write
 * `<|tool_call:begin|><|tool_call:name|>get_weather…`) leaves the engine to generate one. Blanks
 * around the id, the name and the JSON are allowed.
 *
 * A block the output ended inside (`ctx.closed` false) is a call only when its JSON value is
 * complete; otherwise it is a `partial-call` issue, never a call with half its arguments. A closed
 * block with broken JSON goes through the JSON ladder, and every repair is reported.
 *
 * Cost: two `indexOf`s for the name and argument tokens and, for the usual call, one `JSON.parse` of
 * the arguments; a bracket scan (`findJsonEnd`) and the ladder's repair pass only when that fails or
 * the output ended. Each is linear in the body.
 */
import {
  type AnnouncedCall,
  type BodyContext,
  type BodyResult,
  partialCall,
  type RawCall,
  readCallArguments,
} from '@toolformat/core/kit';
import { isWord } from './call-id.js';
import { CALL_ARGS, CALL_NAME } from './tokens.js';

/** Built once: a run of broken blocks reports them for each, and the engine compares them cheaply. */
const NO_NAME_TOKEN = `no ${CALL_NAME} in the call`;
const NO_ARGUMENTS = `no ${CALL_ARGS} and no arguments in the call`;

/** The block is not a call: removed and reported by the engine (or kept, with `onMalformed: 'keep'`). */
function malformed(reason: string): BodyResult {
  return { calls: [], error: reason };
}

/** The three parts of a call body, or where it stops being one. */
type Parts =
  | { ok: true; id: string; name: string; args: string; argsFrom: number }
  | { ok: false; missing: 'name token' | 'argument token' };

/**
 * Splits at the first name token and the first argument token after it. The id and the name are
 * trimmed; the arguments are the rest. `announceCall` uses the same split, so an announced call
 * has the name and id its block will have.
 */
function split(body: string): Parts {
  const nameAt = body.indexOf(CALL_NAME);
  if (nameAt === -1) return { ok: false, missing: 'name token' };
  const nameFrom = nameAt + CALL_NAME.length;
  const argsAt = body.indexOf(CALL_ARGS, nameFrom);
  if (argsAt === -1) return { ok: false, missing: 'argument token' };
  return {
    ok: true,
    id: body.slice(0, nameAt).trim(),
    name: body.slice(nameFrom, argsAt).trim(),
    args: body.slice(argsAt + CALL_ARGS.length),
    argsFrom: argsAt + CALL_ARGS.length,
  };
}

/** Why the id or name cannot be a call's, or null when both can. */
function badHead(id: string, name: string): string | null {
  if (id !== '' && !isWord(id)) return `"${id.slice(0, 80)}" is not a call id`;
  if (name === '') return 'the call has no name';
  if (!isWord(name)) return `"${name.slice(0, 80)}" is not a function name`;
  return null;
}

/** The body parser of the `<|tool_call:begin|>` block. */
export function callBody(body: string, ctx: BodyContext): BodyResult {
  const parts = split(body);
  if (!parts.ok) {
    if (!ctx.closed) return partialCall(body, ctx, `the output ended before the ${parts.missing}`);
    return malformed(parts.missing === 'name token' ? NO_NAME_TOKEN : NO_ARGUMENTS);
  }
  const bad = badHead(parts.id, parts.name);
  if (bad !== null) return malformed(bad);

  const read = readCallArguments(parts.args, body, ctx);
  if (!read.ok) return read.result;
  const call: RawCall = { name: parts.name, arguments: read.value };
  if (parts.id !== '') call.id = parts.id;
  const result: BodyResult = { calls: [call], issues: read.issues };
  // No string is open at the end of the body: the id and name hold no quote (isWord) and the
  // arguments were strict JSON with nothing after them. The engine's JSON guard then need not scan.
  if (read.strict) result.strictJson = true;
  return result;
}

/**
 * The call's name and id from the start of a body still arriving, for the engine's early
 * announcement: answered once the argument token is in the prefix (the name is then complete),
 * with the same split and checks as the body parser. Once this answers, every longer prefix gives
 * the same answer (both tokens are already in the prefix, and their first occurrences stay first).
 */
export function announceCall(prefix: string): AnnouncedCall | null {
  const parts = split(prefix);
  if (!parts.ok || badHead(parts.id, parts.name) !== null) return null;
  // The arguments' JSON follows the argument token: the stream sends it as it arrives.
  const args = { from: parts.argsFrom };
  return parts.id === ''
    ? { name: parts.name, arguments: args }
    : { name: parts.name, id: parts.id, arguments: args };
}
