import { capturePaypalOrder, confirmPaypalPayment, createPaypalOrder } from '../api/pay-api';
import { isAlreadyPaidAnswer, notify } from './notices';
import type { PayContext } from './pay-context';

/**
 * PayPal: an order is created for the amount, captured once the payer approves it, then confirmed with
 * the server. The amount of each order is kept, so the confirmation names what was captured even if the field
 * changed meanwhile.
 */
export function paypalFlow(ctx: () => PayContext) {
  const amounts = new Map<string, string>();
  return {
    async createOrder(): Promise<string> {
      const { invoice, amount } = ctx();
      if (!amount) throw new Error('No valid amount to pay');
      const { id } = await createPaypalOrder({ invoiceId: invoice.id, amount, currency: invoice.currency, intent: 'CAPTURE' });
      amounts.set(id, amount);
      return id;
    },
    async approve(orderId: string): Promise<void> {
      const c = ctx();
      const amount = amounts.get(orderId) ?? c.amount;
      try {
        await capturePaypalOrder(orderId);
      } catch (error) {
        if (isAlreadyPaidAnswer(error)) c.onAlreadyPaid();
        else notify.paypalFailed();
        return;
      }
      try {
        c.onPaid(await confirmPaypalPayment({ orderId, invoiceId: c.invoice.id, amount: amount ?? '', currency: c.invoice.currency }));
      } catch {
        notify.paypalConfirmFailed();
      }
    },
  };
}
