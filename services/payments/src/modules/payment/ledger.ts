import { BillingPayableRpc, PaymentEvents, toMills, type PayableInvoice, type PaymentMethod } from '@billpoint/proto';
import {
  addEvent,
  Conflict,
  rpcCall,
  scanTenants,
  ServiceUnavailable,
  type AppError,
  type EntityManager,
  type ServiceContext,
} from '@billpoint/kit';
import { checkAmount, lockInvoice, overBalance, paidMills, saveTotal, storedTotal } from './balance.ts';
import { insertPayment, PAYMENT_COLUMNS, toEventData, type PaymentRow } from './payment.sql.ts';
import { announceReceipt, paymentReceipt } from './receipt.ts';
import { paymentRate } from './rate.ts';

/** A payment row named by its processor's transaction id, or by its own id. */
export type PaymentKey = { processor: string; transactionId: string } | { id: number };

const where = (k: PaymentKey) =>
  'id' in k
    ? { sql: 'p.id = ?', params: [k.id] as unknown[] }
    : { sql: 'p.payment_processor = ? and p.transaction_id = ?', params: [k.processor, k.transactionId] as unknown[] };

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
  /** The caller's own keys, as stored (kit storedMetadata); answered as the payment's `metadata`. */
  integratorMetadata?: Record<string, string>;
}

/** How a completion is made (Ledger.complete). */
export interface Completion {
  /**
   * Whether the processor has already taken the money. false (the demo card, a PayPal order before its capture):
   * an attempt that no longer fits the balance is cancelled and refused (409 / 400 naming `amount`). true (a
   * succeeded Stripe intent, a completed PayPal capture): it is recorded as `overpaid` — never counted — and
   * refunded through its processor; such money is taken even from an attempt that expired meanwhile.
   */
  taken: boolean;
  /** The invoice as billing answered it just now, when the caller has it (else the Ledger asks billing). */
  inv?: PayableInvoice;
  /** Sees the locked row first; throw to refuse (nothing changes). */
  verify?: (row: PaymentRow) => void;
  /** Merged into the payment's metadata. */
  extra?: Record<string, unknown>;
}

/** Gives money a processor took beyond an invoice's balance back through that processor (overpayment.ts). */
export type Refunder = (tenantId: string, row: PaymentRow) => Promise<void>;

export type Transition = { row: PaymentRow; changed: boolean; refused?: AppError; overpaid?: boolean };

/**
 * The money ledger: attempts and their forward-only state changes, each with its event, one transaction each.
 * Everything that adds money to an invoice (opening a manual payment, completing any attempt) happens under the
 * invoice's advisory lock, re-checking the balance in the same transaction that records it; the database's trigger
 * (migration 0003) refuses whatever would still exceed the total.
 */
export class Ledger {
  readonly #ctx: ServiceContext;
  readonly #refund: Refunder;
  constructor(ctx: ServiceContext, refund: Refunder) {
    this.#ctx = ctx;
    this.#refund = refund;
  }

  /**
   * Records an attempt (pending) or a payment received by hand (completed) after checking the amount against the
   * balance — serialized per invoice, so two attempts never both pass on a balance only one of them fits.
   */
  async open(inv: PayableInvoice, a: Attempt, currency: string): Promise<PaymentRow> {
    const rate = await paymentRate(this.#ctx, inv, a.paymentDate ?? new Date().toISOString().slice(0, 10));
    return this.#ctx.tx({ tenantId: inv.tenantId }, async (em) => {
      await lockInvoice(em, inv.tenantId, inv.invoiceId);
      await saveTotal(em, inv);
      checkAmount(inv, a.amount, currency, await paidMills(em, inv.tenantId, inv.invoiceId));
      const row = await insertPayment(em, inv, a, rate);
      if (row.status === 'completed') {
        this.#announce(em, inv.tenantId, PaymentEvents.Completed, row, a.userId ?? null);
        const paidAt = a.paymentDate ? `${a.paymentDate}T00:00:00.000Z` : undefined;
        await announceReceipt(em, inv.tenantId, paymentReceipt(row, inv.customerId ?? null, paidAt), a.userId ?? null);
      }
      return row;
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

  /** The row (locked when asked), inside the caller's transaction. */
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
   * pending → completed, once, only if it still fits the invoice's balance (re-checked under the invoice's lock in
   * this transaction). Otherwise: not taken yet → cancelled and the refusal thrown; taken → overpaid and refunded.
   * Whoever comes second (a webhook after the confirmation, a retry) finds it settled and changes nothing.
   */
  async complete(tenantId: string, key: PaymentKey, c: Completion): Promise<Transition | null> {
    const first = await this.#ctx.tx({ tenantId }, (em) => this.find(em, tenantId, key));
    if (!first) return null;
    const inv = c.inv ?? (await this.#payable(tenantId, Number(first.invoice_id)));
    const done = await this.#transition(tenantId, key, Number(first.invoice_id), async (em, row) => {
      if (row.status !== 'pending' && !(c.taken && row.status === 'cancelled')) return null;
      c.verify?.(row);
      const refused = await this.#admit(em, tenantId, row, inv);
      if (!refused) {
        const r = await this.#update(
          em,
          tenantId,
          row,
          `status = 'completed', completed_at = now(), failure_message = null, metadata = metadata || ?::jsonb`,
          [JSON.stringify(c.extra ?? {})],
        );
        this.#announce(em, tenantId, PaymentEvents.Completed, r, null);
        await announceReceipt(em, tenantId, paymentReceipt(r, inv?.customerId ?? null));
        return { row: r };
      }
      if (c.taken) {
        const message = `Overpayment: ${refused.message}; refunded`;
        const r = await this.#update(em, tenantId, row, `status = 'overpaid', failure_message = ?, metadata = metadata || ?::jsonb`, [
          message,
          JSON.stringify(c.extra ?? {}),
        ]);
        return { row: r, overpaid: true };
      }
      return { row: await this.#cancelRow(em, tenantId, row, refused.message), refused };
    });
    if (done?.refused) throw done.refused;
    if (done?.overpaid) await this.settleOverpayment(tenantId, done.row);
    return done;
  }

  /**
   * Before money is taken (a PayPal capture): whether the pending attempt still fits the balance. If not, it is
   * cancelled and the refusal thrown; an attempt that is no longer pending is refused as such.
   */
  async admit(tenantId: string, key: PaymentKey): Promise<void> {
    const first = await this.#ctx.tx({ tenantId }, (em) => this.find(em, tenantId, key));
    if (!first) return;
    const inv = await this.#payable(tenantId, Number(first.invoice_id));
    const done = await this.#transition(tenantId, key, Number(first.invoice_id), async (em, row) => {
      if (row.status !== 'pending') return { row, refused: new Conflict('This payment attempt is no longer open') };
      const refused = await this.#admit(em, tenantId, row, inv);
      return refused ? { row: await this.#cancelRow(em, tenantId, row, refused.message), refused } : null;
    });
    if (done?.refused) throw done.refused;
  }

  /** pending → failed, once, keeping the processor's message. */
  async fail(tenantId: string, key: PaymentKey, message: string) {
    return this.#transition(tenantId, key, null, async (em, row) => {
      if (row.status !== 'pending') return null;
      const r = await this.#update(em, tenantId, row, `status = 'failed', failure_message = ?`, [message.slice(0, 500)]);
      this.#announce(em, tenantId, PaymentEvents.Failed, r, null);
      return { row: r };
    });
  }

  /** pending → cancelled, once (an attempt refused before money was taken, or expired unused). */
  async cancel(tenantId: string, key: PaymentKey, message: string) {
    return this.#transition(tenantId, key, null, async (em, row) =>
      row.status === 'pending' ? { row: await this.#cancelRow(em, tenantId, row, message) } : null,
    );
  }

  /**
   * The refunded amount only grows (up to the amount); a completed payment fully refunded → refunded (announced).
   * An overpayment's refund is recorded the same way, without an event: it was never counted.
   */
  async refund(tenantId: string, key: PaymentKey, refunded: string) {
    return this.#transition(tenantId, key, null, async (em, row) => {
      if (row.status !== 'completed' && row.status !== 'refunded' && row.status !== 'overpaid') return null;
      const next = toMills(refunded) > toMills(row.amount) ? row.amount : refunded;
      if (toMills(next) <= toMills(row.refunded_amount)) return null;
      const r = await this.#update(
        em,
        tenantId,
        row,
        `refunded_amount = ?, status = case when status = 'completed' and ?::numeric >= amount then 'refunded' else status end`,
        [next, next],
      );
      if (row.status !== 'overpaid') this.#announce(em, tenantId, PaymentEvents.Refunded, r, null);
      return { row: r };
    });
  }

  /** Gives an overpayment back through its processor (idempotent there), then records it; a failure waits for the next try. */
  async settleOverpayment(tenantId: string, row: PaymentRow): Promise<boolean> {
    try {
      await this.#refund(tenantId, row);
    } catch (err) {
      this.#ctx.logger.error({ err, tenantId, paymentId: row.id }, 'refunding an overpayment failed; the expiry job retries it');
      return false;
    }
    await this.refund(tenantId, { id: Number(row.id) }, row.amount);
    this.#ctx.logger.warn({ tenantId, paymentId: row.id, amount: row.amount }, 'an overpayment was refunded');
    return true;
  }

  /** Why `row` cannot be completed now (null: it fits). Called under the invoice's lock. */
  async #admit(em: EntityManager, tenantId: string, row: PaymentRow, inv: PayableInvoice | null | undefined) {
    if (inv) await saveTotal(em, inv);
    const stored = inv === null ? null : await storedTotal(em, tenantId, row.invoice_id);
    if (inv === undefined && (!stored || stored.provisional))
      throw new ServiceUnavailable('The invoice cannot be checked right now. Please try again in a moment.');
    const balance = stored && stored.currency === row.currency ? stored.total - (await paidMills(em, tenantId, row.invoice_id)) : 0n;
    return overBalance(toMills(row.amount), balance, row.currency);
  }

  /** Billing's answer for the invoice (null: no longer payable); undefined when billing cannot be asked now. */
  async #payable(tenantId: string, invoiceId: number): Promise<PayableInvoice | null | undefined> {
    try {
      return await rpcCall(this.#ctx.bus, BillingPayableRpc, { tenantId, invoiceId }, { timeoutMs: 5_000 });
    } catch (err) {
      this.#ctx.logger.warn({ err, tenantId, invoiceId }, 'billing could not be asked for the invoice; using the total kept here');
      return undefined;
    }
  }

  async #cancelRow(em: EntityManager, tenantId: string, row: PaymentRow, message: string) {
    const r = await this.#update(em, tenantId, row, `status = 'cancelled', failure_message = ?`, [message.slice(0, 500)]);
    this.#announce(em, tenantId, PaymentEvents.Failed, r, null);
    return r;
  }

  /** One transaction: the invoice's lock first when money may be added (`invoiceId`), then the row's. */
  async #transition(
    tenantId: string,
    key: PaymentKey,
    invoiceId: number | null,
    fn: (em: EntityManager, row: PaymentRow) => Promise<Omit<Transition, 'changed'> | null>,
  ): Promise<Transition | null> {
    return this.#ctx.tx({ tenantId }, async (em) => {
      if (invoiceId != null) await lockInvoice(em, tenantId, invoiceId);
      const row = await this.find(em, tenantId, key, true);
      if (!row) return null;
      const changed = await fn(em, row);
      return changed ? { ...changed, changed: true } : { row, changed: false };
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
