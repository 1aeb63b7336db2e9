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
  type BodyIssue,
  type BodyResult,
  coerceValue,
  isTokenWord,
  partialCall,
  type RawCall,
  readCallArguments,
  setOwn,
} from '@toolformat/core/kit';
import { CALL_ARGS, CALL_NAME, OPEN2_ARG_END, OPEN2_ARG_START, OPEN2_ARG_VALUE } from './tokens.js';

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

/** Longer than any id or name a model writes; a longer one is text that happens to sit there. */
const MAX_WORD = 512;

/**
 * True when `text` can be an id or a name: one word (no blanks or control characters), none of the
 * characters that start JSON or markup, and not too long. More lenient than what we write
 * (render.ts): a model may write any such id.
 */
function isWord(text: string): boolean {
  return isTokenWord(text, MAX_WORD);
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

/**
 * Solar Open 2: the body of one `<|tool_call:start|>` block,
 *
 *   NAME\n<|tool_arg:start|>KEY<|tool_arg:value|>VALUE<|tool_arg:end|>\n…
 *
 * The name is the rest of the start token's line. A value is its text, verbatim: typed by the
 * tool's JSON Schema when the tool is declared (core's `coerceValue`), kept as text otherwise, as
 * the model writes values raw and Upstage's parser reads them (a JSON-looking string stays a
 * string). A value ends at its end token or, when the model dropped that, at the next argument
 * (vLLM's parser does the same), so one lost token does not swallow the arguments after it. A
 * repeated key keeps its first value, as a stream must. A block the output ended inside is no
 * call (`partial-call`). Linear: one `indexOf` per token.
 */
export function open2CallBody(body: string, ctx: BodyContext): BodyResult {
  const nl = body.indexOf('\n');
  const head = nl === -1 ? body : body.slice(0, nl);
  const name = head.trim();
  if (!ctx.closed) return partialCall(body, ctx, 'the output ended inside the call');
  if (name === '') return malformed('the call has no name');
  if (!isWord(name)) return malformed(`"${name.slice(0, 80)}" is not a function name`);
  const args: Record<string, unknown> = {};
  const issues: BodyIssue[] = [];
  let i = nl === -1 ? body.length : nl + 1;
  for (;;) {
    const start = body.indexOf(OPEN2_ARG_START, i);
    if (start === -1) break;
    const keyFrom = start + OPEN2_ARG_START.length;
    const valueAt = body.indexOf(OPEN2_ARG_VALUE, keyFrom);
    const nextStart = body.indexOf(OPEN2_ARG_START, keyFrom);
    if (valueAt === -1 || (nextStart !== -1 && nextStart < valueAt)) {
      // A key that runs into the next argument has no value: it contributes nothing.
      issues.push({
        kind: 'malformed-call',
        message: `An argument of "${name}" has no value.`,
        raw: body.slice(start, nextStart === -1 ? body.length : nextStart),
      });
      if (nextStart === -1) break;
      i = nextStart;
      continue;
    }
    const key = body.slice(keyFrom, valueAt);
    const valueFrom = valueAt + OPEN2_ARG_VALUE.length;
    const endAt = body.indexOf(OPEN2_ARG_END, valueFrom);
    const nextArg = body.indexOf(OPEN2_ARG_START, valueFrom);
    let valueTo = body.length;
    if (endAt !== -1) valueTo = endAt;
    if (nextArg !== -1 && nextArg < valueTo) valueTo = nextArg;
    const text = body.slice(valueFrom, valueTo);
    if (!Object.hasOwn(args, key)) {
      const schema = ctx.options.tools?.parameter(name, key);
      const value =
        schema === undefined
          ? text
          : coerceValue(text, schema, (message) =>
              issues.push({ kind: 'arguments-coerced', message, raw: text }),
            );
      setOwn(args, key, value);
    }
    i = valueTo === endAt ? endAt + OPEN2_ARG_END.length : valueTo;
  }
  return { calls: [{ name, arguments: args }], issues };
}
