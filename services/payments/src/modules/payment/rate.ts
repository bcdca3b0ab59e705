import { BillingExchangeRateRpc, roundRate, toScaled, type PayableInvoice } from '@billpoint/proto';
import { rpcCall, type ServiceContext } from '@billpoint/kit';

/**
 * The exchange rate a payment takes: the organization's rate in force on the payment's day (billing
 * answers; 1 in the base currency), rounded half-up to the payment's 6 places. Without one — none known that day, or
 * billing not answering — the invoice's own rate, so money is never refused for want of a rate (no gain or loss then).
 */
export async function paymentRate(ctx: ServiceContext, inv: PayableInvoice, day: string): Promise<string> {
  try {
    const { rate } = await rpcCall(
      ctx.bus,
      BillingExchangeRateRpc,
      { tenantId: inv.tenantId, currency: inv.currency, date: day },
      { timeoutMs: 3_000 },
    );
    if (rate === null) return inv.exchangeRate;
    const rounded = roundRate(rate, 6);
    return toScaled(rounded, 6) === 0n ? inv.exchangeRate : rounded;
  } catch (err) {
    ctx.logger.warn(
      { err, tenantId: inv.tenantId, invoiceId: inv.invoiceId },
      'no exchange rate for the payment day; the invoice rate is used',
    );
    return inv.exchangeRate;
  }
}
