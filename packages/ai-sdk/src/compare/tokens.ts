// Special tokens whole, then tags, words, blank runs and single characters: close to what a
// tokenizer sends, so markers arrive split the way a server splits them.
const TOKEN =
  /<\|[^|<>\s]{1,40}\|>|<｜[^｜]{1,40}｜>|\[[A-Z_]{2,20}\]|<\/?[A-Za-z_][^<>\s]{0,30}>|\w+|\s+|[^\w\s]/gu;

/** `text` as a server streams it, one token per piece; the pieces add up to `text`. */
export function tokens(text: string): string[] {
  const out = text.match(TOKEN) ?? [];
  if (out.join('') !== text) throw new Error('tokens: the pieces do not add up to the text');
  return out;
}
