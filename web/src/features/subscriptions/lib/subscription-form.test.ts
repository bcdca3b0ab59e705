import { describe, expect, it } from 'vitest';
import { RecurringMessages } from '@billpoint/proto';
import { ApiError } from '@/lib/api-client';
import { makeSubscription, UNTAXED } from '@/testing/factories';
import {
  createDefaults,
  figures,
  fromSubscription,
  invoiceCount,
  preview,
  schedulePreview,
  serverIssues,
  toBody,
  toFormPath,
  validate,
  type SubscriptionFormValues,
} from './subscription-form';

const valid = (overrides: Partial<SubscriptionFormValues> = {}): SubscriptionFormValues => ({
  ...createDefaults('2025-03-15'),
  name: 'Hosting',
  customerId: '7',
  items: [{ description: 'Server', quantity: '1', unitPrice: '49.90' }],
  ...overrides,
});

describe('subscription form values', () => {
  it('starts with one empty item of quantity 1, today, monthly, USD and no auto-send', () => {
    expect(createDefaults('2025-03-15')).toEqual({
      name: '',
      customerId: '',
      frequency: 'monthly',
      startDate: '2025-03-15',
      endDate: '',
      currency: 'USD',
      autoSend: false,
      notes: '',
      items: [{ description: '', quantity: '1', unitPrice: '', productId: null, taxRateId: null, taxRate: null, taxRateName: null }],
    });
  });

  it('computes amounts exactly and totals only the rows that are saved', () => {
    const { amounts, total } = figures([
      { description: 'A', quantity: '3', unitPrice: '33.33' },
      { description: 'B', quantity: '1', unitPrice: '0.10' },
      { description: 'C', quantity: '1', unitPrice: '0.20' },
      { description: ' ', quantity: '2', unitPrice: '500' },
      { description: 'D', quantity: '1.', unitPrice: 'abc' },
    ]);
    expect(amounts).toEqual(['99.99', '0.10', '0.20', '1000.00', '0.00']);
    expect(total).toBe('100.29');
  });

  it('builds the body: blank rows dropped, amounts, total, end date null, next date = start date', () => {
    const body = toBody(
      valid({
        items: [
          { description: '', quantity: '1', unitPrice: '' },
          { description: 'Support', quantity: '2.5', unitPrice: '40' },
        ],
        notes: 'Thanks',
      }),
    );
    expect(body).toEqual({
      name: 'Hosting',
      customerId: 7,
      frequency: 'monthly',
      startDate: '2025-03-15',
      endDate: null,
      currency: 'USD',
      autoSend: false,
      notes: 'Thanks',
      items: [{ description: 'Support', quantity: '2.5', unitPrice: '40', amount: '100.00' }],
      total: '100.00',
      nextInvoiceDate: '2025-03-15',
    });
  });

  it('prefills the edit form from a stored schedule', () => {
    const values = fromSubscription(
      makeSubscription({
        customerId: 3,
        endDate: null,
        notes: null,
        items: [{ id: 1, productId: null, description: 'Hours', quantity: '2.50', unitPrice: '40.00', amount: '100.00', ...UNTAXED }],
      }),
    );
    expect(values.customerId).toBe('3');
    expect(values.endDate).toBe('');
    expect(values.notes).toBe('');
    expect(values.items).toEqual([
      { description: 'Hours', quantity: '2.5', unitPrice: '40.00', productId: null, taxRateId: null, taxRate: null, taxRateName: null },
    ]);
  });
});

describe('validation with RecurringBody', () => {
  it('accepts a complete form', () => {
    expect(validate(valid())).toEqual([]);
  });

  it("shows the spec's messages under the fields", () => {
    const issues = validate({ ...createDefaults(''), items: [{ description: '', quantity: '1', unitPrice: '' }] });
    const byField = Object.fromEntries(issues.map((i) => [i.name, i.message]));
    expect(byField).toMatchObject({
      name: RecurringMessages.nameRequired,
      customerId: RecurringMessages.customerRequired,
      startDate: RecurringMessages.startDateRequired,
      items: RecurringMessages.itemsRequired,
      'items.0.description': RecurringMessages.descriptionRequired,
    });
  });

  it('puts a row problem on the row the user sees, skipping dropped blank rows', () => {
    const issues = validate(
      valid({
        items: [
          { description: '', quantity: '', unitPrice: '' },
          { description: 'Licence', quantity: '0.5', unitPrice: '-1' },
        ],
      }),
    );
    expect(issues).toEqual([
      { name: 'items.1.quantity', message: 'Quantity must be at least 1' },
      { name: 'items.1.unitPrice', message: 'Unit price must be positive' },
    ]);
  });

  it('rejects an end date before the start date', () => {
    expect(validate(valid({ endDate: '2025-03-01' }))).toEqual([{ name: 'endDate', message: RecurringMessages.endBeforeStart }]);
  });

  it("maps a 400's issues onto the form's rows", () => {
    const values = valid({
      items: [
        { description: '', quantity: '1', unitPrice: '' },
        { description: 'Licence', quantity: '1', unitPrice: '10' },
      ],
    });
    const body = JSON.stringify({
      statusCode: 400,
      error: 'Bad Request',
      message: 'Invalid',
      issues: [
        { path: 'items.0.quantity', message: 'Quantity must be at least 1' },
        { path: 'endDate', message: 'End date must be a date' },
        { path: 'tenantId', message: 'not a form field' },
      ],
    });
    expect(serverIssues(new ApiError(400, 'Bad Request', body), values)).toEqual([
      { name: 'items.1.quantity', message: 'Quantity must be at least 1' },
      { name: 'endDate', message: 'End date must be a date' },
    ]);
    expect(toFormPath('items.5.description', [0, 2])).toBe('items');
  });
});

describe('preview', () => {
  it('shows the next date one period after the start, anchored, with month ends clamped', () => {
    expect(preview({ startDate: '2025-01-31', endDate: '', frequency: 'monthly' }, '2025-01-01')?.nextDate).toBe('2025-02-28');
    expect(preview({ startDate: '2024-01-31', endDate: '', frequency: 'monthly' }, '2024-01-01')?.nextDate).toBe('2024-02-29');
    expect(preview({ startDate: '2025-03-15', endDate: '', frequency: 'weekly' }, '2025-01-01')?.nextDate).toBe('2025-03-22');
    expect(preview({ startDate: '2025-11-30', endDate: '', frequency: 'quarterly' }, '2025-01-01')?.nextDate).toBe('2026-02-28');
    expect(preview({ startDate: '2024-02-29', endDate: '', frequency: 'annually' }, '2024-01-01')?.nextDate).toBe('2025-02-28');
  });

  it('has no next date after the end date, and nothing without a start date', () => {
    expect(preview({ startDate: '2025-03-15', endDate: '2025-04-01', frequency: 'monthly' }, '2025-01-01')?.nextDate).toBeNull();
    expect(preview({ startDate: '', endDate: '', frequency: 'monthly' }, '2025-01-01')).toBeNull();
  });

  it('counts the invoices due at once when the start date has come', () => {
    const today = '2025-03-15';
    expect(preview({ startDate: '2025-03-16', endDate: '', frequency: 'monthly' }, today)?.dueNow).toBe(0);
    expect(preview({ startDate: today, endDate: '', frequency: 'monthly' }, today)?.dueNow).toBe(1);
    expect(preview({ startDate: '2025-01-31', endDate: '', frequency: 'monthly' }, today)?.dueNow).toBe(2);
    expect(preview({ startDate: '2025-01-01', endDate: '', frequency: 'weekly' }, today)?.dueNow).toBe(11);
    expect(preview({ startDate: '2025-01-01', endDate: '2025-01-20', frequency: 'weekly' }, today)?.dueNow).toBe(3);
  });

  it('says "1 invoice" and "2 invoices"', () => {
    expect(invoiceCount(1)).toBe('1 invoice');
    expect(invoiceCount(2)).toBe('2 invoices');
    expect(invoiceCount(0)).toBe('0 invoices');
  });

  it("on an edited schedule that has generated invoices, shows the server's next date: none while paused or past the end", () => {
    const values = { startDate: '2024-11-30', endDate: '', frequency: 'quarterly' as const };
    const stored = { totalInvoicesGenerated: 2, nextInvoiceDate: '2025-05-30', isActive: true };
    expect(schedulePreview(values, '2025-03-01', stored)).toEqual({ generated: 2, firstDate: null, nextDate: '2025-05-30', dueNow: 0 });
    expect(schedulePreview({ ...values, endDate: '2025-05-01' }, '2025-03-01', stored).nextDate).toBeNull();
    expect(schedulePreview(values, '2025-03-01', { ...stored, isActive: false }).nextDate).toBeNull();
  });

  it('on an edited schedule that has generated nothing, previews as a new one; no catch-up while paused', () => {
    const values = { startDate: '2025-01-31', endDate: '', frequency: 'monthly' as const };
    const stored = { totalInvoicesGenerated: 0, nextInvoiceDate: '2025-01-31', isActive: true };
    expect(schedulePreview(values, '2025-03-15', stored)).toEqual({
      generated: 0,
      firstDate: '2025-01-31',
      nextDate: '2025-02-28',
      dueNow: 2,
    });
    expect(schedulePreview(values, '2025-03-15', { ...stored, isActive: false }).dueNow).toBe(0);
    expect(schedulePreview(values, '2025-03-15')).toEqual({ generated: null, firstDate: '2025-01-31', nextDate: '2025-02-28', dueNow: 2 });
  });
});
