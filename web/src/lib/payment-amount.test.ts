import { describe, expect, it } from 'vitest';
import { checkAmount, initialAmount, isPartlyPaid, isSettled } from './payment-amount';

describe('pay amount', () => {
  it('accepts an amount up to the balance, normalized to the currency decimals', () => {
    expect(checkAmount('50', '120.00', 'USD')).toEqual({ ok: true, amount: '50.00' });
    expect(checkAmount(' 1,234.5 ', '2000.00', 'USD')).toEqual({ ok: true, amount: '1234.50' });
    expect(checkAmount('120.00', '120.00', 'USD')).toEqual({ ok: true, amount: '120.00' });
    expect(checkAmount('.5', '1.00', 'EUR')).toEqual({ ok: true, amount: '0.50' });
    expect(checkAmount('1500', '1500.00', 'JPY')).toEqual({ ok: true, amount: '1500' });
    expect(checkAmount('1500.00', '1500.00', 'JPY')).toEqual({ ok: true, amount: '1500' });
  });

  it('refuses empty, non-numeric, zero, negative and over-balance amounts', () => {
    expect(checkAmount('', '10.00', 'USD')).toEqual({ ok: false, message: 'Enter an amount' });
    expect(checkAmount('ten', '10.00', 'USD')).toEqual({ ok: false, message: 'Enter the amount as a number, like 25.00' });
    expect(checkAmount('-5', '10.00', 'USD')).toEqual({ ok: false, message: 'Enter the amount as a number, like 25.00' });
    expect(checkAmount('0.00', '10.00', 'USD')).toEqual({ ok: false, message: 'Amount must be greater than 0' });
    expect(checkAmount('10.01', '10.00', 'USD')).toEqual({
      ok: false,
      message: 'Amount cannot be more than the balance due ($10.00)',
    });
  });

  it("refuses more decimals than the currency's minor units", () => {
    expect(checkAmount('1.234', '10.00', 'USD')).toEqual({ ok: false, message: 'Use at most 2 decimals' });
    expect(checkAmount('10.5', '1500.00', 'JPY')).toEqual({ ok: false, message: 'JPY amounts have no decimals' });
  });

  it('reads the amount as a German reader writes it, and refuses what could be read two ways', () => {
    expect(checkAmount('1.000,00', '5000.00', 'EUR', 'de-DE')).toEqual({ ok: true, amount: '1000.00' });
    expect(checkAmount('1000,00', '5000.00', 'EUR', 'de-DE')).toEqual({ ok: true, amount: '1000.00' });
    expect(checkAmount('1,5', '5000.00', 'EUR', 'de-DE')).toEqual({ ok: true, amount: '1.50' });
    expect(checkAmount('1.5', '5000.00', 'EUR', 'de-DE')).toEqual({
      ok: false,
      message: '"1.5" could be read two ways. Enter the amount like 1.234,56',
    });
    expect(checkAmount('1,5', '5000.00', 'USD', 'en-US')).toEqual({
      ok: false,
      message: '"1,5" could be read two ways. Enter the amount like 1,234.56',
    });
    expect(checkAmount('zehn', '10.00', 'EUR', 'de-DE')).toEqual({ ok: false, message: 'Enter the amount as a number, like 25,00' });
    expect(initialAmount('1000.5', 'EUR', 'de-DE')).toBe('1000,50');
  });

  it('starts from the balance due in the currency decimals, and tells settled and partly paid invoices', () => {
    expect(initialAmount('80.50', 'USD')).toBe('80.50');
    expect(initialAmount('1500.00', 'JPY')).toBe('1500');
    expect(isSettled({ status: 'paid', balanceDue: '10.00' })).toBe(true);
    expect(isSettled({ status: 'sent', balanceDue: '0.00' })).toBe(true);
    expect(isSettled({ status: 'overdue', balanceDue: '0.01' })).toBe(false);
    expect(isPartlyPaid({ amountPaid: '10.00', balanceDue: '5.00' })).toBe(true);
    expect(isPartlyPaid({ amountPaid: '0.00', balanceDue: '5.00' })).toBe(false);
    expect(isPartlyPaid({ amountPaid: '5.00', balanceDue: '0.00' })).toBe(false);
  });
});
