/**
 * What follows Llama 3.1's `<|python_tag|>` (up to `<|eom_id|>`): JSON calls separated by `;`
 * (custom tools with `Environment: ipython`), a built-in tool `brave_search.call(query="…")` /
 * `wolfram_alpha.call(…)`, a pythonic list, or raw Python for the code interpreter, which becomes
 * a `code_interpreter` call with `{code}` (the name Llama 3.1's prompt gives that tool).
 */
import { type BodyContext, type BodyResult, readJsonCalls } from '@toolformat/core/kit';
import { LLAMA_JSON } from './json-calls.js';
import { readPythonCalls } from './pythonic.js';

export const CODE_INTERPRETER = 'code_interpreter';

function firstNonBlank(body: string): number {
  let p = 0;
  while (p < body.length && /\s/.test(body[p]!)) p++;
  return p;
}

/** `name.call(` at the start: a built-in tool call. */
function startsWithBuiltinCall(body: string, from: number): boolean {
  const paren = body.indexOf('.call(', from);
  if (paren <= from || paren - from > 64) return false;
  for (let i = from; i < paren; i++) {
    const c = body.charCodeAt(i);
    const ident = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
    if (!ident) return false;
  }
  return true;
}

export function pythonTagBody(body: string, ctx: BodyContext): BodyResult {
  const p = firstNonBlank(body);
  if (p === body.length) return { calls: [], error: 'nothing follows <|python_tag|>' };
  const c = body[p];
  if (
    c === '{' ||
    (c === '[' &&
      body
        .slice(p + 1)
        .trimStart()
        .startsWith('{'))
  ) {
    return readJsonCalls(body, ctx.closed, { ...LLAMA_JSON, maxDepth: ctx.options.maxDepth });
  }
  if (c === '[' || startsWithBuiltinCall(body, p)) {
    const read = readPythonCalls(body, ctx);
    if (read.error === undefined || startsWithBuiltinCall(body, p)) return read;
  }
  const code = body.trim();
  if (!ctx.closed && code === '') return { calls: [], error: 'nothing follows <|python_tag|>' };
  return { calls: [{ name: CODE_INTERPRETER, arguments: { code } }] };
}

/** Llama 4's `<|python_start|>…<|python_end|>`: a pythonic list, or JSON calls. Empty (the HF template's own empty pair) is nothing. */
export function pythonStartBody(body: string, ctx: BodyContext): BodyResult {
  const p = firstNonBlank(body);
  if (p === body.length) return { calls: [] };
  const c = body[p];
  if (
    c === '{' ||
    (c === '[' &&
      body
        .slice(p + 1)
        .trimStart()
        .startsWith('{'))
  ) {
    return readJsonCalls(body, ctx.closed, { ...LLAMA_JSON, maxDepth: ctx.options.maxDepth });
  }
  return readPythonCalls(body, ctx);
}
