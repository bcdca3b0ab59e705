import { describe, expect, it } from 'vitest';
import { CreditNoteCreateBody } from './input.ts';

const paths = (v: unknown) => {
  const r = CreditNoteCreateBody.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('CreditNoteCreateBody', () => {
  const base = { invoiceId: '7', reason: '  Damaged goods  ', resolution: 'credit' };

  it('takes exactly one of items or amount, and normalizes what it takes', () => {
    expect(CreditNoteCreateBody.parse({ ...base, amount: 12.5 })).toEqual({
      invoiceId: 7,
      reason: 'Damaged goods',
      resolution: 'credit',
      amount: '12.50',
    });
    expect(
      CreditNoteCreateBody.parse({ ...base, items: [{ invoiceItemId: 3, description: 'Box', quantity: '1', rate: '4' }] }).items,
    ).toEqual([{ invoiceItemId: 3, description: 'Box', quantity: '1.00', rate: '4.00' }]);
    expect(paths({ ...base })).toEqual([['items', 'Give either the lines to credit (items) or an amount']]);
    expect(paths({ ...base, amount: '1', items: [{ description: 'Box', quantity: '1', rate: '1' }] })).toEqual([
      ['amount', 'Give either items or amount, not both'],
    ]);
  });

  it('names the field of every refusal', () => {
    expect(paths({ ...base, reason: '', amount: '1' })).toEqual([['reason', 'Reason is required']]);
    expect(paths({ ...base, resolution: 'cash', amount: '1' })).toEqual([
      ['resolution', 'Resolution must be one of reduce_balance, refund, credit'],
    ]);
    expect(paths({ ...base, amount: '0' })).toEqual([['amount', 'Amount must be a positive amount with at most 3 decimals']]);
    expect(paths({ ...base, items: [] })).toEqual([['items', 'At least one item is required']]);
    expect(paths({ ...base, items: [{ description: 'Box', quantity: '1', rate: '1', invoiceItemId: -1 }] })[0]?.[0]).toBe(
      'items.0.invoiceItemId',
    );
    expect(paths({ ...base, invoiceId: 'x', amount: '1' })).toEqual([['invoiceId', 'Invoice is required']]);
    expect(paths({ ...base, amount: '1', extra: true })[0]?.[0]).toBe('');
  });
});
