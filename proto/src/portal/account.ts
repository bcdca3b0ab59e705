import { z } from 'zod';
import { InvoiceStatus } from '../invoice/status.ts';
import { IsoDate } from '../invoice/input.ts';
import { PaymentStatuses } from '../payments.ts';

/**
 * What a customer signed in to the portal reads and pays. Every route answers only the signed-in
 * customer's documents of the signed-in tenant: an id of another customer's invoice is a 404, never a 403.
 */

/** One of the customer's issued invoices (never a draft). Amounts are decimal strings. */
export const PortalInvoice = z.object({
  id: z.number().int(),
  invoiceNumber: z.string(),
  status: InvoiceStatus,
  issueDate: z.string(),
  dueDate: z.string(),
  currency: z.string(),
  total: z.string(),
  amountPaid: z.string(),
  balanceDue: z.string(),
  /** The public pay page's token (the portal links to the pay page of one invoice). */
  publicToken: z.string(),
});
export type PortalInvoice = z.infer<typeof PortalInvoice>;

export const PortalInvoiceFilters = ['all', 'open', 'overdue', 'paid'] as const;
/** GET /api/portal/invoices?status=&search=: `open` = a balance is due (sent, viewed, overdue). */
export const PortalInvoicesQuery = z.strictObject({
  status: z.enum(PortalInvoiceFilters, { error: `Status must be one of ${PortalInvoiceFilters.join(', ')}` }).default('all'),
  search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
});
/** The list with what the customer owes, per currency (an organization may invoice one customer in several). */
export const PortalInvoiceList = z.object({
  invoices: z.array(PortalInvoice),
  totals: z.array(z.object({ currency: z.string(), outstanding: z.string(), overdue: z.string(), paid: z.string() })),
});
export type PortalInvoiceList = z.infer<typeof PortalInvoiceList>;

/** GET /api/portal/statement.pdf?from=&to=&currency=: both dates required, from ≤ to, at most 5 years apart. */
export const PortalStatementQuery = z
  .strictObject({
    from: IsoDate('From must be a date (YYYY-MM-DD)'),
    to: IsoDate('To must be a date (YYYY-MM-DD)'),
    currency: z
      .string()
      .regex(/^[A-Za-z]{3}$/, { error: 'Currency must be a 3-letter code' })
      .transform((c) => c.toUpperCase())
      .optional(),
  })
  .refine((q) => q.from <= q.to, { error: 'From must be on or before To', path: ['from'] });

/** POST /api/portal/payments: one payment for the balances of several of the customer's open invoices. */
export const PortalPaymentBody = z.strictObject({
  invoiceIds: z
    .array(z.number({ error: 'Invoice ids must be numbers' }).int().positive(), { error: 'Invoice ids are required' })
    .min(1, 'Choose at least one invoice')
    .max(50, 'At most 50 invoices can be paid at once')
    .refine((ids) => new Set(ids).size === ids.length, { error: 'An invoice is listed twice' }),
  method: z.enum(['card', 'paypal'], { error: 'Method must be card or paypal' }).default('card'),
});
/** The opened payment: what it covers and how to complete it (Stripe's client secret or a PayPal order, or demo). */
export const PortalPayment = z.object({
  id: z.string(),
  status: z.enum(['pending', 'completed', 'failed', 'cancelled']),
  currency: z.string(),
  total: z.string(),
  demoMode: z.boolean(),
  clientSecret: z.string().nullable(),
  paypalOrderId: z.string().nullable(),
  allocations: z.array(z.object({ invoiceId: z.number().int(), invoiceNumber: z.string(), amount: z.string() })),
});
export type PortalPayment = z.infer<typeof PortalPayment>;
/** POST /api/portal/payments/{id}/confirm: demo mode takes the demo card form's number, as the pay page does. */
export const PortalPaymentConfirmBody = z.strictObject({
  cardNumber: z
    .string()
    .regex(/^[0-9 ]{12,23}$/, { error: 'Card number is not valid' })
    .optional(),
});
export const PortalPaymentParams = z.object({ id: z.uuid({ error: 'Payment id is not valid' }) });
export const PortalPaymentConfirmation = z.object({
  success: z.boolean(),
  demoMode: z.boolean(),
  payment: PortalPayment,
  paymentStatuses: z.array(z.object({ invoiceId: z.number().int(), paymentId: z.number().int(), status: z.enum(PaymentStatuses) })),
});
export type PortalPaymentConfirmation = z.infer<typeof PortalPaymentConfirmation>;
