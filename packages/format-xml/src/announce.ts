/**
 * The first call of an XML body still arriving, for the engine's early announcement: the name in
 * its first `<function=NAME>` or `<invoke name="NAME">` tag once that tag is complete, or GLM's
 * `NAME` once the line or tag after it has begun (from then on every longer prefix gives the same
 * answer). The arguments are typed per parameter by the
 * tool's schema when the block ends, so they come whole, with the call.
 */

import type { AnnouncedCall } from '@toolformat/core/kit';
import { isJsonSpace } from '@toolformat/core/kit';
import { glmName } from './glm-body.js';
import { decodeName } from './invoke-body.js';
import { readTag } from './xml-scan.js';

export function announceXmlCall(prefix: string, open: string): AnnouncedCall | null {
  // A bare `<function=` or `<invoke name=` block: the engine took the marker; it is put back.
  const text = open.endsWith('=') ? open + prefix : prefix;
  let p = 0;
  while (p < text.length && isJsonSpace(text.charCodeAt(p))) p++;
  // GLM: `<tool_call>NAME` and then `<arg_key>` or a line break (glm-body.ts reads it so).
  if (open === '<tool_call>' && p < text.length && text.charCodeAt(p) !== 60 /* < */) {
    const lt = text.indexOf('<', p);
    const nl = text.indexOf('\n', p);
    const headEnd = lt === -1 ? nl : nl === -1 ? lt : Math.min(lt, nl);
    if (headEnd === -1) return null;
    const glm = glmName(text.slice(p, headEnd));
    return glm === null ? null : { name: glm };
  }
  const tag = readTag(text, p);
  if (tag === null || tag.closing) return null;
  const raw =
    tag.local === 'function' ? (tag.eq ?? tag.name) : tag.local === 'invoke' ? (tag.name ?? tag.eq) : null;
  const name = raw === null ? '' : decodeName(raw);
  return name === '' ? null : { name };
}
