import { currencyDecimals, fitsMinorUnit, fromMills, toMills, type PayableInvoice, type Payment } from '@billpoint/proto';
import { Conflict, Invalid, type AppError, type EntityManager, type ServiceContext } from '@billpoint/kit';

/**
 * The key of an invoice's transaction-scoped advisory lock. The Ledger takes it before it opens or completes a
 * payment, and the database's trigger `payments_within_invoice_total` (migration 0003) takes the same one, written
 * the same way in SQL: 'payments:' || tenant_id || ':' || invoice_id.
 */
export const invoiceLockKey = (tenantId: string, invoiceId: number | string) => `payments:${tenantId}:${invoiceId}`;

/** Serializes, until the transaction ends, everything that adds money to one invoice. */
export async function lockInvoice(em: EntityManager, tenantId: string, invoiceId: number | string): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtext(?))`, [invoiceLockKey(tenantId, invoiceId)]);
}

/** Completed payments minus refunds of an invoice, in mills (payments' own ledger: authoritative for balances). */
export async function paidMills(em: EntityManager, tenantId: string, invoiceId: number | string): Promise<bigint> {
  const [row] = await em.execute<{ paid: string }[]>(
    `select coalesce(sum(amount - refunded_amount) filter (where status in ('completed', 'refunded')), 0)::text as paid
       from payments.payments where tenant_id = ? and invoice_id = ?`,
    [tenantId, invoiceId],
  );
  return toMills(row!.paid);
}

/**
 * What may be collected on the invoice in all (counting what was paid already): billing's collectableTotal — the total
 * less credit notes that reduce the balance or refund, less customer credit applied. Every payment is held
 * to it, not to the invoice's total.
 */
export const collectable = (inv: PayableInvoice): string => inv.collectableTotal;

/**
 * Keeps billing's latest answer for what an invoice may collect (`collectable`, stored as `invoice_totals.total`):
 * the figure the database's trigger holds payments to.
 */
export async function saveTotal(em: EntityManager, inv: PayableInvoice): Promise<void> {
  await em.execute(
    `insert into payments.invoice_totals (tenant_id, invoice_id, total, currency, provisional) values (?, ?, ?, ?, false)
     on conflict (tenant_id, invoice_id) do update set total = excluded.total, currency = excluded.currency,
       provisional = false, updated_at = now()`,
    [inv.tenantId, inv.invoiceId, collectable(inv), inv.currency],
  );
}

export interface StoredTotal {
  total: bigint;
  currency: string;
  /** A backfilled lower bound (what had been collected before migration 0003), not billing's word. */
  provisional: boolean;
}

export async function storedTotal(em: EntityManager, tenantId: string, invoiceId: number | string): Promise<StoredTotal | null> {
  const [row] = await em.execute<{ total: string; currency: string; provisional: boolean }[]>(
    `select total::text as total, currency, provisional from payments.invoice_totals where tenant_id = ? and invoice_id = ?`,
    [tenantId, invoiceId],
  );
  return row ? { total: toMills(row.total), currency: row.currency, provisional: row.provisional } : null;
}

/** Why `mills` of `currency` cannot be taken with `balance` left (null: it can). 409 when nothing is left, else 400. */
export function overBalance(mills: bigint, balance: bigint, currency: string): AppError | null {
  if (balance <= 0n) return new Conflict('This invoice is already paid');
  if (mills > balance) return new Invalid(`Amount cannot be more than the balance due (${fromMills(balance)} ${currency})`, 'amount');
  return null;
}

/**
 * What may be charged now: in the invoice's currency, in that currency's minor units (JPY has none), more than
 * zero and at most the balance due (what may be collected less what was paid). Throws a 400 naming the field, or 409 when nothing is left to pay.
 */
export function checkAmount(inv: PayableInvoice, amount: string, currency: string, paid: bigint): void {
  if (currency !== inv.currency) throw new Invalid(`Currency must be ${inv.currency}, the invoice's currency`, 'currency');
  const decimals = currencyDecimals(inv.currency);
  if (!fitsMinorUnit(amount, decimals))
    throw new Invalid(`${inv.currency} amounts have ${decimals === 0 ? 'no decimals' : `${decimals} decimals`}`, 'amount');
  const refused = overBalance(toMills(amount), toMills(collectable(inv)) - paid, inv.currency);
  if (refused) throw refused;
}

/**
 * Where an invoice stands after a payment (payments' own ledger), for the confirmation answers: its total as issued,
 * and the balance due against what it may collect (credit notes and customer credit taken off).
 */
export async function standing(ctx: ServiceContext, inv: PayableInvoice) {
  const paid = await ctx.tx({ tenantId: inv.tenantId }, (em) => paidMills(em, inv.tenantId, inv.invoiceId));
  const balance = toMills(collectable(inv)) - paid;
  return {
    invoiceNumber: inv.invoiceNumber,
    total: inv.total,
    amountPaid: fromMills(paid),
    balanceDue: fromMills(balance > 0n ? balance : 0n),
    paid: balance <= 0n,
  };
}

export const toPaymentAnswer = (p: Payment) => ({ id: p.id, amount: p.amount, currency: p.currency, status: p.status });
