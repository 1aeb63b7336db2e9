/**
 * A model's special tokens (`<|end|>`, `<|call|>`, `<|start|>` …) found in text by the lead they
 * share (`<|`): one `indexOf` of the lead per candidate, each candidate looked at once, and the
 * token there told by a MarkerSet lookup. Used where a format reads its tokens inside a block's
 * body (where a message ends, which tokens strayed into text).
 */
import { MarkerSet } from './marker-set.js';

// Called directly, never as `text.charCodeAt`: see architecture/stream-engine.md, "Reading code units".
const charCodeAt = String.prototype.charCodeAt;

export interface TokenAt {
  at: number;
  token: string;
}

/** The longest prefix every token starts with. */
function sharedLead(tokens: readonly string[]): string {
  let lead = tokens[0] ?? '';
  for (const t of tokens) {
    let k = 0;
    while (k < lead.length && k < t.length && charCodeAt.call(lead, k) === charCodeAt.call(t, k)) k++;
    lead = lead.slice(0, k);
  }
  return lead;
}

export class SpecialTokens {
  private readonly set: MarkerSet<string>;
  /** What every token starts with (`<|`): the only text searched for. */
  private readonly lead: string;

  /** `tokens` must share a non-empty lead; where one starts another, the longest wins. */
  constructor(readonly tokens: readonly string[]) {
    this.lead = sharedLead(tokens);
    if (this.lead === '') throw new Error('SpecialTokens: the tokens share no lead');
    this.set = new MarkerSet(tokens.map((t) => [t, t] as const));
  }

  /** The token that starts at `pos`, or null. */
  at(text: string, pos: number): string | null {
    const m = this.set.matchAt(text, pos, true);
    return m === null || m === 'partial' ? null : m.marker;
  }

  /** The text ends at `pos` inside what may still become one of the tokens. */
  partialAt(text: string, pos: number): boolean {
    return this.set.matchAt(text, pos) === 'partial';
  }

  /** The first token at or after `from`, or null. */
  next(text: string, from: number): TokenAt | null {
    const lead = this.lead;
    for (let i = text.indexOf(lead, from); i !== -1; i = text.indexOf(lead, i + lead.length)) {
      const token = this.at(text, i);
      if (token !== null) return { at: i, token };
    }
    return null;
  }

  /** `text` with every token cut out. */
  remove(text: string): string {
    const lead = this.lead;
    let i = text.indexOf(lead);
    if (i === -1) return text;
    let out = '';
    let last = 0;
    while (i !== -1) {
      const token = this.at(text, i);
      if (token === null) {
        i = text.indexOf(lead, i + lead.length);
        continue;
      }
      out += text.slice(last, i);
      last = i + token.length;
      i = text.indexOf(lead, last);
    }
    return out + text.slice(last);
  }
}
