import { CheckoutPaymentIntent, type Order } from '@paypal/paypal-server-sdk';
import { fromMinor, toMinor, type PaymentConfirmation } from '@billpoint/proto';
import { BadGateway, Invalid, NotFound, type ServiceContext } from '@billpoint/kit';
import type { Paypal } from '../providers/paypal.ts';
import { payableByToken, PaymentDeclined } from './card.ts';
import { standing, toPaymentAnswer } from './balance.ts';
import type { Ledger } from './ledger.ts';
import { toPayment, type PaymentRow } from './payment.sql.ts';

const unavailable = () => new NotFound('PayPal is not available');

/** What of a PayPal SDK error may be logged: its status and PayPal's answer, never the request (it holds the bearer token). */
const safe = (err: unknown) => {
  const e = err as { message?: string; statusCode?: number; result?: unknown };
  return { message: e.message, statusCode: e.statusCode, result: e.result };
};

/** The capture of an order whose single purchase unit is our attempt `row`, when PayPal says it completed. */
function completedCapture(order: Order, row: PaymentRow) {
  const unit = order.purchaseUnits?.[0];
  const capture = unit?.payments?.captures?.find((c) => c.status === 'COMPLETED');
  if (order.status !== 'COMPLETED' || !unit || !capture?.amount) return null;
  const matches =
    unit.customId === row.id &&
    capture.amount.currencyCode === row.currency &&
    toMinor(capture.amount.value, row.currency) === toMinor(row.amount, row.currency);
  return matches ? capture : null;
}

/**
 * PayPal orders (intent CAPTURE): an order per attempt, its amount checked against the balance like a card
 * payment; capture on the payer's approval; the payment is recorded only after PayPal's own answer for the order
 * says it was captured for the attempt's amount and currency — once, however often it is confirmed.
 */
export class PaypalPayments {
  readonly #ctx: ServiceContext;
  readonly #paypal: Paypal | null;
  readonly #ledger: Ledger;
  constructor(ctx: ServiceContext, paypal: Paypal | null, ledger: Ledger) {
    this.#ctx = ctx;
    this.#paypal = paypal;
    this.#ledger = ledger;
  }

  async setup() {
    if (!this.#paypal) throw unavailable();
    try {
      return { clientToken: await this.#paypal.clientToken(), clientId: this.#paypal.clientId, demoMode: false };
    } catch (err) {
      this.#ctx.logger.warn({ paypal: safe(err) }, 'PayPal client token failed');
      throw new BadGateway('Failed to initialize payment. Please try again.');
    }
  }

  async createOrder(token: string, amount: string, currency: string, hostTenant?: string | null): Promise<{ id: string }> {
    if (!this.#paypal) throw unavailable();
    const inv = await payableByToken(this.#ctx, token, hostTenant);
    const row = await this.#ledger.open(inv, { amount, method: 'paypal', processor: 'paypal' }, currency);
    try {
      const { result } = await this.#paypal.orders.createOrder({
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              amount: { currencyCode: inv.currency, value: fromMinor(toMinor(amount, inv.currency), inv.currency) },
              customId: row.id,
              description: `Invoice ${inv.invoiceNumber}`,
            },
          ],
        },
        paypalRequestId: `billpoint-${inv.tenantId}-${row.id}`,
        prefer: 'return=minimal',
      });
      await this.#ledger.setTransaction(inv.tenantId, Number(row.id), result.id!);
      return { id: result.id! };
    } catch (err) {
      this.#ctx.logger.warn({ paypal: safe(err), paymentId: row.id }, 'creating the PayPal order failed');
      await this.#ledger.fail(inv.tenantId, { id: Number(row.id) }, 'The PayPal order could not be created');
      throw new BadGateway('Failed to initialize payment. Please try again.');
    }
  }

  /**
   * Captures an order of ours (an id we never created is a 404: nothing is sent to PayPal). The balance is checked
   * first: an attempt that no longer fits is cancelled and refused (409 / 400 naming `amount`), never captured.
   */
  async capture(orderId: string, hostTenant?: string | null): Promise<Order> {
    if (!this.#paypal) throw unavailable();
    const tenantId = await this.#ledger.tenantOf('paypal', orderId);
    if (!tenantId || (hostTenant && tenantId !== hostTenant)) throw new NotFound('Order not found');
    await this.#ledger.admit(tenantId, { processor: 'paypal', transactionId: orderId });
    try {
      const { result } = await this.#paypal.orders.captureOrder({ id: orderId, prefer: 'return=representation' });
      return result;
    } catch (err) {
      this.#ctx.logger.warn({ paypal: safe(err), orderId }, 'capturing the PayPal order failed');
      throw new PaymentDeclined('There was an error processing your PayPal payment.');
    }
  }

  async confirm(
    orderId: string,
    token: string,
    amount: string,
    currency: string,
    hostTenant?: string | null,
  ): Promise<PaymentConfirmation> {
    if (!this.#paypal) throw unavailable();
    const inv = await payableByToken(this.#ctx, token, hostTenant);
    const row = await this.#ctx.tx({ tenantId: inv.tenantId }, (em) =>
      this.#ledger.find(em, inv.tenantId, { processor: 'paypal', transactionId: orderId }),
    );
    if (!row || Number(row.invoice_id) !== inv.invoiceId) throw new NotFound('Payment not found');
    if (currency !== row.currency) throw new Invalid(`Currency must be ${row.currency}`, 'currency');
    if (toMinor(amount, row.currency) !== toMinor(row.amount, row.currency)) throw new Invalid(`Amount must be ${row.amount}`, 'amount');
    let final = row;
    if (row.status === 'pending' || row.status === 'cancelled') {
      let order: Order;
      try {
        order = (await this.#paypal.orders.getOrder({ id: orderId })).result;
      } catch (err) {
        this.#ctx.logger.warn({ paypal: safe(err), orderId }, 'reading the PayPal order failed');
        throw new BadGateway('Failed to confirm PayPal payment.');
      }
      const capture = completedCapture(order, row);
      if (!capture) throw new PaymentDeclined('Failed to confirm PayPal payment.');
      // PayPal holds the money now: what no longer fits the balance becomes an overpayment, refunded.
      const done = await this.#ledger.complete(
        inv.tenantId,
        { processor: 'paypal', transactionId: orderId },
        {
          taken: true,
          inv,
          extra: { captureId: capture.id },
        },
      );
      final = done?.row ?? row;
    }
    return {
      success: final.status === 'completed' || final.status === 'refunded',
      demoMode: false,
      payment: toPaymentAnswer(toPayment(final)),
      invoice: await standing(this.#ctx, inv),
    };
  }
}
