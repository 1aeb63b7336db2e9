/**
 * Splits a model output into roughly the pieces a server streams: a special token
 * (`<|call|>`, `<｜tool▁sep｜>`, `[TOOL_CALLS]`) whole, a word of up to six letters with the one
 * space before it, and every other character alone — so markers arrive split as real servers
 * split them (`<tool_call>` as `<`, `tool_c`, `all`, `>`).
 */
const TOKEN = /<\|[^|<>\s]{1,30}\|>|<｜[^｜<>]{1,30}｜>|\[[A-Z_]{2,20}\]| ?[\p{L}\p{N}_]{1,6}|[\s\S]/gu;

export function tokenChunks(text: string): string[] {
  return text.match(TOKEN) ?? [];
}
