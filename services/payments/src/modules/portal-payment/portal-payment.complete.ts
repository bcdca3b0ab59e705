import { BillingPayableRpc, fromMills, PaymentEvents, toMills, type PayableInvoice } from '@billpoint/proto';
import { addEvent, Conflict, rpcCall, type EntityManager, type ServiceContext } from '@billpoint/kit';
import { lockInvoice, paidMills, saveTotal, storedTotal } from '../payment/balance.ts';
import { insertPayment, toEventData, type PaymentRow } from '../payment/payment.sql.ts';
import { paymentRate } from '../payment/rate.ts';
import { announceReceipt } from '../payment/receipt.ts';
import { findPortalPayment, updatePortalPayment, type Allocation, type PortalPaymentRow } from './portal-payment.sql.ts';

export interface PortalCompletion {
  /** Whether the processor already holds the money (a succeeded intent, a PayPal capture) — see Ledger's Completion. */
  taken: boolean;
  /** Sees the locked row first; throw to refuse (nothing changes). */
  verify?: (row: PortalPaymentRow) => void;
  /** Merged into the portal payment's metadata. */
  extra?: Record<string, unknown>;
}

export interface PortalCompleted {
  row: PortalPaymentRow;
  payments: PaymentRow[];
  /** Money taken beyond the balances (taken only), to give back through the processor. */
  excess: bigint;
}

/**
 * pending → completed, once, in ONE transaction: every invoice's lock (ascending id, so two payments covering the
 * same invoices never deadlock), each balance re-checked under its lock (never above it: migration 0003's trigger
 * holds it too), one completed payment per invoice with its `evt.payments.payment.completed`, and one
 * `evt.payments.receipt.created` with an allocation per invoice. When a balance fell meanwhile: nothing taken yet →
 * cancelled and refused (409 naming the invoice), nothing written but that; taken → what fits is applied and the
 * excess is left to refund. Whoever comes second (a webhook after the confirmation, a retry) changes nothing.
 */
export async function completePortalPayment(
  ctx: ServiceContext,
  tenantId: string,
  id: string,
  c: PortalCompletion,
): Promise<PortalCompleted | null> {
  const first = await ctx.tx({ tenantId }, (em) => findPortalPayment(em, tenantId, id));
  if (!first) return null;
  if (!open(first, c.taken)) return { row: first, payments: [], excess: 0n };
  const allocations = [...first.allocations].sort((a, b) => a.invoiceId - b.invoiceId);
  // Billing's answers and the day's rates, asked before the transaction (no network call under the locks).
  const invoices = new Map<number, PayableInvoice | null>();
  const rates = new Map<number, string>();
  const today = new Date().toISOString().slice(0, 10);
  for (const a of allocations) {
    const inv = await rpcCall(ctx.bus, BillingPayableRpc, { tenantId, invoiceId: a.invoiceId }, { timeoutMs: 5_000 });
    invoices.set(a.invoiceId, inv);
    if (inv) rates.set(a.invoiceId, await paymentRate(ctx, inv, today));
  }
  const done = await ctx.tx({ tenantId }, async (em) => {
    for (const a of allocations) await lockInvoice(em, tenantId, a.invoiceId);
    const row = await findPortalPayment(em, tenantId, id, { lock: true });
    if (!row || !open(row, c.taken)) return { row: row!, payments: [], excess: 0n };
    c.verify?.(row);
    const fits: { a: Allocation; cents: bigint }[] = [];
    const short: Allocation[] = [];
    for (const a of allocations) {
      const balance = await balanceOf(em, tenantId, a, invoices.get(a.invoiceId) ?? null);
      const cents = toMills(a.amount) <= balance ? toMills(a.amount) : balance > 0n ? balance : 0n;
      if (cents < toMills(a.amount)) short.push(a);
      if (cents > 0n) fits.push({ a, cents });
    }
    if (short.length && !c.taken) {
      const message = `Invoice ${short[0]!.invoiceNumber} no longer has ${short[0]!.amount} ${row.currency} to pay. Nothing was charged.`;
      const cancelled = await updatePortalPayment(em, tenantId, id, `status = 'cancelled', failure_message = ?`, [message]);
      return { row: cancelled, payments: [], excess: 0n, refused: new Conflict(message) };
    }
    const payments: PaymentRow[] = [];
    for (const { a, cents } of fits) {
      const inv = invoices.get(a.invoiceId)!;
      const p = await insertPayment(
        em,
        inv,
        {
          amount: fromMills(cents),
          method: row.method === 'paypal' ? 'paypal' : 'credit_card',
          processor: row.processor,
          status: 'completed',
          metadata: { portalPaymentId: id, ...(c.extra ?? {}) },
        },
        rates.get(a.invoiceId) ?? inv.exchangeRate,
        id,
      );
      addEvent(em, { subject: PaymentEvents.Completed, tenantId, actorId: null, data: toEventData(p) });
      payments.push(p);
    }
    const applied = payments.reduce((sum, p) => sum + toMills(p.amount), 0n);
    const excess = toMills(row.total) - applied;
    const note = excess > 0n ? `Overpayment: ${fromMills(excess)} ${row.currency} no longer due; refunded` : null;
    const status = payments.length ? 'completed' : 'failed';
    const updated = await updatePortalPayment(
      em,
      tenantId,
      id,
      `status = ?, completed_at = case when ? = 'completed' then now() end, failure_message = ?, metadata = metadata || ?::jsonb`,
      [status, status, note, JSON.stringify({ ...(c.extra ?? {}), ...(excess > 0n ? { excess: fromMills(excess) } : {}) })],
    );
    if (payments.length)
      await announceReceipt(em, tenantId, {
        id,
        customerId: Number(row.customer_id),
        currency: row.currency,
        total: fromMills(applied),
        paymentMethod: payments[0]!.payment_method,
        paidAt: new Date().toISOString(),
        allocations: payments.map((p) => ({
          paymentId: Number(p.id),
          invoiceId: Number(p.invoice_id),
          invoiceNumber: p.invoice_number,
          amount: p.amount,
        })),
      });
    return { row: updated, payments, excess };
  });
  if ('refused' in done && done.refused) throw done.refused;
  return done;
}

/**
 * Before a processor takes the money (a PayPal capture): whether every allocation still fits its invoice's balance.
 * If not, the portal payment is cancelled and refused (409 naming the invoice); nothing is captured.
 */
export async function admitPortalPayment(ctx: ServiceContext, tenantId: string, row: PortalPaymentRow): Promise<void> {
  const invoices = await Promise.all(
    row.allocations.map((a) => rpcCall(ctx.bus, BillingPayableRpc, { tenantId, invoiceId: a.invoiceId }, { timeoutMs: 5_000 })),
  );
  const refused = await ctx.tx({ tenantId }, async (em) => {
    for (const [i, a] of row.allocations.entries()) {
      if (toMills(a.amount) <= (await balanceOf(em, tenantId, a, invoices[i] ?? null))) continue;
      const message = `Invoice ${a.invoiceNumber} no longer has ${a.amount} ${row.currency} to pay. Nothing was charged.`;
      await updatePortalPayment(em, tenantId, row.id, `status = 'cancelled', failure_message = ?`, [message]);
      return new Conflict(message);
    }
    return null;
  });
  if (refused) throw refused;
}

/** Whether a portal payment may still complete: pending, or (money taken) cancelled meanwhile. */
const open = (row: PortalPaymentRow, taken: boolean) => row.status === 'pending' || (taken && row.status === 'cancelled');

/** What is left to pay on the invoice now, under its lock (0 when billing no longer answers it as payable). */
async function balanceOf(em: EntityManager, tenantId: string, a: Allocation, inv: PayableInvoice | null): Promise<bigint> {
  if (!inv) return 0n;
  await saveTotal(em, inv);
  const stored = await storedTotal(em, tenantId, a.invoiceId);
  if (!stored || stored.currency !== inv.currency) return 0n;
  return stored.total - (await paidMills(em, tenantId, a.invoiceId));
}
