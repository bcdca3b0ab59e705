import {
  fromMills,
  InvoiceEvents,
  sumMoney,
  toMills,
  type InvoiceEventData,
  invoiceIsIssued,
  invoiceIsSettled,
  type InvoiceLifecycle,
  type InvoicePaymentStatus,
} from '@billpoint/proto';
import { executePrepared, preparedStatement, type EntityManager } from '@billpoint/kit';
import { Accounts, ensureChart } from './accounts.ts';
import { dayIn, reconcile, type Draft, type DraftLine } from './journal.ts';
import { orgSettings } from './organizations.ts';

/*
 * An invoice is a sale on the books while it is issued (invoiceIsIssued): a draft is not issued yet, a void invoice
 * counts for nothing. A refunded or credited invoice stays a sale: what took it back is its credit notes, each booked
 * once by its own entry (credit-notes.ts), and a refund is money leaving (payments.ts). Reversing the sale here as
 * well would take the revenue and the tax back a second time. Only a settled invoice (invoiceIsSettled: paid or
 * credited, billing holding nothing left to pay) can have been settled outside payments.
 */

type TaxLines = NonNullable<InvoiceEventData['taxLines']>;

interface InvoiceRow {
  invoice_id: string;
  deleted: boolean;
  invoice_number: string;
  status: string;
  lifecycle: InvoiceLifecycle | null;
  payment_status: InvoicePaymentStatus | null;
  currency: string;
  issue_date: string;
  subtotal: string;
  tax_amount: string;
  discount_amount: string;
  shipping_amount: string;
  total: string;
  amount_paid: string;
  paid_at: string | null;
  tax_lines: TaxLines | null;
  credit_applied: string;
}

// Every invoice event runs one of these: prepared statements (kit), planned once per connection.
const LEDGER_INVOICE_COLUMNS = `tenant_id, invoice_id, version, deleted, invoice_number, status, currency, issue_date, subtotal, tax_amount,
    discount_amount, shipping_amount, total, amount_paid, paid_at, tax_lines, credit_applied, lifecycle, payment_status`;
const LEDGER_INVOICE_VALUES = Array.from({ length: 19 }, (_, i) => `$${i + 1}`).join(', ');
const DELETE_LEDGER_INVOICE_SQL = preparedStatement(`insert into tax.ledger_invoices as t (${LEDGER_INVOICE_COLUMNS})
  values (${LEDGER_INVOICE_VALUES})
  on conflict (tenant_id, invoice_id) do update set deleted = true`);
const UPSERT_LEDGER_INVOICE_SQL = preparedStatement(`insert into tax.ledger_invoices as t (${LEDGER_INVOICE_COLUMNS})
  values (${LEDGER_INVOICE_VALUES})
  on conflict (tenant_id, invoice_id) do update set version = excluded.version, invoice_number = excluded.invoice_number,
    status = excluded.status, currency = excluded.currency, issue_date = excluded.issue_date, subtotal = excluded.subtotal,
    tax_amount = excluded.tax_amount, discount_amount = excluded.discount_amount, shipping_amount = excluded.shipping_amount,
    total = excluded.total, amount_paid = excluded.amount_paid, paid_at = excluded.paid_at,
    tax_lines = coalesce(excluded.tax_lines, t.tax_lines), credit_applied = excluded.credit_applied,
    lifecycle = excluded.lifecycle, payment_status = excluded.payment_status
    where t.version < excluded.version and not t.deleted`);

/**
 * Keeps the newest version of the invoice (its updatedAt; an older or equal one is ignored, a deletion is final and
 * may arrive first). `taxLines` absent: the ones the previous event said are kept.
 */
async function storeInvoice(em: EntityManager, tenantId: string, subject: string, d: InvoiceEventData): Promise<void> {
  const values = [
    tenantId,
    d.id,
    d.updatedAt,
    subject === InvoiceEvents.Deleted,
    d.invoiceNumber,
    d.status,
    d.currency,
    d.issueDate,
    d.subtotal,
    d.taxAmount,
    d.discountAmount,
    d.shippingAmount,
    d.total,
    d.amountPaid,
    d.paidAt,
    d.taxLines ? JSON.stringify(d.taxLines) : null,
    d.creditApplied ?? '0.00',
    d.lifecycle ?? null,
    d.paymentStatus ?? null,
  ];
  if (subject === InvoiceEvents.Deleted) {
    await executePrepared(em, DELETE_LEDGER_INVOICE_SQL, values);
    return;
  }
  await executePrepared(em, UPSERT_LEDGER_INVOICE_SQL, values);
}

/**
 * Output tax lines of an invoice: its taxLines when they add up to its taxAmount, else (absent, or inconsistent)
 * the whole taxAmount as one line with no rate.
 */
export function outputTaxLines(
  inv: { subtotal: string; tax_amount: string; discount_amount: string },
  taxLines: TaxLines | null,
): DraftLine[] {
  const lines = taxLines?.filter((t) => toMills(t.taxAmount) !== 0n) ?? [];
  if (taxLines && toMills(sumMoney(lines.map((t) => t.taxAmount))) === toMills(inv.tax_amount))
    return lines.map((t) => ({
      account: Accounts.salesTaxPayable,
      credit: t.taxAmount,
      description: `${t.name ?? 'Tax'} ${t.rate}%`,
      tax: { rateId: t.taxRateId, name: t.name, type: t.type, rate: t.rate, taxableAmount: t.taxableAmount },
    }));
  return [
    {
      account: Accounts.salesTaxPayable,
      credit: inv.tax_amount,
      description: 'Tax',
      tax: { rateId: null, name: null, type: null, rate: null, taxableAmount: inv.subtotal },
    },
  ];
}

/**
 * The issue entry: Dr Accounts Receivable (the total); Cr Sales Revenue (subtotal); Dr Sales Discounts (discount);
 * Cr Shipping Income (shipping); Cr Sales Tax Payable per tax line. Receivable is computed as subtotal + tax −
 * discount + shipping (billing's definition of the total), so the entry balances by construction.
 */
export function issueDraft(inv: Omit<InvoiceRow, 'credit_applied' | 'lifecycle' | 'payment_status'>): Draft {
  const tax = outputTaxLines(inv, inv.tax_lines);
  const receivable =
    toMills(inv.subtotal) + tax.reduce((s, l) => s + toMills(l.credit!), 0n) - toMills(inv.discount_amount) + toMills(inv.shipping_amount);
  return {
    date: inv.issue_date,
    currency: inv.currency,
    description: `Invoice ${inv.invoice_number}`,
    reference: inv.invoice_number,
    lines: [
      { account: Accounts.receivable, debit: fromMills(receivable) },
      { account: Accounts.discounts, debit: inv.discount_amount },
      { account: Accounts.revenue, credit: inv.subtotal },
      { account: Accounts.shipping, credit: inv.shipping_amount },
      ...tax,
    ],
  };
}

/**
 * Money the invoice was settled with outside any recorded payment ("mark paid" by hand): while the invoice is paid,
 *
 *     settledOutside = max(0, collectable − max(P, amountPaid))
 *
 * where collectable is what the invoice may collect in money: its total less the credit notes that reduce its balance
 * or refund, less the customer credit applied to it (billing's money model) — those are settled by their
 * own entries (credit-notes.ts, the `invoice:<id>:credit` slot), not by cash; *
 * where P is what the ledger has booked from payment events for it (completed minus refunded) and amountPaid is what
 * billing had recorded when it sent this version. Cash booked for the invoice is then P + settledOutside, which is
 * never more than max(total, P): a payment the ledger has seen but billing had not counted yet (P > amountPaid) is
 * not counted again, and a payment billing counted that the ledger has not seen yet (P < amountPaid) is booked when
 * its own event arrives. Each change of P or of the invoice reverses and reposts this one entry, so whatever order
 * the events arrive in, the cash of a paid invoice converges to its total, counted once.
 */
export function settledOutside(collectable: string, amountPaid: string, booked: bigint): bigint {
  const known = booked > toMills(amountPaid) ? booked : toMills(amountPaid);
  const rest = toMills(collectable) - known;
  return rest > 0n ? rest : 0n;
}

/**
 * What credit notes take off an invoice's collectable money (billing's money model): the ones that reduce its
 * balance or refund, in cents. A `credit` one moves paid money to the customer's credit instead.
 */
export async function collectableCredits(em: EntityManager, tenantId: string, invoiceId: number): Promise<bigint> {
  const [row] = await em.execute<{ c: string }[]>(
    `select coalesce(sum(total) filter (where resolution in ('reduce_balance', 'refund')), 0)::text as c
       from tax.ledger_credit_notes where tenant_id = ? and invoice_id = ?`,
    [tenantId, invoiceId],
  );
  return toMills(row!.c);
}

async function bookedPayments(em: EntityManager, tenantId: string, invoiceId: number): Promise<bigint> {
  const [row] = await em.execute<{ p: string }[]>(
    `select coalesce(sum(amount - refunded_amount) filter (where status in ('completed', 'refunded')), 0)::text as p
       from tax.ledger_payments where tenant_id = ? and invoice_id = ?`,
    [tenantId, invoiceId],
  );
  return toMills(row!.p);
}

// Every invoice event runs these two: prepared statements (kit), planned once per connection.
const LOCK_INVOICE_SQL =
  preparedStatement(`select invoice_id::text, deleted, invoice_number, status, currency, issue_date::text as issue_date,
    subtotal::text, tax_amount::text, discount_amount::text, shipping_amount::text, total::text, amount_paid::text, paid_at::text,
    tax_lines, credit_applied::text, lifecycle, payment_status
  from tax.ledger_invoices where tenant_id = $1 and invoice_id = $2 for update`);
const HELD_SLOTS_SQL = preparedStatement(
  `select 1 from tax.ledger_slots where tenant_id = $1 and slot in ($2, $3, $4) and fingerprint is not null limit 1`,
);

/**
 * Re-derives the invoice's two slots (issue, settled outside) from what is stored of it and of its payments. The
 * invoice's row is locked first (the invoice consumer holds it from its upsert; the payment consumer takes it before
 * anything else, see payments.ts), so the two consumers never interleave on one invoice, and always take their
 * locks in one order: invoice row, then the posting slots, then the tenant's entry counter.
 */
export async function postInvoice(em: EntityManager, tenantId: string, invoiceId: number, o: { eventId: string; occurredAt: string }) {
  const [inv] = await executePrepared<InvoiceRow>(em, LOCK_INVOICE_SQL, [tenantId, invoiceId]);
  if (!inv) return; // payment for an invoice the ledger has not seen yet: its invoice event will settle it
  const seen = { status: inv.status, lifecycle: inv.lifecycle, paymentStatus: inv.payment_status };
  const issued = !inv.deleted && invoiceIsIssued(seen);
  // A draft (or a deleted invoice) books nothing: every slot below is wanted empty. Unless one of them still holds an
  // entry to reverse, there is nothing to do — one read instead of the chart, the settings and three slots (most
  // invoice events are drafts being written).
  if (!issued) {
    const held = await executePrepared(em, HELD_SLOTS_SQL, [
      tenantId,
      `invoice:${invoiceId}:issue`,
      `invoice:${invoiceId}:credit`,
      `invoice:${invoiceId}:settle`,
    ]);
    if (held.length === 0) return;
  }
  await ensureChart(em, tenantId);
  const org = await orgSettings(em, tenantId);
  const voidDate = dayIn(o.occurredAt, org.timezone);
  await reconcile(em, tenantId, `invoice:${invoiceId}:issue`, issued ? issueDraft(inv) : null, { eventId: o.eventId, voidDate });

  // Customer credit applied when it was issued: owed to the customer until now, it settles part of the receivable.
  const applied: Draft | null = issued
    ? {
        date: inv.issue_date,
        currency: inv.currency,
        description: `Customer credit applied to invoice ${inv.invoice_number}`,
        reference: inv.invoice_number,
        lines: [
          { account: Accounts.customerCredit, debit: inv.credit_applied },
          { account: Accounts.receivable, credit: inv.credit_applied },
        ],
      }
    : null;
  await reconcile(em, tenantId, `invoice:${invoiceId}:credit`, applied, { eventId: o.eventId, voidDate });

  const collectable = toMills(inv.total) - (await collectableCredits(em, tenantId, invoiceId)) - toMills(inv.credit_applied);
  const outside =
    issued && invoiceIsSettled(seen)
      ? settledOutside(fromMills(collectable), inv.amount_paid, await bookedPayments(em, tenantId, invoiceId))
      : 0n;
  const settle: Draft | null =
    outside > 0n
      ? {
          date: inv.paid_at ? dayIn(inv.paid_at, org.timezone) : voidDate,
          currency: inv.currency,
          description: `Invoice ${inv.invoice_number} marked paid (settled outside recorded payments)`,
          reference: inv.invoice_number,
          lines: [
            { account: Accounts.cash, debit: fromMills(outside) },
            { account: Accounts.receivable, credit: fromMills(outside) },
          ],
        }
      : null;
  await reconcile(em, tenantId, `invoice:${invoiceId}:settle`, settle, { eventId: o.eventId, voidDate });
}

/** One invoice event: store the version (if newer), then bring its postings to what it says. */
export async function applyInvoiceEvent(
  em: EntityManager,
  tenantId: string,
  e: { id: string; type: string; occurredAt: string; data: InvoiceEventData },
): Promise<void> {
  await storeInvoice(em, tenantId, e.type, e.data);
  await postInvoice(em, tenantId, e.data.id, { eventId: e.id, occurredAt: e.occurredAt });
}
