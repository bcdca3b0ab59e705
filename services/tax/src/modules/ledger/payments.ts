import { fromMills, toMills, type PaymentEventData } from '@billpoint/proto';
import type { EntityManager } from '@billpoint/kit';
import { Accounts, ensureChart } from './accounts.ts';
import { dayIn, postEntry, reverseEntry } from './journal.ts';
import { orgSettings } from './organizations.ts';
import { postInvoice } from './invoices.ts';
import { postExchangeDifference } from './exchange.ts';

const STATES = `array['pending', 'failed', 'completed', 'refunded']`;

/**
 * A payment event. The payment's state only moves forward (pending < failed < completed < refunded; the refunded
 * amount only grows), like billing keeps it, so a redelivered or out-of-order event changes nothing.
 *
 * - Completed (or already refunded: it was completed first): Dr Cash / Cr Accounts Receivable its amount, dated its
 *   payment date, once per payment id (`payment:<id>`).
 * - Refunded: each increase of the refunded amount posts Dr AR / Cr Cash of the increase, dated the day of the refund
 *   in the organization's time zone (`payment:<id>:refund:<refunded so far>`). A refund of the whole payment at once
 *   is the reversal of the payment's entry.
 *
 * Then the invoice's "settled outside" entry is re-derived (invoices.ts), so cash is never counted twice.
 */
export async function applyPaymentEvent(
  em: EntityManager,
  tenantId: string,
  e: { id: string; occurredAt: string; data: PaymentEventData },
): Promise<void> {
  const p = e.data;
  // The invoice's row first, as the invoice consumer takes it (lock order: invoice, slots, entry counter).
  await em.execute(`select 1 from tax.ledger_invoices where tenant_id = ? and invoice_id = ? for update`, [tenantId, p.invoiceId]);
  await em.execute(
    `insert into tax.ledger_payments (tenant_id, payment_id, invoice_id, invoice_number, currency, amount, refunded_amount, status, payment_date)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (tenant_id, payment_id) do update set
       refunded_amount = greatest(ledger_payments.refunded_amount, excluded.refunded_amount),
       status = case when array_position(${STATES}, excluded.status) > array_position(${STATES}, ledger_payments.status)
                     then excluded.status else ledger_payments.status end`,
    [tenantId, p.id, p.invoiceId, p.invoiceNumber, p.currency, p.amount, p.refundedAmount, p.status, p.paymentDate.slice(0, 10)],
  );
  const [row] = await em.execute<
    { status: string; amount: string; refunded_amount: string; refund_posted: string; entry_id: string | null; payment_date: string }[]
  >(
    `select status, amount::text, refunded_amount::text, refund_posted::text, entry_id::text, payment_date::text as payment_date
       from tax.ledger_payments where tenant_id = ? and payment_id = ? for update`,
    [tenantId, p.id],
  );
  if (!row || !['completed', 'refunded'].includes(row.status)) return;
  await ensureChart(em, tenantId);
  const org = await orgSettings(em, tenantId);
  const meta = (key: string) => ({ sourceKey: key, sourceEventId: e.id });
  let entryId = row.entry_id ? Number(row.entry_id) : null;
  if (!entryId) {
    entryId = await postEntry(
      em,
      tenantId,
      {
        date: row.payment_date,
        currency: p.currency,
        description: `Payment received for invoice ${p.invoiceNumber}`,
        reference: p.invoiceNumber,
        lines: [
          { account: Accounts.cash, debit: row.amount },
          { account: Accounts.receivable, credit: row.amount },
        ],
      },
      meta(`payment:${p.id}`),
    );
    await em.execute(`update tax.ledger_payments set entry_id = ? where tenant_id = ? and payment_id = ?`, [entryId, tenantId, p.id]);
    await postExchangeDifference(em, tenantId, p, { base: org.defaultCurrency, date: row.payment_date, eventId: e.id });
  }
  const refunded = toMills(row.refunded_amount);
  const posted = toMills(row.refund_posted);
  if (refunded > posted) {
    const day = dayIn(e.occurredAt, org.timezone);
    const date = day > row.payment_date ? day : row.payment_date;
    const key = `payment:${p.id}:refund:${fromMills(refunded)}`;
    if (posted === 0n && refunded === toMills(row.amount)) await reverseEntry(em, tenantId, entryId, date, meta(key));
    else
      await postEntry(
        em,
        tenantId,
        {
          date,
          currency: p.currency,
          description: `Refund of a payment for invoice ${p.invoiceNumber}`,
          reference: p.invoiceNumber,
          lines: [
            { account: Accounts.receivable, debit: fromMills(refunded - posted) },
            { account: Accounts.cash, credit: fromMills(refunded - posted) },
          ],
        },
        meta(key),
      );
    await em.execute(`update tax.ledger_payments set refund_posted = refunded_amount where tenant_id = ? and payment_id = ?`, [
      tenantId,
      p.id,
    ]);
  }
  await postInvoice(em, tenantId, p.invoiceId, { eventId: e.id, occurredAt: e.occurredAt });
}
