/**
 * The body of a FunctionGemma `<start_function_call>…<end_function_call>` or Gemma 4
 * `<|tool_call>…<tool_call|>` block: `call:NAME{args}` (several in a row are read too).
 *
 * Typing (architecture/semantics.md, guarantee 2). A delimited top-level value is typed by the tool's JSON Schema
 * when the tool is declared. Without a schema, FunctionGemma's `<escape>42<escape>` becomes 42, as
 * vLLM's parser does (the 270M model delimits numbers and booleans it was meant to write bare);
 * Gemma 4 writes only strings between `<|"|>`, so there a delimited value stays a string. Bare
 * values are JSON scalars; nested strings stay strings.
 *
 * A close tag cut short by a stop sequence (`}<tool_call`) is the block's end, not text.
 */
import {
  type BodyContext,
  type BodyIssue,
  type BodyResult,
  coerceValue,
  getOwn,
  isPlainObject,
  type RawCall,
  setOwn,
  skipJsonSpace,
} from '@toolformat/core/kit';
import { GemmaString, parseGemmaObject, plain } from './gemma-value.js';

const CALL = 'call:';
const NAME_LIMIT = 256;

export interface CallBodyOptions {
  /** The block's close tag: a prefix of it after the arguments is a truncated close. */
  close: string;
  /** Type delimited values without a schema like bare ones (FunctionGemma). */
  inferDelimited: boolean;
}

function typeArguments(
  name: string,
  value: Record<string, unknown>,
  ctx: BodyContext,
  options: CallBodyOptions,
  issues: BodyIssue[],
  raw: string,
): Record<string, unknown> {
  const properties = ctx.options.tools?.parameters(name)?.properties;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const v = value[key];
    if (v instanceof GemmaString) {
      const schema = isPlainObject(properties) ? getOwn(properties, key) : undefined;
      const typed =
        isPlainObject(schema) || options.inferDelimited
          ? coerceValue(v.text, isPlainObject(schema) ? schema : undefined, (message) =>
              issues.push({ kind: 'arguments-coerced', message: `${name}.${key}: ${message}`, raw }),
            )
          : v.text;
      setOwn(out, key, typed);
    } else {
      setOwn(out, key, plain(v));
    }
  }
  return out;
}

export function callBody(options: CallBodyOptions) {
  return (body: string, ctx: BodyContext): BodyResult => {
    const calls: RawCall[] = [];
    const issues: BodyIssue[] = [];
    let p = skipJsonSpace(body, 0);
    while (p < body.length && body.startsWith(CALL, p)) {
      const nameStart = p + CALL.length;
      const brace = body.indexOf('{', nameStart);
      if (brace === -1 || brace - nameStart > NAME_LIMIT) {
        return ctx.closed || brace !== -1 || calls.length > 0
          ? fail(calls, issues, body.slice(p), 'no {arguments} after the name', ctx.closed)
          : { calls: [], error: 'the output ended before the arguments' };
      }
      const name = body.slice(nameStart, brace).trim();
      if (name === '' || /[\s<>{}]/.test(name))
        return fail(calls, issues, body.slice(p), 'no valid name', true);
      const parsed = parseGemmaObject(body, brace, ctx.options.maxDepth);
      if (!parsed.ok) {
        const why = parsed.truncated
          ? 'the output ended inside the arguments, so they are incomplete'
          : `the arguments do not parse: ${parsed.error} at offset ${parsed.offset}`;
        return fail(calls, issues, body.slice(p), why, !parsed.truncated);
      }
      const raw = body.slice(p, parsed.end);
      calls.push({
        name,
        arguments: typeArguments(name, parsed.value as Record<string, unknown>, ctx, options, issues, raw),
      });
      p = skipJsonSpace(body, parsed.end);
    }
    if (calls.length === 0) return { calls: [], error: `no ${CALL}NAME{…} in the block` };
    const rest = body.slice(p).trimEnd();
    if (rest !== '' && !(options.close.startsWith(rest) && !ctx.closed)) {
      issues.push({
        kind: 'trailing-text',
        message: 'Text after the call inside its block was removed.',
        raw: rest,
      });
    }
    return { calls, issues };
  };
}

/** What was read before a broken call stays; the broken one is reported. */
function fail(
  calls: RawCall[],
  issues: BodyIssue[],
  raw: string,
  why: string,
  malformed: boolean,
): BodyResult {
  if (calls.length === 0) return { calls: [], error: why };
  issues.push({
    kind: malformed ? 'malformed-call' : 'partial-call',
    message: `Not extracted: ${why}.`,
    raw,
  });
  return { calls, issues };
}
