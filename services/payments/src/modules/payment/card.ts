import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import {
  BillingPayableRpc,
  DEMO_DECLINE_CARD,
  toMinor,
  type PayableInvoice,
  type PaymentConfirmation,
  type PaymentIntentAnswer,
} from '@billpoint/proto';
import { AppError, BadGateway, Invalid, NotFound, rpcCall, type ServiceContext } from '@billpoint/kit';
import { standing, toPaymentAnswer } from './balance.ts';
import type { Ledger } from './ledger.ts';
import { toPayment, type PaymentRow } from './payment.sql.ts';

/** 402: the processor declined; the pay page shows 'Payment Failed' with this message. */
export class PaymentDeclined extends AppError {
  constructor(message: string) {
    super(402, message);
  }
}

const notFound = () => new NotFound('Invoice not found');

/**
 * The invoice behind a public token, or the same 404 for every other case (no hint of other tenants). `hostTenant`:
 * the tenant whose custom domain the request came by (HOST_TENANT_HEADER): another tenant's token is unknown there.
 */
export async function payableByToken(ctx: ServiceContext, token: string, hostTenant?: string | null): Promise<PayableInvoice> {
  const inv = await rpcCall(ctx.bus, BillingPayableRpc, { token }, { timeoutMs: 5_000 });
  if (!inv || (hostTenant && inv.tenantId !== hostTenant)) throw notFound();
  return inv;
}

/** Luhn's check digit: the demo card form refuses numbers a real form would refuse. */
const luhn = (digits: string) =>
  [...digits].reverse().reduce((sum, ch, i) => {
    const d = Number(ch) * (i % 2 ? 2 : 1);
    return sum + (d > 9 ? d - 9 : d);
  }, 0) %
    10 ===
  0;

/** The demo card form's number, checked as a real form would (400 naming `cardNumber`); DEMO_DECLINE_CARD declines. */
export function demoCardDigits(cardNumber: string | undefined): string {
  const digits = (cardNumber ?? '').replace(/ /g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) throw new Invalid('Card number is not valid', 'cardNumber');
  return digits;
}

/**
 * Card payments on the pay page: through Stripe when it is configured, else through the demo processor (intents
 * recorded the same way; a test card form; one number always declines). The server decides what may be charged.
 */
export class CardPayments {
  readonly #ctx: ServiceContext;
  readonly #stripe: Stripe | null;
  readonly #ledger: Ledger;
  constructor(ctx: ServiceContext, stripe: Stripe | null, ledger: Ledger) {
    this.#ctx = ctx;
    this.#stripe = stripe;
    this.#ledger = ledger;
  }

  get demoMode() {
    return this.#stripe == null;
  }

  async createIntent(token: string, amount: string, currency: string, hostTenant?: string | null): Promise<PaymentIntentAnswer> {
    const inv = await payableByToken(this.#ctx, token, hostTenant);
    const processor = this.#stripe ? 'stripe' : 'demo';
    const demoId = `demo_pi_${randomBytes(12).toString('hex')}`;
    const row = await this.#ledger.open(
      inv,
      { amount, method: 'credit_card', processor, transactionId: this.#stripe ? null : demoId },
      currency,
    );
    if (!this.#stripe)
      return { clientSecret: `${demoId}_secret_${randomBytes(12).toString('hex')}`, paymentIntentId: demoId, demoMode: true };
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.#stripe.paymentIntents.create(
        {
          amount: Number(toMinor(amount, inv.currency)),
          currency: inv.currency.toLowerCase(),
          automatic_payment_methods: { enabled: true },
          description: `Invoice ${inv.invoiceNumber}`,
          metadata: { tenantId: inv.tenantId, invoiceId: String(inv.invoiceId), paymentId: row.id },
        },
        // One attempt, one intent: a retried call (the SDK's or ours) gets the same intent back.
        { idempotencyKey: `billpoint-payment-${inv.tenantId}-${row.id}` },
      );
    } catch (err) {
      this.#ctx.logger.warn({ err, paymentId: row.id }, 'creating the Stripe payment intent failed');
      await this.#ledger.fail(inv.tenantId, { id: Number(row.id) }, 'The payment could not be initialized');
      throw new BadGateway('Failed to initialize payment. Please try again.');
    }
    await this.#ledger.setTransaction(inv.tenantId, Number(row.id), intent.id);
    return { clientSecret: intent.client_secret!, paymentIntentId: intent.id, demoMode: false };
  }

  /**
   * Records the payment only once the processor says it succeeded with the amount, currency and metadata of the
   * attempt. Safe to call any number of times, before or after the webhook: one payment.
   */
  async confirm(token: string, paymentIntentId: string, cardNumber?: string, hostTenant?: string | null): Promise<PaymentConfirmation> {
    const inv = await payableByToken(this.#ctx, token, hostTenant);
    const processor = this.#stripe ? 'stripe' : 'demo';
    if (this.#stripe && cardNumber !== undefined) throw new Invalid('A card number is only taken in demo mode', 'cardNumber');
    const row = await this.#ctx.tx({ tenantId: inv.tenantId }, (em) =>
      this.#ledger.find(em, inv.tenantId, { processor, transactionId: paymentIntentId }),
    );
    if (!row || Number(row.invoice_id) !== inv.invoiceId) throw new NotFound('Payment not found');
    const result = this.#stripe ? await this.#confirmStripe(inv, row, paymentIntentId) : await this.#confirmDemo(inv, row, cardNumber);
    return {
      success: result.status === 'completed' || result.status === 'refunded',
      demoMode: !this.#stripe,
      payment: toPaymentAnswer(toPayment(result)),
      invoice: await standing(this.#ctx, inv),
    };
  }

  async #confirmDemo(inv: PayableInvoice, row: PaymentRow, cardNumber?: string): Promise<PaymentRow> {
    if (row.status !== 'pending') return row;
    const digits = demoCardDigits(cardNumber);
    const key = { id: Number(row.id) };
    if (digits === DEMO_DECLINE_CARD) {
      await this.#ledger.fail(inv.tenantId, key, 'Your card was declined.');
      throw new PaymentDeclined('Your card was declined.');
    }
    // Nothing is taken before the balance is re-checked: an attempt that no longer fits is cancelled and refused.
    const done = await this.#ledger.complete(inv.tenantId, key, { taken: false, inv, extra: { demo: true, last4: digits.slice(-4) } });
    return done!.row;
  }

  async #confirmStripe(inv: PayableInvoice, row: PaymentRow, id: string): Promise<PaymentRow> {
    if (row.status !== 'pending' && row.status !== 'cancelled') return row; // an expired attempt may still have been paid
    let intent: Stripe.PaymentIntent;
    try {
      intent = await this.#stripe!.paymentIntents.retrieve(id);
    } catch (err) {
      this.#ctx.logger.warn({ err, id }, 'retrieving the Stripe payment intent failed');
      throw new BadGateway('The payment could not be confirmed with the card processor. Please try again.');
    }
    const applied = await applyIntent(this.#ledger, inv.tenantId, intent, inv);
    if (applied.declined) throw new PaymentDeclined(applied.declined);
    return applied.row ?? row;
  }
}

/** Whether a PaymentIntent is the attempt `row` (amount, currency and our metadata all match). */
export function intentMatches(row: PaymentRow, tenantId: string, intent: Stripe.PaymentIntent): boolean {
  return (
    intent.id === row.transaction_id &&
    BigInt(intent.amount) === toMinor(row.amount, row.currency) &&
    intent.currency === row.currency.toLowerCase() &&
    intent.metadata?.paymentId === row.id &&
    intent.metadata?.tenantId === tenantId
  );
}

/**
 * Applies a PaymentIntent as Stripe reports it (confirmation or webhook): succeeded and matching → completed if it
 * fits the balance, else an overpayment refunded through Stripe (the money is already taken); failed → failed with
 * Stripe's message; anything that does not match the attempt changes nothing (logged).
 */
export async function applyIntent(
  ledger: Ledger,
  tenantId: string,
  intent: Stripe.PaymentIntent,
  inv?: PayableInvoice,
): Promise<{ row: PaymentRow | null; declined?: string }> {
  const key = { processor: 'stripe', transactionId: intent.id };
  if (intent.status === 'succeeded') {
    const done = await ledger.complete(tenantId, key, {
      taken: true,
      inv,
      verify: (row) => {
        if (!intentMatches(row, tenantId, intent)) throw new Invalid('The payment does not match this invoice', 'paymentIntentId');
      },
    });
    return { row: done?.row ?? null };
  }
  if (intent.last_payment_error && (intent.status === 'requires_payment_method' || intent.status === 'canceled')) {
    const message = intent.last_payment_error.message ?? 'The card was declined.';
    const failed = await ledger.fail(tenantId, key, message);
    return { row: failed?.row ?? null, declined: message };
  }
  return { row: null };
}
