/**
 * Configuration errors: the only errors toolformat throws (architecture/semantics.md, guarantee 9). Each names
 * what was asked, where, and what is allowed, so the message alone says what to do.
 */
export class ToolFormatConfigError extends Error {
  override readonly name = 'ToolFormatConfigError';
  constructor(
    message: string,
    readonly details: { file?: string; line?: number; key?: string; allowed?: readonly string[] } = {},
  ) {
    super(message);
  }
}

/** `a, b or c` — for messages that list what is allowed. */
export function listWords(words: readonly string[], limit = 40): string {
  const shown = words.slice(0, limit).map((w) => `'${w}'`);
  const more = words.length > limit ? ` (and ${words.length - limit} more)` : '';
  if (shown.length <= 1) return (shown[0] ?? '(none)') + more;
  return `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}${more}`;
}
