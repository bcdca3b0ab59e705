import { z } from 'zod';
import { CursorMode } from './common.ts';
import { Metadata, MetadataInput, withMetadataFilter } from './metadata.ts';
import { currencyMinorUnits, fromMills, fromScaled, toMills, toScaled } from './money.ts';
import { InvoiceStatus, IsoDate } from './invoice.ts';
import { defineRpc } from './rpc.ts';

/** Payments: one row per attempt; money as decimal strings. */
export const PaymentMethods = ['credit_card', 'bank_transfer', 'paypal', 'stripe', 'cash', 'check', 'other'] as const;
export type PaymentMethod = (typeof PaymentMethods)[number];
/**
 * pending → completed | failed | cancelled (refused before money was taken, or expired unused); completed → refunded.
 * `overpaid`: a processor took money the invoice had no room for (a late webhook of an old intent, a capture
 * completed meanwhile): never counted as paid, refunded through the same processor (`refundedAmount` says how much
 * went back yet). Only completed and refunded payments count towards an invoice's amount paid.
 */
export const PaymentStatuses = ['pending', 'completed', 'failed', 'refunded', 'cancelled', 'overpaid'] as const;
export type PaymentStatus = (typeof PaymentStatuses)[number];
/** What a signed-in user may record by hand from the invoice view. */
export const ManualPaymentMethods = ['cash', 'bank_transfer', 'check', 'other'] as const;

/**
 * A decimal amount in the currency's ISO 4217 minor units as an integer, as card processors count them (JPY "1500" →
 * 1500n, USD "12.34" → 1234n, KWD "1.01" → 1010n fils).
 */
export const toMinor = (amount: string, currency: string) => toScaled(amount, currencyMinorUnits(currency));
export const fromMinor = (minor: bigint, currency: string) => fromScaled(minor, currencyMinorUnits(currency));

/** The payment messages the pay page shows, word for word. */
export const PaymentMessages = {
  initFailed: 'Failed to initialize payment. Please try again.',
  failedTitle: 'Payment Failed',
  errorTitle: 'Payment Error',
  unexpected: 'An unexpected error occurred during payment processing.',
  paypalConfirmFailed: 'Failed to confirm PayPal payment.',
  paypalFailedTitle: 'PayPal Payment Failed',
  paypalFailed: 'There was an error processing your PayPal payment.',
  cancelled: 'Payment Cancelled',
  notFoundTitle: 'Invoice Not Found',
  notFound: "The invoice you're looking for doesn't exist or has been removed.",
  successTitle: 'Payment Successful!',
  alreadyPaid: 'Already Paid',
  demoMode: 'Demo mode',
} as const;

/** The demo processor's test cards (no keys configured): this one always declines, any other valid number succeeds. */
export const DEMO_DECLINE_CARD = '4000000000000002';
export const DEMO_SUCCESS_CARD = '4242424242424242';

/** An unguessable public invoice token (43 base64url characters), the id of the public pages. */
export const PublicToken = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'Invoice not found' });

/** How the pay page may take the money: configured providers, or the demo processor when none is. */
export const PaymentConfig = z.object({
  demoMode: z.boolean(),
  card: z.boolean(),
  paypal: z.boolean(),
  stripePublishableKey: z.string().nullable(),
  paypalClientId: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof PaymentConfig>;

/** GET /api/invoices/{token}/public (the public invoice, plus balance, seller and payment methods). */
export const PublicInvoice = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  status: InvoiceStatus,
  issueDate: z.string(),
  dueDate: z.string(),
  currency: z.string(),
  subtotal: z.string(),
  taxAmount: z.string(),
  discountAmount: z.string(),
  shippingAmount: z.string(),
  total: z.string(),
  amountPaid: z.string(),
  /** What is left to pay after payments, credit notes that reduce the balance or refund, and credit applied. */
  balanceDue: z.string(),
  /** The invoice's credit notes, summed ("0.00" without any). */
  creditedAmount: z.string().default('0.00'),
  /** The customer's credit applied to the invoice ("Credit applied"; "0.00" without any). */
  creditApplied: z.string().default('0.00'),
  notes: z.string().nullable(),
  customer: z.object({ name: z.string(), email: z.string().nullable(), address: z.string().nullable() }).nullable(),
  items: z.array(z.object({ description: z.string(), quantity: z.string(), unitPrice: z.string(), amount: z.string() })),
  seller: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
  /** White-label in effect: the page names the organization only, never the product. */
  whiteLabel: z.boolean().default(false),
  payment: PaymentConfig,
});
export type PublicInvoice = z.infer<typeof PublicInvoice>;

/** A positive decimal amount (≤ 3 places, the finest minor unit; the currency's own minor units are checked by the server). */
const Amount = z
  .union([z.string(), z.number()], { error: 'Amount must be a number' })
  .transform((v, ctx) => {
    const s = String(v).trim();
    if (!/^\d{1,13}(\.\d{1,3})?$/.test(s) || toMills(s) <= 0n) {
      ctx.addIssue({ code: 'custom', message: 'Amount must be a positive amount with at most 3 decimals' });
      return z.NEVER;
    }
    return fromMills(toMills(s));
  })
  .meta({
    description: 'An amount > 0 with at most 3 decimals, as text ("12.50") or number (the currency\'s own minor units are checked too).',
    anyOf: [
      { type: 'string', pattern: '^\\s*\\d{1,13}(\\.\\d{1,3})?\\s*$' },
      { type: 'number', exclusiveMinimum: 0, maximum: 9_999_999_999_999.99, multipleOf: 0.001 },
    ],
  });
const Currency = z
  .string({ error: 'Currency is required' })
  .regex(/^[A-Za-z]{3}$/, { error: 'Currency must be a 3-letter code' })
  .transform((c) => c.toUpperCase());
const ProviderId = (label: string) =>
  z.string({ error: `${label} is required` }).regex(/^[A-Za-z0-9_-]{1,100}$/, { error: `${label} is not valid` });

/** POST /api/create-payment-intent. `invoiceId` is the public token. */
export const CreatePaymentIntentBody = z.strictObject({ invoiceId: PublicToken, amount: Amount, currency: Currency });
export const PaymentIntentAnswer = z.object({ clientSecret: z.string(), paymentIntentId: z.string(), demoMode: z.boolean() });
export type PaymentIntentAnswer = z.infer<typeof PaymentIntentAnswer>;

/** POST /api/confirm-payment. `cardNumber` only in demo mode (the demo card form); refused otherwise. */
export const ConfirmPaymentBody = z.strictObject({
  paymentIntentId: ProviderId('Payment intent'),
  invoiceId: PublicToken,
  cardNumber: z
    .string()
    .regex(/^[0-9 ]{12,23}$/, { error: 'Card number is not valid' })
    .optional(),
});
/** The answer of every confirmation: the payment and where the invoice stands. */
export const PaymentConfirmation = z.object({
  success: z.boolean(),
  demoMode: z.boolean(),
  payment: z.object({ id: z.number().int(), amount: z.string(), currency: z.string(), status: z.enum(PaymentStatuses) }),
  invoice: z.object({ invoiceNumber: z.string(), total: z.string(), amountPaid: z.string(), balanceDue: z.string(), paid: z.boolean() }),
});
export type PaymentConfirmation = z.infer<typeof PaymentConfirmation>;

/** POST /api/paypal/order (intent CAPTURE). `invoiceId` (the token) is how the amount is checked. */
export const PaypalOrderBody = z.strictObject({
  invoiceId: PublicToken,
  amount: Amount,
  currency: Currency,
  intent: z.literal('CAPTURE', { error: 'Intent must be CAPTURE' }),
});
export const PaypalOrderParams = z.object({ orderId: ProviderId('Order') });
export const PaypalConfirmBody = z.strictObject({
  orderId: ProviderId('Order'),
  invoiceId: PublicToken,
  amount: Amount,
  currency: Currency,
});
export const PaypalSetup = z.object({ clientToken: z.string().nullable(), clientId: z.string().nullable(), demoMode: z.boolean() });

/** A payment as the signed-in API answers it. */
export const Payment = z.object({
  id: z.number().int(),
  invoiceId: z.number().int(),
  amount: z.string(),
  currency: z.string(),
  exchangeRate: z.string(),
  amountInBaseCurrency: z.string(),
  refundedAmount: z.string(),
  paymentDate: z.string(),
  paymentMethod: z.enum(PaymentMethods),
  paymentProcessor: z.string().nullable(),
  transactionId: z.string().nullable(),
  reference: z.string().nullable(),
  status: z.enum(PaymentStatuses),
  fees: z.string(),
  notes: z.string().nullable(),
  /** Absent on events written before metadata: read as none. */
  metadata: Metadata.default({}),
  createdAt: z.string(),
});
export type Payment = z.infer<typeof Payment>;

/** POST /api/payments: a payment received outside the pay page, recorded by a signed-in user. */
export const ManualPaymentBody = z.strictObject({
  invoiceId: z.coerce
    .number({ error: 'Invoice is required' })
    .int()
    .positive({ error: 'Invoice is required' })
    .meta({ type: ['integer', 'string'], description: "The invoice's id (a number, or its digits as text)." }),
  amount: Amount,
  paymentMethod: z.enum(ManualPaymentMethods, { error: `Payment method must be one of ${ManualPaymentMethods.join(', ')}` }),
  /** The day the money arrived: a real date, not in the future (a day of slack for time zones ahead of UTC). */
  paymentDate: IsoDate('Payment date must be a date')
    .refine((d) => d >= '2000-01-01' && d <= new Date(Date.now() + 86_400_000).toISOString().slice(0, 10), {
      error: 'Payment date must be between 2000-01-01 and today',
    })
    .optional(),
  reference: z.string().trim().max(200, { error: 'Reference must be at most 200 characters' }).nullish(),
  notes: z.string().trim().max(2000, { error: 'Notes must be at most 2000 characters' }).nullish(),
  /** Set once, with the payment (payments have no update). */
  metadata: MetadataInput.optional(),
});
export type ManualPaymentBody = z.input<typeof ManualPaymentBody>;
/** GET /api/payments?invoiceId=: one invoice's payments (the app), or every payment, newest first (the public API). */
export const PaymentListQuery = withMetadataFilter(
  z.object({
    invoiceId: z.coerce
      .number({ error: 'invoiceId must be a number' })
      .int()
      .positive({ error: 'invoiceId must be positive' })
      .max(Number.MAX_SAFE_INTEGER)
      .optional(),
    limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(500, 'limit must be at most 500').default(500),
    ...CursorMode,
  }),
);
export type PaymentListQuery = z.infer<typeof PaymentListQuery>;

/**
 * POST /api/payments/{id}/refund: gives back part or all of a completed payment (by default what is left of it). A
 * card or PayPal payment is refunded at its processor (idempotently), a manual one is recorded as given back.
 */
export const RefundBody = z.strictObject({
  amount: Amount.optional(),
  reason: z.string().trim().max(500, { error: 'Reason must be at most 500 characters' }).nullish(),
});
export type RefundBody = z.input<typeof RefundBody>;

export const PaymentEvents = {
  Completed: 'evt.payments.payment.completed',
  Failed: 'evt.payments.payment.failed',
  Refunded: 'evt.payments.payment.refunded',
} as const;
/**
 * Payload of every payment event: the payment with its invoice (billing applies it by payment id, idempotently).
 * `exchangeRate` is the rate of the payment's day; `invoiceExchangeRate` the invoice's when it was paid
 * (absent on older events): the ledger posts the realised exchange gain or loss between them.
 */
export const PaymentEventData = Payment.extend({ invoiceNumber: z.string(), invoiceExchangeRate: z.string().nullish() });
export type PaymentEventData = z.infer<typeof PaymentEventData>;

/** What payments needs of an invoice to take money for it (billing answers). */
export const PayableInvoice = z.object({
  tenantId: z.uuid(),
  invoiceId: z.number().int(),
  invoiceNumber: z.string(),
  status: InvoiceStatus,
  currency: z.string(),
  total: z.string(),
  /**
   * What payments may still collect on the invoice in all, counting what was already paid: total − credit notes that
   * reduce the balance or refund − customer credit applied. Payments hold completed payments (net of refunds) to it.
   */
  collectableTotal: z.string(),
  exchangeRate: z.string(),
  customerEmail: z.string().nullable(),
  /** The invoice's customer (the portal's pay-several checks it; receipts name it). Null from an older billing. */
  customerId: z.number().int().nullable().default(null),
});
export type PayableInvoice = z.infer<typeof PayableInvoice>;

/** { token } or { tenantId, invoiceId } → the invoice, or null (none, or not payable: a draft or cancelled one; see includeCancelled). */
export const BillingPayableRpc = defineRpc({
  subject: 'rpc.billing.invoice.payable',
  service: 'billing',
  request: z.union([
    z.object({ token: PublicToken }),
    /** `includeCancelled`: answer a cancelled invoice too (its status says so), for a refusal that names it (the portal). */
    z.object({ tenantId: z.uuid(), invoiceId: z.number().int().positive(), includeCancelled: z.boolean().optional() }),
  ]),
  response: PayableInvoice.nullable(),
});

/** {} → how the pay page may take money (payments answers; billing adds it to the public invoice). */
export const PaymentsConfigRpc = defineRpc({
  subject: 'rpc.payments.config.get',
  service: 'payments',
  request: z.object({}),
  response: PaymentConfig,
});

/** { tenantId, invoiceId } → the sum of completed payments minus refunds (payments' own ledger). */
export const PaymentsPaidRpc = defineRpc({
  subject: 'rpc.payments.invoice.paid',
  service: 'payments',
  request: z.object({ tenantId: z.uuid(), invoiceId: z.number().int().positive() }),
  response: z.object({ amountPaid: z.string() }),
});
