/**
 * Kimi's call id is the function reference: `functions.NAME:IDX`, IDX counting the calls of the
 * conversation (MoonshotAI `docs/tool_call_guidance.md`). The name is read out of the id, and the
 * id is kept as written (architecture/semantics.md, guarantee 6).
 *
 * Names may hold dots, colons and dashes (`functions.mcp.files:read_file:3`): only a leading
 * `functions.` and a trailing `:DIGITS` are taken off, never a split at the first dot or colon.
 */
import { DIGIT0, DIGIT9, fnv1a, isTokenWord } from '@toolformat/core/kit';

const PREFIX = 'functions.';

/** Longer than any id a model writes; a longer "id" is text that happens to precede the arguments. */
export const MAX_ID = 512;

function isDigits(text: string, from: number): boolean {
  if (from >= text.length) return false;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < DIGIT0 || c > DIGIT9) return false;
  }
  return true;
}

/**
 * True when `id` can be a call id at all: one word (no blanks or control characters), none of the
 * characters that start JSON or markup, and not too long.
 */
export function isIdText(id: string): boolean {
  return isTokenWord(id, MAX_ID);
}

/** The id without a leading `functions.`. */
export function withoutPrefix(id: string): string {
  return id.startsWith(PREFIX) ? id.slice(PREFIX.length) : id;
}

/**
 * `functions.NAME:IDX` (or `NAME:IDX`, as vLLM's tests write it) → its parts; null when the id does
 * not end in `:DIGITS` or names nothing.
 */
export function parseCallId(id: string): { name: string; index: string } | null {
  if (!isIdText(id)) return null;
  const rest = withoutPrefix(id);
  const colon = rest.lastIndexOf(':');
  if (colon <= 0 || !isDigits(rest, colon + 1)) return null;
  return { name: rest.slice(0, colon), index: rest.slice(colon + 1) };
}

/** An id of nothing but digits: the bare call counter some K2 outputs write (vLLM's tests). */
export function isBareCounter(id: string): boolean {
  return isDigits(id, 0);
}

/**
 * The id as the templates write it for a call of `name`: kept when it already is `functions.NAME:IDX`
 * for this name (`NAME:IDX` gains the prefix); otherwise `functions.NAME:N`, N a stable number
 * derived from the id. The templates need the name inside the id — the model reads which function a
 * result answers from it — and a call and its result must get the same id, so an OpenAI-style
 * `call_8f3a…` maps to the same `functions.NAME:N` wherever it is written. (The llama.cpp templates
 * renumber from a conversation counter instead, which a single turn cannot know.)
 */
export function toKimiId(id: string, name: string): string {
  const parsed = parseCallId(id);
  if (parsed !== null && parsed.name === name) return `${PREFIX}${name}:${parsed.index}`;
  return `${PREFIX}${name}:${stableIndex(id)}`;
}

/** FNV-1a of the id, reduced to at most five digits: short, like the counters the model was trained on. */
function stableIndex(id: string): number {
  return fnv1a(id) % 100_000;
}
