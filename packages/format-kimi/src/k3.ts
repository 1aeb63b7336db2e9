/**
 * Kimi K3's XTML (vLLM's `kimi_k3` parser): channels between three special tokens,
 *
 *   <|open|>tools<|sep|>
 *     <|open|>call tool="NAME" index="1"<|sep|>
 *       <|open|>argument key="KEY" type="string"<|sep|>VALUE<|close|>argument<|sep|>
 *     <|close|>call<|sep|>
 *   <|close|>tools<|sep|>
 *
 * reasoning in a `think` channel, the reply in a `response` channel (`<|open|>response<|sep|>…<|close|>response<|sep|>`, the
 * open often part of the prompt), the turn ended by `<|close|>message<|sep|>`. As for K2, the block
 * is one call, so each is extracted as soon as it is written; the channel markers carry nothing
 * and are stripped wherever they stand.
 *
 * A value typed `string` is the raw text (the template writes it so); any other type is JSON,
 * kept as text when it does not parse (vLLM's rule). Attribute values are written with `&` and
 * `"` escaped. Cost: one forward `indexOf` per marker; linear in the body.
 */
import {
  type BlockSpec,
  type BodyContext,
  type BodyIssue,
  type BodyResult,
  isPlainObject,
  parseJsonLadder,
  partialCall,
  setOwn,
} from '@toolformat/core/kit';

export const K3_OPEN = '<|open|>';
export const K3_CLOSE = '<|close|>';
export const K3_SEP = '<|sep|>';
export const K3_TOOLS_OPEN = `${K3_OPEN}tools${K3_SEP}`;
export const K3_TOOLS_CLOSE = `${K3_CLOSE}tools${K3_SEP}`;
export const K3_CALL_OPEN = `${K3_OPEN}call `;
export const K3_CALL_CLOSE = `${K3_CLOSE}call${K3_SEP}`;
export const K3_ARG_OPEN = `${K3_OPEN}argument `;
export const K3_ARG_CLOSE = `${K3_CLOSE}argument${K3_SEP}`;
export const K3_JSON_OPEN = `${K3_OPEN}json `;
export const K3_JSON_CLOSE = `${K3_CLOSE}json${K3_SEP}`;
export const K3_THINK_OPEN = `${K3_OPEN}think${K3_SEP}`;
export const K3_THINK_CLOSE = `${K3_CLOSE}think${K3_SEP}`;
export const K3_RESPONSE_OPEN = `${K3_OPEN}response${K3_SEP}`;
export const K3_RESPONSE_CLOSE = `${K3_CLOSE}response${K3_SEP}`;
export const K3_MESSAGE_CLOSE = `${K3_CLOSE}message${K3_SEP}`;

/** Channel markers that carry nothing: the reply is the text they wrap. */
export const K3_STRIP = [
  K3_TOOLS_OPEN,
  K3_TOOLS_CLOSE,
  K3_RESPONSE_OPEN,
  K3_RESPONSE_CLOSE,
  K3_MESSAGE_CLOSE,
];

export const k3Block: BlockSpec = {
  // The tools channel glued to a call's ends is taken with the block (as K2's section token is).
  open: [K3_TOOLS_OPEN + K3_CALL_OPEN, K3_CALL_OPEN],
  close: [K3_CALL_CLOSE + K3_TOOLS_CLOSE, K3_CALL_CLOSE],
  closeBefore: [K3_CALL_OPEN, K3_TOOLS_CLOSE, K3_MESSAGE_CLOSE],
  body: k3CallBody,
  confidence: 0.95,
};

/** `key="value"` pairs up to the end of `text`, unescaped; `&quot;` before `&amp;` (the encoder's reverse). */
export function readK3Attributes(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let p = 0;
  for (;;) {
    const eq = text.indexOf('="', p);
    if (eq === -1) return out;
    let k = eq;
    while (k > p && isWordChar(text.charCodeAt(k - 1))) k--;
    const end = text.indexOf('"', eq + 2);
    if (end === -1) return out;
    if (k < eq)
      out.set(
        text.slice(k, eq),
        text
          .slice(eq + 2, end)
          .replaceAll('&quot;', '"')
          .replaceAll('&amp;', '&'),
      );
    p = end + 1;
  }
}

function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/** A value as its `type` says: raw text for a string, else JSON (raw text when it is not). */
function typed(raw: string, type: string): unknown {
  if (type === 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** One call: `tool="NAME" index="N"<|sep|>` and its argument elements. */
export function k3CallBody(body: string, ctx: BodyContext): BodyResult {
  const sep = body.indexOf(K3_SEP);
  if (sep === -1) {
    if (!ctx.closed) return partialCall(body, ctx, 'the output ended inside the call tag');
    return { calls: [], error: `no ${K3_SEP} after the call's attributes` };
  }
  const name = readK3Attributes(body.slice(0, sep)).get('tool')?.trim() ?? '';
  if (name === '') return { calls: [], error: 'a call with no tool="…"' };
  const args: Record<string, unknown> = {};
  const issues: BodyIssue[] = [];
  let i = sep + K3_SEP.length;
  for (;;) {
    const open = body.indexOf(K3_ARG_OPEN, i);
    if (open === -1) break;
    const attrEnd = body.indexOf(K3_SEP, open + K3_ARG_OPEN.length);
    const close = attrEnd === -1 ? -1 : body.indexOf(K3_ARG_CLOSE, attrEnd + K3_SEP.length);
    if (close === -1) {
      // An argument the output ended inside: never a call with half its arguments.
      if (!ctx.closed) return partialCall(body, ctx, `the output ended inside an argument of "${name}"`);
      issues.push({
        kind: 'malformed-call',
        message: `An unclosed argument of "${name}" was left out.`,
        raw: body.slice(open),
      });
      break;
    }
    const attrs = readK3Attributes(body.slice(open + K3_ARG_OPEN.length, attrEnd));
    const key = attrs.get('key') ?? '';
    setOwn(args, key, typed(body.slice(attrEnd + K3_SEP.length, close), attrs.get('type') ?? 'string'));
    i = close + K3_ARG_CLOSE.length;
  }
  // The arguments as one JSON object, `<|open|>json type="object"<|sep|>{…}<|close|>json<|sep|>`
  // (K3's form for a forced call), when no argument element came.
  const json = Object.keys(args).length === 0 ? body.indexOf(K3_JSON_OPEN, sep) : -1;
  if (json !== -1) {
    const from = body.indexOf(K3_SEP, json + K3_JSON_OPEN.length);
    const close = from === -1 ? -1 : body.indexOf(K3_JSON_CLOSE, from + K3_SEP.length);
    if (close === -1) {
      if (!ctx.closed) return partialCall(body, ctx, `the output ended inside the arguments of "${name}"`);
      return { calls: [], error: `unclosed JSON arguments of "${name}"` };
    }
    const parsed = parseJsonLadder(body.slice(from + K3_SEP.length, close).trim());
    if (!parsed.ok || !isPlainObject(parsed.value))
      return { calls: [], error: `the JSON arguments of "${name}" are not an object` };
    if (!ctx.closed) return partialCall(body, ctx, `the output ended before the end of "${name}"`);
    return { calls: [{ name, arguments: parsed.value }], issues };
  }
  if (!ctx.closed) return partialCall(body, ctx, `the output ended before the end of "${name}"`);
  return { calls: [{ name, arguments: args }], issues };
}
