import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { CheckoutPaymentIntent } from '@paypal/paypal-server-sdk';
import { BillingPayableRpc, fromMills, fromMinor, toMills, toMinor, type PayableInvoice, type PortalPayment } from '@billpoint/proto';
import { BadGateway, NotFound, rpcCall, Unprocessable, type ServiceContext } from '@billpoint/kit';
import type { Paypal } from '../providers/paypal.ts';
import { collectable, paidMills, saveTotal } from '../payment/balance.ts';
import { toPortalPayment, updatePortalPayment, type Allocation, type PortalPaymentRow } from './portal-payment.sql.ts';

export interface PortalCaller {
  tenantId: string;
  customerId: number;
}

export interface Processors {
  stripe: Stripe | null;
  paypal: Paypal | null;
}

export const MIXED_CURRENCIES = 'Invoices in different currencies must be paid separately';

/**
 * The caller's invoices as billing answers them now, in the order asked: another customer's, a draft or an unknown
 * id is the same 404 as on every portal route (no hint that it exists).
 */
export async function callerInvoices(ctx: ServiceContext, caller: PortalCaller, ids: readonly number[]): Promise<PayableInvoice[]> {
  const invoices = await Promise.all(
    ids.map((invoiceId) =>
      rpcCall(ctx.bus, BillingPayableRpc, { tenantId: caller.tenantId, invoiceId, includeCancelled: true }, { timeoutMs: 5_000 }),
    ),
  );
  return invoices.map((inv) => {
    if (!inv || inv.customerId !== caller.customerId || inv.status === 'draft') throw new NotFound('Invoice not found');
    return inv;
  });
}

/**
 * POST /api/portal/payments: one payment for the balances of several of the caller's invoices, each invoice's balance
 * being what payments' own ledger says is left (never more). Refused (422, naming the invoice) when one is paid or
 * cancelled, or when their currencies differ. Through Stripe (one PaymentIntent for the total), PayPal (one order),
 * or the demo processor when Stripe is not configured.
 */
export async function openPortalPayment(
  ctx: ServiceContext,
  p: Processors,
  caller: PortalCaller,
  body: { invoiceIds: number[]; method: 'card' | 'paypal' },
): Promise<PortalPayment> {
  const invoices = await callerInvoices(ctx, caller, body.invoiceIds);
  for (const inv of invoices)
    if (inv.status === 'cancelled') throw new Unprocessable(`Invoice ${inv.invoiceNumber} was cancelled and cannot be paid`);
  if (new Set(invoices.map((i) => i.currency)).size > 1) throw new Unprocessable(MIXED_CURRENCIES);
  if (body.method === 'paypal' && !p.paypal) throw new NotFound('PayPal is not available');
  const processor = body.method === 'paypal' ? 'paypal' : p.stripe ? 'stripe' : 'demo';
  const currency = invoices[0]!.currency;
  const id = randomUUID();
  const row = await ctx.tx({ tenantId: caller.tenantId }, async (em) => {
    const allocations: Allocation[] = [];
    for (const inv of invoices) {
      await saveTotal(em, inv);
      const balance = toMills(collectable(inv)) - (await paidMills(em, caller.tenantId, inv.invoiceId));
      if (balance <= 0n) throw new Unprocessable(`Invoice ${inv.invoiceNumber} is already paid`);
      allocations.push({ invoiceId: inv.invoiceId, invoiceNumber: inv.invoiceNumber, amount: fromMills(balance) });
    }
    const total = fromMills(allocations.reduce((sum, a) => sum + toMills(a.amount), 0n));
    const [r] = await em.execute<PortalPaymentRow[]>(
      `insert into payments.portal_payments (id, tenant_id, customer_id, currency, total, method, processor, allocations)
       values (?, ?, ?, ?, ?, ?, ?, ?::jsonb) returning id::text as id, total::text as total, allocations`,
      [id, caller.tenantId, caller.customerId, currency, total, body.method, processor, JSON.stringify(allocations)],
    );
    return r!;
  });
  const label = row.allocations.map((a) => a.invoiceNumber).join(', ');
  try {
    if (processor === 'stripe') {
      const intent = await p.stripe!.paymentIntents.create(
        {
          amount: Number(toMinor(row.total, currency)),
          currency: currency.toLowerCase(),
          automatic_payment_methods: { enabled: true },
          description: `Invoices ${label}`.slice(0, 1000),
          metadata: { tenantId: caller.tenantId, portalPaymentId: id },
        },
        { idempotencyKey: `billpoint-portal-payment-${caller.tenantId}-${id}` },
      );
      const saved = await setTransaction(ctx, caller.tenantId, id, intent.id);
      return toPortalPayment(saved, intent.client_secret);
    }
    if (processor === 'paypal') {
      const { result } = await p.paypal!.orders.createOrder({
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              amount: { currencyCode: currency, value: fromMinor(toMinor(row.total, currency), currency) },
              customId: id,
              description: `Invoices ${label}`.slice(0, 127),
            },
          ],
        },
        paypalRequestId: `billpoint-portal-${caller.tenantId}-${id}`,
        prefer: 'return=minimal',
      });
      return toPortalPayment(await setTransaction(ctx, caller.tenantId, id, result.id!));
    }
  } catch (err) {
    ctx.logger.warn(
      { err: { message: (err as Error).message }, portalPaymentId: id },
      'opening the portal payment at the processor failed',
    );
    await ctx.tx({ tenantId: caller.tenantId }, (em) =>
      updatePortalPayment(em, caller.tenantId, id, `status = 'failed', failure_message = ?`, ['The payment could not be initialized']),
    );
    throw new BadGateway('Failed to initialize payment. Please try again.');
  }
  return toPortalPayment(await setTransaction(ctx, caller.tenantId, id, null));
}

const setTransaction = (ctx: ServiceContext, tenantId: string, id: string, transactionId: string | null) =>
  ctx.tx({ tenantId }, (em) => updatePortalPayment(em, tenantId, id, `transaction_id = coalesce(?, transaction_id)`, [transactionId]));
