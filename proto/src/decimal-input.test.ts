import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decimalExample, readDecimal } from './decimal-input.ts';

/** The locales of the app's languages, with the regional variants that write numbers differently. */
const LOCALES = ['en-US', 'en-GB', 'en-IN', 'de-DE', 'de-AT', 'de-CH', 'fr-FR', 'fr-CH', 'es-ES', 'it-IT', 'nl-NL', 'pt-BR', 'pl-PL'];

const read = (raw: string, locale: string, negative = false) => {
  const r = readDecimal(raw, locale, { negative });
  return r.ok ? r.value : r.code;
};

describe('readDecimal', () => {
  it.each([
    ['1.000,00', 'de-DE', '1000.00'],
    ['1000,00', 'de-DE', '1000.00'],
    ['1,5', 'de-DE', '1.5'],
    ['7,0', 'de-DE', '7.0'],
    ['1.000', 'de-DE', '1000'],
    ['1.234.567,89', 'de-DE', '1234567.89'],
    [',5', 'de-DE', '0.5'],
    ['1,000.00', 'en-US', '1000.00'],
    ['1000', 'en-US', '1000'],
    ['0007.50', 'en-US', '7.50'],
    ['1 000,00', 'fr-FR', '1000.00'],
    ['1\u202f000,00', 'fr-FR', '1000.00'],
    ['1\u00a0000,5', 'pl-PL', '1000.5'],
    ["1'000.50", 'de-CH', '1000.50'],
    ['1\u2019000.50', 'de-CH', '1000.50'],
    ['1,00,000.00', 'en-IN', '100000.00'],
    ['  12,30 ', 'nl-NL', '12.30'],
  ])('%s in %s reads %s', (raw, locale, want) => expect(read(raw, locale)).toBe(want));

  it.each([
    ['1.5', 'de-DE'],
    ['1000.50', 'de-DE'],
    ['1,000.50', 'de-DE'],
    ['1,5', 'en-US'],
    ['12,34', 'en-GB'],
    ['1.000,00', 'en-US'],
    ['1.000,00', 'fr-FR'],
    ['1000.5', 'fr-FR'],
    ['1.00.000', 'de-DE'],
  ])('%s in %s is ambiguous, never a silent reading', (raw, locale) => expect(read(raw, locale)).toBe('ambiguous'));

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['abc', 'format'],
    ['1e3', 'format'],
    ['-5', 'format'],
    ['+5', 'format'],
    ['12 €', 'format'],
    ['0x10', 'format'],
    [',', 'format'],
    ['1,2,3', 'ambiguous'],
  ])('%j is refused as %s in German', (raw, code) => expect(read(raw, 'de-DE')).toBe(code));

  it('takes a minus only where negatives are allowed', () => {
    expect(read('-1.000,50', 'de-DE', true)).toBe('-1000.50');
    expect(read('\u22121,5', 'de-DE', true)).toBe('-1.5');
    expect(read('-0,00', 'de-DE', true)).toBe('0.00');
    expect(read('-1,5', 'de-DE')).toBe('format');
  });

  it('shows how each locale writes an example', () => {
    expect(decimalExample('de-DE')).toBe('1.234,56');
    expect(decimalExample('en-US')).toBe('1,234.56');
    expect(decimalExample('en-US', 0)).toBe('1,234');
  });

  it('reads back every amount as every locale formats it, grouped or not (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 4 }),
        fc.boolean(),
        fc.boolean(),
        (locale, scaled, decimals, grouping, negative) => {
          const digits = scaled.toString().padStart(decimals + 1, '0');
          const exact = decimals ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
          const signed = negative && scaled > 0n ? `-${exact}` : exact;
          const typed = new Intl.NumberFormat(locale, {
            minimumFractionDigits: decimals,
            maximumFractionDigits: decimals,
            useGrouping: grouping ? 'always' : false,
          } as Intl.NumberFormatOptions).format(signed as Intl.StringNumericLiteral);
          expect(readDecimal(typed, locale, { negative: true })).toEqual({ ok: true, value: signed });
        },
      ),
      { numRuns: 2000 },
    );
  });
});
