/**
 * JSON calls in Llama's shapes: one object, several separated by `;` (vLLM's Llama 3 parser
 * splits on it), by blanks or newlines, or written back to back (the Llama 4 HF template), or an
 * array of them. `{"name", "parameters"|"arguments"}` (the HF template's key, and vLLM's), with
 * `"type": "function"` or wrapped the OpenAI way (what a fine-tune copies from an OpenAI-style
 * tool list). A call without arguments is a call only when the key is present: `{"name": "x"}`
 * alone is too often an ordinary JSON answer.
 *
 * A block body is read by the kit's JSON-call reader with this declaration. `scanJsonCalls` reads
 * text that has no markers (Llama 3.1 answers with bare JSON, often after a sentence): every
 * top-level JSON object in it that has the shape of a call is one, the rest stays text. Values are
 * delimited by core's `findJsonValues` in one pass, then each is parsed once.
 */
import {
  type BodyResult,
  COMMA,
  collectJsonCalls,
  findJsonValues,
  isJsonSpace,
  type JsonCallsOptions,
  type RawCall,
  SEMICOLON,
  SPACE,
  TAB,
  textContinuesSentence,
} from '@toolformat/core/kit';

/**
 * Llama's block bodies: nothing but calls (one value that is not a call breaks the block), a
 * finished body repaired however it ends, and a value the output ended inside is not read further.
 */
export const LLAMA_JSON: JsonCallsOptions = {
  argumentKeys: ['parameters', 'arguments'],
  requireArguments: true,
  openAi: 'typed',
  separators: ';,',
  allOrNothing: true,
  brokenOff: 'repair',
  openLists: false,
  vouchExact: true,
};

/**
 * Bare text: every top-level object with a call's shape is a call; everything else (prose, the
 * `;` between calls, JSON that is not a call) stays text. Values are parsed strictly: without
 * markers, broken JSON is more likely prose than a call.
 */
/** `;` or `,` between calls on one line (`{…}; {…}`). */
function separatesCalls(code: number): boolean {
  return code === SEMICOLON || code === COMMA;
}

export function scanJsonCalls(text: string, mentions = false): BodyResult {
  const calls: RawCall[] = [];
  let out = '';
  let last = 0;
  for (const { start, end } of findJsonValues(text, { singleQuotes: false })) {
    let value: unknown;
    try {
      value = JSON.parse(text.slice(start, end));
    } catch {
      continue;
    }
    // A call followed on its line by more of the sentence is a mention (architecture/precision.md).
    let sep = end;
    while (sep < text.length && (text.charCodeAt(sep) === SPACE || text.charCodeAt(sep) === TAB)) sep++;
    const after = sep < text.length && separatesCalls(text.charCodeAt(sep)) ? sep + 1 : end;
    if (mentions && textContinuesSentence(text, after)) continue;
    const found = collectJsonCalls(value, LLAMA_JSON);
    if (found.calls.length === 0 || found.rejected.length > 0) continue;
    calls.push(...found.calls);
    out += text.slice(last, start);
    last = end;
    // A `;` right after a call separates calls: it is markup, not text.
    let q = end;
    while (q < text.length && isJsonSpace(text.charCodeAt(q))) q++;
    if (q < text.length && text.charCodeAt(q) === SEMICOLON) last = q + 1;
  }
  if (calls.length === 0) return { calls: [], notMarkup: true };
  out += text.slice(last);
  return out.trim() === '' ? { calls } : { calls, text: out };
}
