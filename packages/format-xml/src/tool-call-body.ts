/**
 * What is inside a `<tool_call>`: Qwen3-Coder's `<function=…>`, GLM's `name<arg_key>…`, or an
 * `<invoke name>` that drifted in, or Qwen2.5's JSON, which Qwen3-Coder models are seen writing
 * when served with the wrong parser (its route covers the shapes its family writes). In auto mode
 * the merged `<tool_call>` tries Hermes' JSON reader first (merge-markup.ts).
 */
import {
  type BodyContext,
  type BodyIssue,
  type BodyParser,
  type BodyResult,
  isJsonSpace,
  type RawCall,
  readJsonCallObjects,
} from '@toolformat/core/kit';
import { readFunctions } from './function-body.js';
import { readGlmCall } from './glm-body.js';
import { readInvokes } from './invoke-body.js';
import { miniCpmCall } from './minicpm5.js';
import type { ValueLayout } from './values.js';
import { readTag } from './xml-scan.js';

export interface ToolCallFormats {
  /** ParseResult.format per reader, or undefined for the block's own. */
  function?: string | undefined;
  glm?: string | undefined;
  invoke?: string | undefined;
}

function named(result: BodyResult, format: string | undefined): BodyResult {
  return format === undefined || result.error !== undefined ? result : { ...result, format };
}

export function toolCallBody(formats: ToolCallFormats, layout: ValueLayout = 'lines'): BodyParser {
  return (body: string, ctx: BodyContext): BodyResult => {
    let p = 0;
    while (p < body.length && isJsonSpace(body.charCodeAt(p))) p++;
    if (p === body.length) return { calls: [], error: 'an empty tool call' };
    const first = body.charCodeAt(p);
    if (first === 60 /* < */) {
      const tag = readTag(body, p);
      if (tag !== null && !tag.closing && tag.local === 'function') {
        return named(readFunctions(body, ctx, layout, p), formats.function);
      }
      if (tag !== null && !tag.closing && tag.local === 'invoke')
        return named(readInvokes(body, ctx, p), formats.invoke);
      return { calls: [], error: 'neither <function=…> nor <invoke> inside the tool call' };
    }
    if (first === 123 || first === 91) return named(readJsonCallObjects(body, ctx), formats.function);
    return named(readGlmCall(body.slice(p), ctx), formats.glm);
  };
}

/** Seed-OSS `<seed:tool_call>`: Qwen3-Coder's inner syntax, values written inline. */
export function seedBody(format: string | undefined): BodyParser {
  return (body, ctx) => named(readFunctions(body, ctx, 'inline'), format);
}

/** A bare `<function=` (no `<tool_call>` around it): the engine took the marker; it is put back. */
export function bareFunctionBody(format: string | undefined, layout: ValueLayout = 'lines'): BodyParser {
  return (body, ctx) => named(readFunctions(`${ctx.open}${body}`, ctx, layout), format);
}

/** A bare `<invoke name=` (no wrapper): the marker is put back likewise. */
export function bareInvokeBody(format: string | undefined): BodyParser {
  return (body, ctx) => named(readInvokes(`${ctx.open}${body}`, ctx), format);
}

/** Blocks holding invokes (`<function_calls>`, `<minimax:tool_call>`, Step-3's token pair). */
export function invokesBody(format: string | undefined): BodyParser {
  return (body, ctx) => named(readInvokes(body, ctx), format);
}

/**
 * Hunyuan 3's `<tool_calls>` wrapper: `<tool_call>NAME<tool_sep><arg_key>…</arg_key><arg_value>…
 * </arg_value></tool_call>`, one element per call, blanks between them. The separator ends the name
 * the way GLM's newline does (readGlmCall stops the name at the first tag). A call the output
 * ended inside is read as GLM's is: flagged, never silently whole. Linear: one `indexOf` per tag.
 */
export function hyCallsBody(format: string | undefined): BodyParser {
  return (body, ctx) => {
    const calls: RawCall[] = [];
    const issues: BodyIssue[] = [];
    let i = 0;
    for (;;) {
      const open = body.indexOf(HY_CALL_OPEN, i);
      if (open === -1) break;
      const from = open + HY_CALL_OPEN.length;
      const close = body.indexOf(HY_CALL_CLOSE, from);
      const end = close === -1 ? body.length : close;
      const inner = body.slice(from, end);
      const read = readGlmCall(inner, close === -1 ? ctx : { ...ctx, closed: true });
      if (read.error !== undefined || read.notMarkup) {
        issues.push({ kind: 'malformed-call', message: read.error ?? 'not a call', raw: inner });
      } else {
        calls.push(...read.calls);
        if (read.issues) issues.push(...read.issues);
      }
      if (close === -1) break;
      i = close + HY_CALL_CLOSE.length;
    }
    if (calls.length === 0 && issues.length === 0)
      return { calls: [], error: 'no <tool_call> in <tool_calls>' };
    return named({ calls, issues }, format);
  };
}

const HY_CALL_OPEN = '<tool_call>';
const HY_CALL_CLOSE = '</tool_call>';

/** The tokenizer's space and newline (`Ġ`, `Ċ`) when a server leaves byte-level tokens undecoded. */
const TOKENIZER_SPACE = '\u0120';
const TOKENIZER_NEWLINE = '\u010a';

/**
 * MiniCPM5's `<function name="NAME"><param name="KEY">VALUE</param></function>`, one block per
 * call. Its servers may leave the tag's space as the tokenizer's `Ġ`, or drop it
 * (`<functionname="…">`, `<paramname="…">`), which vLLM's `minicpm5` parser reads: the tags are
 * put back in shape before reading. Values are written inline, typed by the schema.
 */
export function miniCpmFunctionBody(format: string | undefined): BodyParser {
  return (body, ctx) => {
    let text = body.replaceAll('<paramname=', '<param name=');
    if (
      ctx.open.includes(TOKENIZER_SPACE) ||
      text.includes(TOKENIZER_SPACE) ||
      text.includes(TOKENIZER_NEWLINE)
    )
      text = text.replaceAll(TOKENIZER_SPACE, ' ').replaceAll(TOKENIZER_NEWLINE, '\n');
    const read = readFunctions(`<function name=${text}`, ctx, 'inline');
    if (read.error !== undefined || ctx.options.tools === null) return named(read, format);
    return named({ ...read, calls: read.calls.map((c) => miniCpmCall(c, ctx.options.tools)) }, format);
  };
}
