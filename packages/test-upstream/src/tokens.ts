/**
 * Splits a model output into the pieces a server streams: roughly one token each. A special
 * token (`<|call|>`, `<｜tool▁sep｜>`, `[TOOL_CALLS]`) is one piece, a word keeps the space
 * before it, and every other character is a piece of its own — so markers arrive split the way
 * real servers split them (`<tool_call>` as `<`, `tool_c`, `all`, `>`).
 */
const SPECIAL_OPENERS: ReadonlyArray<[string, string]> = [
  ['<|', '|>'],
  ['<｜', '｜>'],
  ['[TOOL_', ']'],
];

const isWordChar = (c: number) =>
  (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c > 127;

export function splitTokens(text: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    const special = SPECIAL_OPENERS.find(([open]) => text.startsWith(open, i));
    if (special) {
      const close = text.indexOf(special[1], i + special[0].length);
      // A special token is short; a long run is not one.
      if (close !== -1 && close - i < 40) {
        out.push(text.slice(i, close + special[1].length));
        i = close + special[1].length;
        continue;
      }
    }
    // A word keeps the one space before it; anything else is a piece of its own.
    const lead =
      text.charCodeAt(i) === 32 && i + 1 < text.length && isWordChar(text.charCodeAt(i + 1)) ? 1 : 0;
    let k = i + lead;
    // Words longer than six letters are two tokens or more, as BPE splits them.
    while (k < text.length && isWordChar(text.charCodeAt(k)) && k - i - lead < 6) k++;
    if (k === i) k = i + 1;
    out.push(text.slice(i, k));
    i = k;
  }
  return out;
}
