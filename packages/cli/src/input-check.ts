/**
 * What the bytes of an input were, beyond their text: invalid UTF-8 (which the decoder turns into
 * U+FFFD, silently) and NUL bytes (which no model writes; a binary file given by mistake does).
 * The library takes JavaScript strings and keeps every character as given, a lone surrogate or
 * U+0000 included (architecture/contract.md): only the CLI sees bytes, so the CLI reports them.
 */

export class InputCheck {
  private offset = 0;
  /** Continuation bytes still expected, and the range the next one must be in. */
  private need = 0;
  private lo = 0x80;
  private hi = 0xbf;
  private seqStart = 0;
  private invalid = 0;
  private firstInvalid = -1;
  private nuls = 0;
  private firstNul = -1;
  /** Offsets count bytes, or characters for input that came as text. */
  private unit = 'byte';

  /** Bytes, in order, across chunk boundaries. */
  bytes(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      const at = this.offset + i;
      if (this.need > 0) {
        if (b >= this.lo && b <= this.hi) {
          this.need--;
          this.lo = 0x80;
          this.hi = 0xbf;
          continue;
        }
        // A sequence cut short: it is one bad sequence, and this byte starts afresh (as in WHATWG).
        this.bad(this.seqStart);
        this.need = 0;
      }
      this.start(b, at);
    }
    this.offset += chunk.length;
  }

  /** Text that arrived already decoded (a test's stdin): only NUL can be seen in it. */
  text(chunk: string): void {
    this.unit = 'character';
    let i = chunk.indexOf('\u0000');
    while (i !== -1) {
      this.nul(this.offset + i);
      i = chunk.indexOf('\u0000', i + 1);
    }
    this.offset += chunk.length;
  }

  /** One message for everything found, or null when the input was clean. */
  end(): string | null {
    if (this.need > 0) {
      this.bad(this.seqStart);
      this.need = 0;
    }
    const parts: string[] = [];
    if (this.invalid > 0) {
      parts.push(
        `the input is not valid UTF-8: ${plural(this.invalid, 'byte sequence')} could not be decoded (the first at ${this.unit} ${this.firstInvalid}) and became U+FFFD`,
      );
    }
    if (this.nuls > 0) {
      parts.push(
        `the input holds ${plural(this.nuls, 'NUL byte')} (the first at ${this.unit} ${this.firstNul}), kept as U+0000`,
      );
    }
    if (parts.length === 0) return null;
    return `${parts.join('; ')}. Is it the model's text output, saved as UTF-8?`;
  }

  private start(b: number, at: number): void {
    if (b < 0x80) {
      if (b === 0) this.nul(at);
      return;
    }
    this.seqStart = at;
    this.lo = 0x80;
    this.hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) this.need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      this.need = 2;
      if (b === 0xe0) this.lo = 0xa0; // overlong
      if (b === 0xed) this.hi = 0x9f; // a surrogate
    } else if (b >= 0xf0 && b <= 0xf4) {
      this.need = 3;
      if (b === 0xf0) this.lo = 0x90; // overlong
      if (b === 0xf4) this.hi = 0x8f; // past U+10FFFF
    } else this.bad(at);
  }

  private bad(at: number): void {
    if (this.invalid++ === 0) this.firstInvalid = at;
  }

  private nul(at: number): void {
    if (this.nuls++ === 0) this.firstNul = at;
  }
}

function plural(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}
