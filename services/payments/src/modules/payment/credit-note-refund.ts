import { CreditNoteRefundEvents, fromMills, toMills, type CreditNoteEventData, type CreditNoteRefundStatus } from '@billpoint/proto';
import { addEvent, type EntityManager, type ServiceContext } from '@billpoint/kit';
import { lockInvoice } from './balance.ts';
import type { Refunds } from './refund.ts';
import { PAYMENT_COLUMNS, type PaymentRow } from './payment.sql.ts';

/** After this many refusals by the processors, a credit note's refund is given up as `failed` (announced). */
export const MAX_FAILED_ATTEMPTS = 10;

/**
 * The processor's idempotency key of the part of a credit note's refund taken from one payment: one per (credit
 * note, payment), the natural key of `credit_note_refund_steps`. A retry after the processor said yes but the
 * record was lost recomputes the same step (same payment, same amount) and is the same refund there.
 */
export const creditNoteRefundKey = (tenantId: string, creditNoteId: number | string, paymentId: number | string) =>
  `billpoint-credit-note-${tenantId}-${creditNoteId}-${paymentId}`;

interface TaskRow {
  credit_note_id: string;
  credit_note_number: string;
  invoice_id: string;
  amount: string;
  refunded_amount: string;
  status: CreditNoteRefundStatus;
  failed_attempts: number;
}
const TASK_COLUMNS = `credit_note_id::text, credit_note_number, invoice_id::text, amount::text, refunded_amount::text, status, failed_attempts`;

type Step = { next: true } | { next: false; status: CreditNoteRefundStatus };

/**
 * Refunds of credit notes with resolution `refund`: the credit note's total goes back through the
 * processors that took the invoice's money, taken from the invoice's completed payments, latest first, until it is
 * covered — each part through the existing Refunds (Stripe, PayPal; a manual or demo payment is recorded as given
 * back), announced as payment.refunded (billing lowers what was paid) — then `evt.payments.credit_note.refunded`
 * {creditNoteId, invoiceId, amount, status} once.
 *
 * Each part is its own transaction under the invoice's lock (the Ledger's), so a refusal at the processor loses
 * nothing already given back; the refusal is counted (`failed_attempts`) and the periodic payments job tries again
 * (`retryPending`); after MAX_FAILED_ATTEMPTS the refund is `failed` and announced as such. Idempotent: one row per
 * credit note (a redelivered event records nothing new), one part per (credit note, payment).
 */
export class CreditNoteRefunds {
  readonly #ctx: ServiceContext;
  readonly #refunds: Refunds;
  constructor(ctx: ServiceContext, refunds: Refunds) {
    this.#ctx = ctx;
    this.#refunds = refunds;
  }

  /** In the consumer's transaction: the refund to make, once per credit note (false: known already, or not a refund). */
  async record(em: EntityManager, tenantId: string, cn: CreditNoteEventData): Promise<boolean> {
    if (cn.resolution !== 'refund' || toMills(cn.total) <= 0n) return false;
    const rows = await em.execute<{ credit_note_id: string }[]>(
      `insert into payments.credit_note_refunds (tenant_id, credit_note_id, credit_note_number, invoice_id, currency, amount)
       values (?, ?, ?, ?, ?, ?) on conflict (tenant_id, credit_note_id) do nothing returning credit_note_id::text`,
      [tenantId, cn.id, cn.creditNoteNumber, cn.invoiceId, cn.currency, cn.total],
    );
    return rows.length > 0;
  }

  /** Works one credit note's refund to its end (or to the processor's refusal). Answers where it stands. */
  async settle(tenantId: string, creditNoteId: number): Promise<CreditNoteRefundStatus | null> {
    const [first] = await this.#ctx.reader.query<{ invoice_id: string }>(
      tenantId,
      `select invoice_id::text as invoice_id from payments.credit_note_refunds where tenant_id = $1 and credit_note_id = $2`,
      [tenantId, creditNoteId],
    );
    if (!first) return null;
    for (;;) {
      let step: Step;
      try {
        step = await this.#ctx.tx({ tenantId }, (em) => this.#step(em, tenantId, creditNoteId, first.invoice_id));
      } catch (err) {
        this.#ctx.logger.error({ err, tenantId, creditNoteId }, 'refunding a credit note failed; the payments job tries again');
        return this.#refused(tenantId, creditNoteId, err instanceof Error ? err.message : String(err));
      }
      if (!step.next) return step.status;
    }
  }

  /** The periodic job's part: every pending credit note refund of the tenant, oldest first. Answers how many it closed. */
  async retryPending(tenantId: string): Promise<number> {
    const rows = await this.#ctx.reader.query<{ id: string }>(
      tenantId,
      `select credit_note_id::text as id from payments.credit_note_refunds where tenant_id = $1 and status = 'pending' order by created_at`,
      [tenantId],
    );
    let closed = 0;
    for (const r of rows) if ((await this.settle(tenantId, Number(r.id))) !== 'pending') closed++;
    return closed;
  }

  /** One part: under the invoice's lock, the latest completed payment with money left gives back what it can. */
  async #step(em: EntityManager, tenantId: string, creditNoteId: number, invoiceId: string): Promise<Step> {
    await lockInvoice(em, tenantId, invoiceId);
    const [task] = await em.execute<TaskRow[]>(
      `select ${TASK_COLUMNS} from payments.credit_note_refunds where tenant_id = ? and credit_note_id = ? for update`,
      [tenantId, creditNoteId],
    );
    if (!task || task.status !== 'pending') return { next: false, status: task?.status ?? 'failed' };
    const remaining = toMills(task.amount) - toMills(task.refunded_amount);
    if (remaining <= 0n) return { next: false, status: await this.#close(em, tenantId, task, 'refunded', null) };
    const [row] = await em.execute<PaymentRow[]>(
      `select ${PAYMENT_COLUMNS} from payments.payments p
        where p.tenant_id = ? and p.invoice_id = ? and p.status = 'completed' and p.refunded_amount < p.amount
          and not exists (select 1 from payments.credit_note_refund_steps s
                           where s.tenant_id = p.tenant_id and s.credit_note_id = ? and s.payment_id = p.id)
        order by p.completed_at desc nulls last, p.id desc limit 1 for update`,
      [tenantId, invoiceId, creditNoteId],
    );
    if (!row) {
      const why = `No completed payment of the invoice is left to refund; ${fromMills(remaining)} of the credit note was not refunded`;
      return { next: false, status: await this.#close(em, tenantId, task, 'failed', why) };
    }
    const left = toMills(row.amount) - toMills(row.refunded_amount);
    const cents = left < remaining ? left : remaining;
    await this.#refunds.giveBack(em, tenantId, row, cents, {
      reason: `Credit note ${task.credit_note_number}`,
      key: creditNoteRefundKey(tenantId, creditNoteId, row.id),
      metadata: { creditNoteId: String(creditNoteId) },
    });
    await em.execute(`insert into payments.credit_note_refund_steps (tenant_id, credit_note_id, payment_id, amount) values (?, ?, ?, ?)`, [
      tenantId,
      creditNoteId,
      row.id,
      fromMills(cents),
    ]);
    await em.execute(
      `update payments.credit_note_refunds set refunded_amount = refunded_amount + ?::numeric, updated_at = now()
        where tenant_id = ? and credit_note_id = ?`,
      [fromMills(cents), tenantId, creditNoteId],
    );
    return { next: true };
  }

  /** The processor refused a part (nothing of it was recorded): counted; given up after MAX_FAILED_ATTEMPTS. */
  async #refused(tenantId: string, creditNoteId: number, message: string): Promise<CreditNoteRefundStatus> {
    return this.#ctx.tx({ tenantId }, async (em) => {
      const [task] = await em.execute<TaskRow[]>(
        `update payments.credit_note_refunds set failed_attempts = failed_attempts + 1, last_error = ?, updated_at = now()
          where tenant_id = ? and credit_note_id = ? and status = 'pending' returning ${TASK_COLUMNS}`,
        [message.slice(0, 500), tenantId, creditNoteId],
      );
      if (!task) return 'failed';
      if (task.failed_attempts < MAX_FAILED_ATTEMPTS) return 'pending';
      return this.#close(em, tenantId, task, 'failed', message);
    });
  }

  /** The end of a credit note's refund, announced once (the row leaves `pending` in the same transaction). */
  async #close(em: EntityManager, tenantId: string, task: TaskRow, status: 'refunded' | 'failed', why: string | null) {
    await em.execute(
      `update payments.credit_note_refunds set status = ?, last_error = coalesce(?, last_error), updated_at = now()
        where tenant_id = ? and credit_note_id = ?`,
      [status, why, tenantId, task.credit_note_id],
    );
    const drawn = await em.execute<{ id: string; refunded_amount: string }[]>(
      `select p.id::text as id, p.refunded_amount::text as refunded_amount
         from payments.credit_note_refund_steps s join payments.payments p on p.tenant_id = s.tenant_id and p.id = s.payment_id
        where s.tenant_id = ? and s.credit_note_id = ? order by p.id`,
      [tenantId, task.credit_note_id],
    );
    addEvent(em, {
      subject: CreditNoteRefundEvents.Refunded,
      tenantId,
      actorId: null,
      data: {
        creditNoteId: Number(task.credit_note_id),
        invoiceId: Number(task.invoice_id),
        amount: task.refunded_amount,
        status,
        payments: drawn.map((p) => ({ paymentId: Number(p.id), refundedAmount: p.refunded_amount })),
      },
    });
    if (why) this.#ctx.logger.warn({ tenantId, creditNoteId: task.credit_note_id, why }, 'a credit note could not be refunded in full');
    return status;
  }
}
