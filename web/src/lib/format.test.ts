import { afterEach, describe, expect, it } from 'vitest';
import { formatCount, formatLongDate, formatMoney, formatPercent, formatShortDate, localeOf, plural, setFormatDefaults } from './format';

afterEach(() => setFormatDefaults({ currency: 'USD', locale: 'en-US' }));

describe('formats in the organization’s currency and locale', () => {
  it('writes en-US dollars and the spec’s date patterns until the organization is known', () => {
    expect(formatMoney('1748.00')).toBe('$1,748.00');
    expect(formatMoney('1234567890123.45', 'EUR')).toBe('€1,234,567,890,123.45');
    expect(formatPercent(12.5, { signed: true })).toBe('+12.5%');
    expect(formatPercent(-4)).toBe('-4.0%');
    expect(formatShortDate('2026-12-25')).toBe('Dec 25, 2026');
    expect(formatLongDate('2026-01-05')).toBe('January 5, 2026');
    expect(plural(1, 'pending invoice')).toBe('1 pending invoice');
    expect(plural(1234, 'invoice')).toBe('1,234 invoices');
  });

  it('follows the organization: its default currency for amounts without one, its language’s locale for everything', () => {
    setFormatDefaults({ currency: 'EUR', locale: localeOf('de') });
    expect(formatMoney('1748.00')).toBe('1.748,00\u00a0€');
    expect(formatMoney('1748.00', 'USD')).toBe('1.748,00\u00a0$');
    expect(formatPercent(12.5, { signed: true })).toBe('+12,5\u00a0%');
    expect(formatCount(1234)).toBe('1.234');
    expect(formatShortDate('2026-12-25')).toBe('25. Dez. 2026');
    expect(formatLongDate('2026-01-05')).toBe('5. Januar 2026');
  });

  it('maps the settings’ languages to locales, en-US for anything else', () => {
    expect(['en', 'es', 'fr', 'de', 'it', 'pt', 'xx', null].map(localeOf)).toEqual([
      'en-US',
      'es-ES',
      'fr-FR',
      'de-DE',
      'it-IT',
      'pt-PT',
      'en-US',
      'en-US',
    ]);
  });
});
