import { z } from 'zod';
import { ManualPaymentMethods, type ManualPaymentBody } from '@billpoint/proto';
import { checkAmount, initialAmount } from '@/lib/payment-amount';
import { toIsoDate } from '@/lib/format';

export const MANUAL_METHOD_LABELS: Record<(typeof ManualPaymentMethods)[number], string> = {
  cash: 'Cash',
  bank_transfer: 'Bank transfer',
  check: 'Check',
  other: 'Other',
};

/** The Record payment form: the amount within the balance due (in the currency's minor units), how and when it came. */
export const recordPaymentSchema = (balanceDue: string, currency: string) =>
  z.object({
    amount: z.string().transform((value, ctx) => {
      const check = checkAmount(value, balanceDue, currency);
      if (check.ok) return check.amount;
      ctx.addIssue({ code: 'custom', message: check.message });
      return z.NEVER;
    }),
    paymentMethod: z.enum(ManualPaymentMethods, { error: 'Choose how the payment was made' }),
    paymentDate: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter the date the payment was received'),
    reference: z.string().trim().max(200, 'Reference must be at most 200 characters'),
    notes: z.string().trim().max(2000, 'Notes must be at most 2000 characters'),
  });
export type RecordPaymentInput = z.input<ReturnType<typeof recordPaymentSchema>>;
export type RecordPaymentOutput = z.output<ReturnType<typeof recordPaymentSchema>>;
export const RECORD_PAYMENT_FIELDS = ['amount', 'paymentMethod', 'paymentDate', 'reference', 'notes'] as const;

/** A new form: the whole balance, by bank transfer (how invoices are mostly paid), received today. */
export const recordPaymentDefaults = (balanceDue: string, currency: string, today = new Date()): RecordPaymentInput => ({
  amount: initialAmount(balanceDue, currency),
  paymentMethod: 'bank_transfer',
  paymentDate: toIsoDate(today),
  reference: '',
  notes: '',
});

export const toManualPaymentBody = (invoiceId: number, v: RecordPaymentOutput): ManualPaymentBody => ({
  invoiceId,
  amount: v.amount,
  paymentMethod: v.paymentMethod,
  paymentDate: v.paymentDate,
  reference: v.reference || null,
  notes: v.notes || null,
});
