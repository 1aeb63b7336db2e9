import { describe, expect, it } from 'vitest';
import { SpecialTokens } from './special-tokens.js';

const tokens = new SpecialTokens(['<|start|>assistant', '<|start|>', '<|end|>', '<|call|>']);

describe('SpecialTokens', () => {
  it('finds the first token at or after a position, the longest where one starts another', () => {
    expect(tokens.next('a <|x|> <|end|> <|call|>', 0)).toEqual({ at: 8, token: '<|end|>' });
    expect(tokens.next('a <|end|> <|call|>', 4)).toEqual({ at: 10, token: '<|call|>' });
    expect(tokens.next('<|<|start|>assistant', 0)).toEqual({ at: 2, token: '<|start|>assistant' });
    expect(tokens.next('no tokens <|', 0)).toBeNull();
  });

  it('cuts every token out of text, leaving what only looks like one', () => {
    expect(tokens.remove('a<|end|>b<|x|>c<|start|>assistant')).toBe('ab<|x|>c');
    expect(tokens.remove('plain')).toBe('plain');
  });

  it('tells a token the text ends inside of', () => {
    expect(tokens.partialAt('x <|ca', 2)).toBe(true);
    expect(tokens.partialAt('x <|cx', 2)).toBe(false);
    expect(tokens.at('<|call|>', 0)).toBe('<|call|>');
  });

  it('needs tokens that share a lead', () => {
    expect(() => new SpecialTokens(['<a>', '[b]'])).toThrow();
  });

  it('stays linear on many leads that are no token', () => {
    const text = '<|'.repeat(300_000);
    const t = Date.now();
    expect(tokens.next(text, 0)).toBeNull();
    expect(tokens.remove(text)).toBe(text);
    expect(Date.now() - t).toBeLessThan(2000);
  });
});
