import { describe, expect, it } from 'vitest';
import { ToolFormatConfigError } from '../errors.js';
import { defineVariants, type FormatVariant } from './define-variants.js';

const row: FormatVariant = { prompt: () => 'p', stops: ['<end>'], calls: () => 'c', result: () => 'r' };
const VARIANTS = defineVariants('acme', 'plain', { plain: row, fancy: { ...row, stops: ['<done>'] } });

describe('defineVariants', () => {
  it('names the default variant by the family and the others family:variant', () => {
    expect(VARIANTS.ids).toEqual(['plain', 'fancy']);
    expect(VARIANTS.handlerId('plain')).toBe('acme');
    expect(VARIANTS.handlerId('fancy')).toBe('acme:fancy');
  });

  it('resolves a variant to its id and row', () => {
    const { variant, id, def } = VARIANTS.resolve('fancy');
    expect([variant, id, def.stops]).toEqual(['fancy', 'acme:fancy', ['<done>']]);
  });

  it('rejects an unknown variant with the ones that exist', () => {
    expect(() => VARIANTS.resolve('fancee')).toThrow(
      "format acme: unknown variant 'fancee'; known variants: plain, fancy.",
    );
    try {
      VARIANTS.resolve('fancee');
    } catch (error) {
      expect(error).toBeInstanceOf(ToolFormatConfigError);
      expect((error as ToolFormatConfigError).details).toEqual({
        key: 'variant',
        allowed: ['plain', 'fancy'],
      });
    }
  });

  it('does not take inherited names for variants', () => {
    expect(VARIANTS.isVariant('toString')).toBe(false);
    expect(() => VARIANTS.resolve('__proto__')).toThrow(ToolFormatConfigError);
  });
});
