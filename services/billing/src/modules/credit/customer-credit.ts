import {
  CustomerCreditEvents,
  toMills,
  fromMills,
  type CustomerCreditEntryKind,
  type Invoice,
  OpenInvoiceStatuses,
} from '@billpoint/proto';
import { addEvent, type EntityManager } from '@billpoint/kit';
import { refreshStanding } from '../invoice/standing.ts';

/**
 * A customer's credit: a ledger per (customer, currency) in `billing.customer_credits`, one signed entry
 * per source — +total of a `credit` credit note, −A applied to an invoice when it is issued, +A given back when that
 * invoice is voided or deleted. Every change runs under the customer's advisory transaction lock (one change of a
 * customer's credit at a time, so the balance read is the balance written against) and announces the new balance
 * (`evt.billing.customer_credit.changed`, seq = how many entries the customer's credit in that currency has, counted
 * under the lock: it grows with every change, in lock order). Lock order: an invoice's row lock (when one is involved) before the customer's.
 */

/**
 * Announced sequence numbers start at 2^52: before record ids became opaque, a change was numbered by its entry's id
 * (always below 2^52), and the customers' read model keeps only a higher number than the one it holds.
 */
const SEQ_BASE = 2 ** 52;

/** Takes the customer's credit lock until the end of the transaction. */
export async function lockCustomerCredit(em: EntityManager, tenantId: string, customerId: number): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [`billing.customer_credit:${tenantId}:${customerId}`]);
}

/** The customer's credit balance in a currency (call under the lock to act on it). */
export async function creditBalance(em: EntityManager, tenantId: string, customerId: number, currency: string): Promise<string> {
  const [row] = await em.execute<{ balance: string }[]>(
    `select coalesce(sum(amount), 0)::text as balance from billing.customer_credits
      where tenant_id = ? and customer_id = ? and currency = ?`,
    [tenantId, customerId, currency],
  );
  return fromMills(toMills(row!.balance));
}

interface Entry {
  tenantId: string;
  customerId: number;
  currency: string;
  /** Signed decimal. */
  amount: string;
  kind: CustomerCreditEntryKind;
  creditNoteId?: number | null;
  invoiceId?: number | null;
  invoiceNumber?: string | null;
}

/**
 * Writes one ledger entry (the caller holds the customer's lock) and announces the balance. Idempotent per source:
 * an entry that exists for the same credit note, or the same invoice and kind, is left as it is (answers false).
 */
export async function addCreditEntry(em: EntityManager, e: Entry, actorId: string | null): Promise<boolean> {
  const inserted = await em.execute<{ id: string }[]>(
    `insert into billing.customer_credits (tenant_id, customer_id, currency, amount, kind, credit_note_id, invoice_id, invoice_number)
     values (?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing returning id::text as id`,
    [e.tenantId, e.customerId, e.currency, e.amount, e.kind, e.creditNoteId ?? null, e.invoiceId ?? null, e.invoiceNumber ?? null],
  );
  if (!inserted[0]) return false;
  const balance = await creditBalance(em, e.tenantId, e.customerId, e.currency);
  const [{ n }] = (await em.execute<{ n: string }[]>(
    `select count(*)::text as n from billing.customer_credits where tenant_id = ? and customer_id = ? and currency = ?`,
    [e.tenantId, e.customerId, e.currency],
  )) as [{ n: string }];
  addEvent(em, {
    subject: CustomerCreditEvents.Changed,
    tenantId: e.tenantId,
    actorId,
    data: { customerId: e.customerId, currency: e.currency, balance, seq: SEQ_BASE + Number(n) },
  });
  return true;
}

/** Statuses of an invoice issued to its customer and waiting for money (credit is applied to these). */
const OPEN = new Set<string>(OpenInvoiceStatuses);

/**
 * The customer's credit applied to an invoice that was just issued (left draft: sent by e-mail or by a delivery,
 * marked sent, a recurring invoice sent) — THE function every such path calls, in its transaction, after the
 * invoice's row lock: A = min(credit balance in the invoice's currency, what is due); an entry −A for the invoice;
 * the invoice's credit_applied, balance and status follow (refreshStanding: paid when A covers it). Once per
 * invoice: an invoice that already had credit applied (even if given back since) takes none again. Answers whether
 * credit was applied.
 */
export async function applyCustomerCredit(em: EntityManager, tenantId: string, invoice: Invoice, actorId: string | null): Promise<boolean> {
  if (!OPEN.has(invoice.status) || toMills(invoice.balanceDue) <= 0n) return false;
  const [any] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from billing.customer_credits where tenant_id = ? and customer_id = ? and currency = ?`,
    [tenantId, invoice.customerId, invoice.currency],
  );
  if (!any!.n) return false; // the customer never had credit in this currency: no lock needed
  await lockCustomerCredit(em, tenantId, invoice.customerId);
  const balance = toMills(await creditBalance(em, tenantId, invoice.customerId, invoice.currency));
  const due = toMills(invoice.balanceDue);
  const applied = balance < due ? balance : due;
  if (applied <= 0n) return false;
  const entry = { tenantId, customerId: invoice.customerId, currency: invoice.currency, invoiceId: invoice.id };
  const added = await addCreditEntry(
    em,
    { ...entry, amount: fromMills(-applied), kind: 'applied', invoiceNumber: invoice.invoiceNumber },
    actorId,
  );
  if (added) await refreshStanding(em, tenantId, invoice.id, actorId);
  return added;
}

/**
 * Gives back the credit applied to an invoice that is voided, cancelled or deleted (the caller holds its row lock):
 * an entry +A, once. Answers whether anything was given back; the caller refreshes the invoice's standing (a deleted
 * invoice has none).
 */
export async function returnCustomerCredit(
  em: EntityManager,
  tenantId: string,
  invoice: Invoice,
  actorId: string | null,
): Promise<boolean> {
  const [row] = await em.execute<{ applied: string }[]>(
    `select coalesce(-sum(amount), 0)::text as applied from billing.customer_credits
      where tenant_id = ? and invoice_id = ? and kind in ('applied', 'returned')`,
    [tenantId, invoice.id],
  );
  const applied = toMills(row!.applied);
  if (applied <= 0n) return false;
  await lockCustomerCredit(em, tenantId, invoice.customerId);
  return addCreditEntry(
    em,
    {
      tenantId,
      customerId: invoice.customerId,
      currency: invoice.currency,
      amount: fromMills(applied),
      kind: 'returned',
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
    },
    actorId,
  );
}
