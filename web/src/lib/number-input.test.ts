import { describe, expect, it } from 'vitest';
import { TaxRateBody } from '@billpoint/proto';
import { checkNumber, localNumbers, numberForInput } from './number-input';

const rate = {
  name: 'VAT',
  jurisdiction: 'DE',
  rate: '7,0',
  type: 'vat',
  isActive: true,
  startDate: '2026-01-01',
  endDate: '',
  description: '',
  taxNumber: '',
  category: '',
  exemptionReason: '',
  exemptionReasonCode: '',
};

describe('typed numbers', () => {
  it('reads each locale, and names the field when it cannot', () => {
    expect(checkNumber('7,0', 'Rate', { locale: 'de-DE' })).toEqual({ ok: true, value: '7.0' });
    expect(checkNumber('1.000,50', 'Price', { locale: 'de-DE' })).toEqual({ ok: true, value: '1000.50' });
    expect(checkNumber('1,000.50', 'Price', { locale: 'en-US' })).toEqual({ ok: true, value: '1000.50' });
    expect(checkNumber('1.5', 'Price', { locale: 'de-DE' })).toEqual({
      ok: false,
      message: 'Price: "1.5" could be read two ways. Write it like 1.234,56',
    });
    expect(checkNumber('viel', 'Price', { locale: 'de-DE' })).toEqual({ ok: false, message: 'Price must be a number, like 1.234,56' });
    expect(checkNumber('1,234', 'Price', { locale: 'de-DE', decimals: 2 })).toEqual({
      ok: false,
      message: 'Price: use at most 2 decimals',
    });
    expect(checkNumber('', 'Price', { locale: 'de-DE' })).toEqual({ ok: false, message: 'Enter price' });
  });

  it('fills a field the way its reader writes numbers', () => {
    expect(numberForInput('1000.5', 2, 'de-DE')).toBe('1000,50');
    expect(numberForInput('7.00', undefined, 'de-DE')).toBe('7,00');
    expect(numberForInput('1.0850', undefined, 'en-US')).toBe('1.0850');
    expect(numberForInput(null)).toBe('');
  });

  it("saves a tax rate typed '7,0' in German as 7.00 %, and keeps the server's own rule for the field", () => {
    const de = localNumbers(TaxRateBody, { rate: { label: 'Rate', locale: 'de-DE' } });
    const ok = de.safeParse(rate);
    expect(ok.success && ok.data.rate).toBe('7.00');
    const ambiguous = de.safeParse({ ...rate, rate: '7.5' });
    expect(ambiguous.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['rate', 'Rate: "7.5" could be read two ways. Write it like 1.234,56'],
    ]);
    const tooHigh = de.safeParse({ ...rate, rate: '170,5', name: '' });
    expect(tooHigh.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['name', 'rate']);
  });
});
