import {
  currencyDecimals,
  divRound,
  fromCents,
  PaymentEvents,
  toCents,
  toScaled,
  type PayableInvoice,
  type Payment,
  type PaymentMethod,
} from '@billpoint/proto';
import { addEvent, Conflict, Invalid, scanTenants, type EntityManager, type ServiceContext } from '@billpoint/kit';
import { PAYMENT_COLUMNS, toEventData, type PaymentRow } from './payment.sql.ts';

/** A payment row named by its processor's transaction id, or by its own id. */
export type PaymentKey = { processor: string; transactionId: string } | { id: number };

const where = (k: PaymentKey) =>
  'id' in k
    ? { sql: 'p.id = ?', params: [k.id] as unknown[] }
    : { sql: 'p.payment_processor = ? and p.transaction_id = ?', params: [k.processor, k.transactionId] as unknown[] };

/** Completed payments minus refunds of an invoice, in cents (payments' own ledger: authoritative for balances). */
export async function paidCents(em: EntityManager, tenantId: string, invoiceId: number): Promise<bigint> {
  const [row] = await em.execute<{ paid: string }[]>(
    `select coalesce(sum(amount - refunded_amount) filter (where status in ('completed', 'refunded')), 0)::text as paid
       from payments.payments where tenant_id = ? and invoice_id = ?`,
    [tenantId, invoiceId],
  );
  return toCents(row!.paid);
}

/**
 * What may be charged now: in the invoice's currency, in that currency's minor units (JPY has none), more than
 * zero and at most the balance due. Throws a 400 naming the field, or 409 when nothing is left to pay.
 */
export function checkAmount(inv: PayableInvoice, amount: string, currency: string, paid: bigint): void {
  if (currency !== inv.currency) throw new Invalid(`Currency must be ${inv.currency}, the invoice's currency`, 'currency');
  const decimals = currencyDecimals(inv.currency);
  if (toCents(amount) % 10n ** BigInt(2 - decimals) !== 0n)
    throw new Invalid(`${inv.currency} amounts have ${decimals === 0 ? 'no decimals' : `${decimals} decimals`}`, 'amount');
  const balance = toCents(inv.total) - paid;
  if (balance <= 0n) throw new Conflict('This invoice is already paid');
  if (toCents(amount) > balance)
    throw new Invalid(`Amount cannot be more than the balance due (${fromCents(balance)} ${inv.currency})`, 'amount');
}

export interface Attempt {
  amount: string;
  method: PaymentMethod;
  processor: string;
  transactionId?: string | null;
  status?: 'pending' | 'completed';
  userId?: string | null;
  reference?: string | null;
  notes?: string | null;
  paymentDate?: string;
  metadata?: Record<string, unknown>;
}

/** The money ledger: attempts and their forward-only state changes, each with its event, one transaction each. */
export class Ledger {
  readonly #ctx: ServiceContext;
  constructor(ctx: ServiceContext) {
    this.#ctx = ctx;
  }

  /**
   * Records an attempt (pending) or a payment received by hand (completed) after checking the amount against the
   * balance — serialized per invoice (a transaction-scoped advisory lock), so two attempts never both pass on a
   * balance only one of them fits.
   */
  async open(inv: PayableInvoice, a: Attempt, currency: string): Promise<PaymentRow> {
    return this.#ctx.tx({ tenantId: inv.tenantId }, async (em) => {
      await em.execute(`select pg_advisory_xact_lock(hashtext(?))`, [`payments:${inv.tenantId}:${inv.invoiceId}`]);
      checkAmount(inv, a.amount, currency, await paidCents(em, inv.tenantId, inv.invoiceId));
      const base = fromCents(divRound(toScaled(a.amount, 2) * toScaled(inv.exchangeRate, 6), 1_000_000n));
      const [row] = await em.execute<PaymentRow[]>(
        `insert into payments.payments as p (tenant_id, user_id, invoice_id, invoice_number, amount, currency, exchange_rate,
           amount_in_base_currency, payment_date, payment_method, payment_processor, transaction_id, reference, status, notes,
           metadata, completed_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, coalesce(?::date, current_date), ?, ?, ?, ?, ?, ?, ?::jsonb,
                 case when ? = 'completed' then now() end)
         returning ${PAYMENT_COLUMNS}`,
        [
          ...[inv.tenantId, a.userId ?? null, inv.invoiceId, inv.invoiceNumber, a.amount, inv.currency, inv.exchangeRate, base],
          ...[a.paymentDate ?? null, a.method, a.processor, a.transactionId ?? null, a.reference ?? null, a.status ?? 'pending'],
          ...[a.notes ?? null, JSON.stringify(a.metadata ?? {}), a.status ?? 'pending'],
        ],
      );
      if (row!.status === 'completed') this.#announce(em, inv.tenantId, PaymentEvents.Completed, row!, a.userId ?? null);
      return row!;
    });
  }

  async setTransaction(tenantId: string, paymentId: number, transactionId: string): Promise<void> {
    await this.#ctx.tx({ tenantId }, (em) =>
      em.execute(`update payments.payments set transaction_id = ?, updated_at = now() where id = ? and tenant_id = ?`, [
        transactionId,
        paymentId,
        tenantId,
      ]),
    );
  }

  /** The row, locked, inside the caller's transaction. */
  async find(em: EntityManager, tenantId: string, key: PaymentKey, lock = false): Promise<PaymentRow | null> {
    const w = where(key);
    const [row] = await em.execute<PaymentRow[]>(
      `select ${PAYMENT_COLUMNS} from payments.payments p where p.tenant_id = ? and ${w.sql}${lock ? ' for update' : ''}`,
      [tenantId, ...w.params],
    );
    return row ?? null;
  }

  /** The tenant of a processor's transaction (webhooks name no tenant), through the scan role. */
  async tenantOf(processor: string, transactionId: string): Promise<string | null> {
    const rows = await scanTenants(this.#ctx.orm.em, this.#ctx.schema, (em) =>
      em.execute<{ tenant_id: string }[]>(`select tenant_id from payments.payments where payment_processor = ? and transaction_id = ?`, [
        processor,
        transactionId,
      ]),
    );
    return rows[0]?.tenant_id ?? null;
  }

  /**
   * pending → completed, once: `verify` sees the locked row first (throw to refuse). Whoever comes second (a
   * webhook after the confirmation, a retry) finds it completed and changes nothing. Answers the row as it is now.
   */
  async complete(tenantId: string, key: PaymentKey, verify?: (row: PaymentRow) => void, extra: Record<string, unknown> = {}) {
    return this.#transition(tenantId, key, async (em, row) => {
      if (row.status !== 'pending') return null;
      verify?.(row);
      return this.#update(em, tenantId, row, `status = 'completed', completed_at = now(), metadata = metadata || ?::jsonb`, [
        JSON.stringify(extra),
      ]).then((r) => (this.#announce(em, tenantId, PaymentEvents.Completed, r, null), r));
    });
  }

  /** pending → failed, once, keeping the processor's message. */
  async fail(tenantId: string, key: PaymentKey, message: string) {
    return this.#transition(tenantId, key, async (em, row) => {
      if (row.status !== 'pending') return null;
      const r = await this.#update(em, tenantId, row, `status = 'failed', failure_message = ?`, [message.slice(0, 500)]);
      this.#announce(em, tenantId, PaymentEvents.Failed, r, null);
      return r;
    });
  }

  /** The refunded amount only grows (up to the amount); fully refunded → status refunded. */
  async refund(tenantId: string, key: PaymentKey, refunded: string) {
    return this.#transition(tenantId, key, async (em, row) => {
      if (row.status !== 'completed' && row.status !== 'refunded') return null;
      const next = toCents(refunded) > toCents(row.amount) ? row.amount : refunded;
      if (toCents(next) <= toCents(row.refunded_amount)) return null;
      const r = await this.#update(
        em,
        tenantId,
        row,
        `refunded_amount = ?, status = case when ?::numeric >= amount then 'refunded' else status end`,
        [next, next],
      );
      this.#announce(em, tenantId, PaymentEvents.Refunded, r, null);
      return r;
    });
  }

  async #transition(tenantId: string, key: PaymentKey, fn: (em: EntityManager, row: PaymentRow) => Promise<PaymentRow | null>) {
    return this.#ctx.tx({ tenantId }, async (em) => {
      const row = await this.find(em, tenantId, key, true);
      if (!row) return null;
      const changed = await fn(em, row);
      return { row: changed ?? row, changed: changed != null };
    });
  }

  async #update(em: EntityManager, tenantId: string, row: PaymentRow, set: string, params: unknown[]): Promise<PaymentRow> {
    const [r] = await em.execute<PaymentRow[]>(
      `update payments.payments p set ${set}, updated_at = now() where p.id = ? and p.tenant_id = ? returning ${PAYMENT_COLUMNS}`,
      [...params, row.id, tenantId],
    );
    return r!;
  }

  #announce(em: EntityManager, tenantId: string, subject: string, row: PaymentRow, actorId: string | null) {
    addEvent(em, { subject, tenantId, actorId, data: toEventData(row) });
  }
}

/** Where an invoice stands after a payment (payments' own ledger), for the confirmation answers. */
export async function standing(ctx: ServiceContext, inv: PayableInvoice) {
  const paid = await ctx.tx({ tenantId: inv.tenantId }, (em) => paidCents(em, inv.tenantId, inv.invoiceId));
  const balance = toCents(inv.total) - paid;
  return {
    invoiceNumber: inv.invoiceNumber,
    total: inv.total,
    amountPaid: fromCents(paid),
    balanceDue: fromCents(balance > 0n ? balance : 0n),
    paid: balance <= 0n,
  };
}

export const toPaymentAnswer = (p: Payment) => ({ id: p.id, amount: p.amount, currency: p.currency, status: p.status });
