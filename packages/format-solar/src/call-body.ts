/**
 * Solar's own call syntax: Solar Open 2's argument elements (`open2CallBody`). Solar Open's call,
 * `ID<|tool_call:name|>NAME<|tool_call:args|>{json}`, is declared in markup.ts and read by the
 * kit's token-field reader.
 */
import {
  type BodyContext,
  type BodyIssue,
  type BodyResult,
  coerceValue,
  isTokenWord,
  partialCall,
  StrayText,
  setOwn,
} from '@toolformat/core/kit';
import { OPEN2_ARG_END, OPEN2_ARG_START, OPEN2_ARG_VALUE } from './tokens.js';

/** The block is not a call: removed and reported by the engine (or kept, with `onMalformed: 'keep'`). */
function malformed(reason: string): BodyResult {
  return { calls: [], error: reason };
}

/** Longer than any name a model writes; a longer one is text that happens to sit there. */
const MAX_WORD = 512;

/**
 * Solar Open 2: the body of one `<|tool_call:start|>` block,
 *
 *   NAME\n<|tool_arg:start|>KEY<|tool_arg:value|>VALUE<|tool_arg:end|>\n…
 *
 * The name is the rest of the start token's line. A value is its text, verbatim: typed by the
 * tool's JSON Schema when the tool is declared (core's `coerceValue`), kept as text otherwise, as
 * the model writes values raw and Upstage's parser reads them (a JSON-looking string stays a
 * string). A value ends at its end token or, when the model dropped that, at the next argument
 * (vLLM's parser does the same), so one lost token does not swallow the arguments after it; a
 * value that runs to the end of the call is taken with an issue, since a marker the model wrote
 * inside it (the turn's `<|end|>`, another call's start) may have ended the call there. A
 * repeated key keeps its first value, as a stream must. A block the output ended inside is no
 * call (`partial-call`). Linear: one `indexOf` per token.
 */
export function open2CallBody(body: string, ctx: BodyContext): BodyResult {
  const nl = body.indexOf('\n');
  const head = nl === -1 ? body : body.slice(0, nl);
  const name = head.trim();
  if (!ctx.closed) return partialCall(body, ctx, 'the output ended inside the call');
  if (name === '') return malformed('the call has no name');
  if (!isTokenWord(name, MAX_WORD)) return malformed(`"${name.slice(0, 80)}" is not a function name`);
  const args: Record<string, unknown> = {};
  const issues: BodyIssue[] = [];
  // Words between the arguments are reported, not passed over (architecture/semantics.md, guarantee 1).
  const stray = new StrayText(body);
  let i = nl === -1 ? body.length : nl + 1;
  for (;;) {
    const start = body.indexOf(OPEN2_ARG_START, i);
    stray.add(i, start === -1 ? body.length : start);
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
    if (endAt === -1 && valueTo === body.length) {
      // Nothing closed the value but the call's end: a marker written inside the value (the turn's
      // `<|end|>`, another call's start) may have ended the call there.
      issues.push({
        kind: 'partial-call',
        message: `The value of "${key}" has no ${OPEN2_ARG_END}: it runs to the end of the call, and may be cut off.`,
        raw: body.slice(start),
      });
    }
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
  stray.report(`the call "${name}", outside its arguments,`, issues);
  return { calls: [{ name, arguments: args }], issues };
}
