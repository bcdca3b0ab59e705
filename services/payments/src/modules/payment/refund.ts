import type Stripe from 'stripe';
import {
  currencyDecimals,
  fromMills,
  roundMills,
  fromMinor,
  PaymentEvents,
  toMills,
  toMinor,
  type Payment,
  type RefundBody,
} from '@billpoint/proto';
import { addEvent, BadGateway, Conflict, Invalid, NotFound, type EntityManager, type Identity, type ServiceContext } from '@billpoint/kit';
import type { z } from 'zod';
import type { Paypal } from '../providers/paypal.ts';
import { lockInvoice } from './balance.ts';
import type { Ledger } from './ledger.ts';
import { PAYMENT_COLUMNS, toEventData, toPayment, type PaymentRow } from './payment.sql.ts';

export type RefundInput = z.output<typeof RefundBody>;

/**
 * One key per refund step of a payment: the refunded amount before it. A retry of a refund whose record was lost
 * (the processor refunded, the commit failed) is the same refund at the processor, never a second one; a retry with
 * another amount is refused there rather than refunding twice.
 */
export const refundKey = (tenantId: string, row: PaymentRow) => `billpoint-refund-${tenantId}-${row.id}-${toMills(row.refunded_amount)}`;

/**
 * Refunds of completed payments (the public API's POST /api/payments/:id/refund): part or all of what is left of
 * the payment, given back at its processor (Stripe, PayPal) or recorded as given back (a manual or demo payment).
 * Serialized per invoice under the ledger's advisory lock: the payment is re-read there, so two refunds of one
 * payment never give back more than it took; the processor is asked inside that transaction, and the refund is
 * recorded (and announced through the outbox) only once it answered yes — a refusal writes nothing.
 */
export class Refunds {
  readonly #ctx: ServiceContext;
  readonly #ledger: Ledger;
  readonly #stripe: Stripe | null;
  readonly #paypal: Paypal | null;
  constructor(ctx: ServiceContext, ledger: Ledger, stripe: Stripe | null, paypal: Paypal | null) {
    this.#ctx = ctx;
    this.#ledger = ledger;
    this.#stripe = stripe;
    this.#paypal = paypal;
  }

  async refund(id: Identity, paymentId: number, input: RefundInput): Promise<Payment> {
    const [first] = await this.#ctx.reader.query<{ invoice_id: string }>(
      id.tenantId,
      `select invoice_id::text as invoice_id from payments.payments where id = $1 and tenant_id = $2`,
      [paymentId, id.tenantId],
    );
    if (!first) throw new NotFound('Payment not found');
    return this.#ctx.tx(id, async (em) => {
      await lockInvoice(em, id.tenantId, first.invoice_id);
      const row = await this.#ledger.find(em, id.tenantId, { id: paymentId }, true);
      if (!row) throw new NotFound('Payment not found');
      if (row.status !== 'completed')
        throw new Conflict(
          row.status === 'refunded'
            ? 'This payment has already been refunded in full'
            : `Only a completed payment can be refunded; this one is ${row.status}`,
          'resource_state_invalid',
        );
      const left = toMills(row.amount) - toMills(row.refunded_amount);
      const cents = input.amount === undefined ? left : toMills(input.amount);
      const decimals = currencyDecimals(row.currency);
      if (roundMills(cents, decimals) !== cents)
        throw new Invalid(`${row.currency} amounts have ${decimals === 0 ? 'no decimals' : `${decimals} decimals`}`, 'amount');
      if (cents > left)
        throw new Invalid(`Amount cannot be more than what is left to refund (${fromMills(left)} ${row.currency})`, 'amount');
      const r = await this.giveBack(em, id.tenantId, row, cents, {
        reason: input.reason ?? null,
        key: refundKey(id.tenantId, row),
        actorId: id.userId,
      });
      return toPayment(r);
    });
  }

  /**
   * One refund step, inside the caller's transaction (which holds the invoice's lock and the payment row's): gives
   * `cents` of `row` back through its processor under `key` (a retry with the same key is the same refund there), then
   * records it and announces payment.refunded through the outbox. The processor's refusal throws (502) before
   * anything is written. The caller checked that `cents` is at most what is left of the payment.
   */
  async giveBack(
    em: EntityManager,
    tenantId: string,
    row: PaymentRow,
    cents: bigint,
    o: { reason: string | null; key: string; actorId?: string | null; metadata?: Record<string, string> },
  ): Promise<PaymentRow> {
    await this.#atProcessor(tenantId, row, fromMills(cents), o);
    const [r] = await em.execute<PaymentRow[]>(
      `update payments.payments p set refunded_amount = refunded_amount + ?::numeric,
         status = case when refunded_amount + ?::numeric >= amount then 'refunded' else status end, updated_at = now()
       where p.id = ? and p.tenant_id = ? returning ${PAYMENT_COLUMNS}`,
      [fromMills(cents), fromMills(cents), row.id, tenantId],
    );
    addEvent(em, { subject: PaymentEvents.Refunded, tenantId, actorId: o.actorId ?? null, data: toEventData(r!) });
    this.#ctx.logger.info({ tenantId, paymentId: row.id, amount: fromMills(cents) }, 'a payment was refunded');
    return r!;
  }

  /** Gives `amount` back through the processor that took it (idempotently); a manual or demo payment took nothing there. */
  async #atProcessor(
    tenantId: string,
    row: PaymentRow,
    amount: string,
    { reason, key, metadata: extra }: { reason: string | null; key: string; metadata?: Record<string, string> },
  ): Promise<void> {
    const processor = row.payment_processor;
    try {
      if (processor === 'stripe') {
        if (!this.#stripe || !row.transaction_id) throw new Error('Stripe is not configured or the payment intent is unknown');
        await this.#stripe.refunds.create(
          {
            payment_intent: row.transaction_id,
            amount: Number(toMinor(amount, row.currency)),
            metadata: { tenantId, paymentId: row.id, reason: 'refund', ...extra },
          },
          { idempotencyKey: key },
        );
        return;
      }
      if (processor === 'paypal') {
        const captureId = typeof row.metadata.captureId === 'string' ? row.metadata.captureId : null;
        if (!this.#paypal || !captureId) throw new Error('PayPal is not configured or the capture is unknown');
        await this.#paypal.payments.refundCapturedPayment({
          captureId,
          paypalRequestId: key,
          prefer: 'return=minimal',
          body: {
            amount: { currencyCode: row.currency, value: fromMinor(toMinor(amount, row.currency), row.currency) },
            ...(reason ? { noteToPayer: reason } : {}),
          },
        });
        return;
      }
    } catch (err) {
      this.#ctx.logger.error({ err, tenantId, paymentId: row.id, processor }, 'refunding a payment at its processor failed');
      throw new BadGateway(
        'The payment processor did not confirm the refund, so it was not recorded. Please try again: a retry never refunds twice.',
      );
    }
    if (processor !== 'manual' && processor !== 'demo')
      throw new Conflict(`Payments through ${processor ?? 'no processor'} cannot be refunded here`, 'resource_state_invalid');
  }
}
