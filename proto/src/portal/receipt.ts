import { z } from 'zod';

/**
 * `evt.payments.receipt.created`: money received from a customer, once per completed payment whatever its path (pay
 * page, Stripe or PayPal, manual record, the portal's pay-several). A portal payment of several invoices is one
 * receipt with an allocation per invoice. Written by payments in the transaction that completes the money; billing
 * keeps receipts (PDF, the portal's list) and sends the `payment_received` e-mail for each.
 */
export const ReceiptEvents = { Created: 'evt.payments.receipt.created' } as const;
export const ReceiptAllocation = z.object({
  paymentId: z.number().int(),
  invoiceId: z.number().int(),
  invoiceNumber: z.string(),
  amount: z.string(),
});
export const ReceiptCreatedData = z.object({
  /** The receipt's id: the portal payment's id, or `p-<paymentId>` for a payment of one invoice. */
  id: z.string().min(1).max(64),
  customerId: z.number().int().nullable(),
  currency: z.string(),
  total: z.string(),
  paymentMethod: z.string(),
  paidAt: z.string(),
  allocations: z.array(ReceiptAllocation).min(1),
});
export type ReceiptCreatedData = z.infer<typeof ReceiptCreatedData>;

/** A receipt as the portal lists it (GET /api/portal/receipts). */
export const PortalReceipt = z.object({
  id: z.string(),
  receiptNumber: z.string(),
  currency: z.string(),
  total: z.string(),
  paymentMethod: z.string(),
  paidAt: z.string(),
  allocations: z.array(ReceiptAllocation),
});
export type PortalReceipt = z.infer<typeof PortalReceipt>;
