import { randomBytes } from 'node:crypto';
import { addDays, duePeriods, InvoiceEvents, periodDate, RecurringEvents, type Frequency } from '@billpoint/proto';
import { addEvent, type EntityManager, type ServiceContext } from '@billpoint/kit';
import {
  CUSTOMER_JOIN,
  INVOICE_COLUMNS,
  itemsJson,
  NEW_DRAFT_STATE_COLUMNS,
  NEW_DRAFT_STATE_VALUES,
  toInvoice,
  type InvoiceRow,
} from '../invoice/invoice.sql.ts';
import { eventData } from '../invoice/invoice.service.ts';
import {
  RECURRING_COLUMNS,
  RECURRING_CUSTOMER_JOIN,
  recurringEventData,
  TODAY_SQL,
  toRecurring,
  type RecurringRow,
} from './recurring.sql.ts';
import { SCHEDULE_LINE_TAX_CTES } from './recurring.lines.ts';
import { draftReferenceSql } from '../invoice/numbering.ts';

/** Payment terms of a generated invoice: due 30 days after its date. */
export const PAYMENT_TERMS_DAYS = 30;
/** Periods one schedule produces per transaction; a schedule further behind stays due and is claimed again. */
export const PERIODS_PER_CLAIM = 60;

export interface GenerateOptions {
  /** The instant "today" is taken from (in the organization's time zone). */
  now: Date;
  /** Schedules claimed per transaction. */
  batchSize: number;
  /** Only this schedule (POST …/{id}/run): waits for its lock rather than skipping it. */
  scheduleId?: number;
  /** Test seam: runs after everything is written, before the commit (a crash there must lose the whole batch). */
  beforeCommit?: (em: EntityManager) => Promise<void>;
}

export interface GeneratedInvoice {
  id: number;
  invoiceNumber: string;
  issueDate: string;
  recurringInvoiceId: number;
}

interface Claimed {
  id: string;
  frequency: Frequency;
  start_date: string;
  end_date: string | null;
  next_period: number;
  auto_send: boolean;
  customer_deleted: boolean;
}

/**
 * One transaction of the scheduler for one tenant: claims up to `batchSize` due schedules (FOR UPDATE SKIP LOCKED,
 * so replicas share the work and never hold the same schedule), produces every due period of each as an invoice —
 * all in one INSERT, as drafts with draft references (numbered when issued) — with their items, their events and,
 * for auto-send schedules, a pending delivery; then advances each schedule past what it produced. Everything
 * commits together or not at all, and the unique index on (tenant, schedule, period) refuses a second invoice for
 * a period whatever happens. A schedule whose customer was deleted, or that passed its end date, becomes inactive
 * (subscription.cancelled). Answers what was produced and whether more may be due.
 */
export async function generateBatch(
  ctx: ServiceContext,
  tenantId: string,
  o: GenerateOptions,
): Promise<{ generated: GeneratedInvoice[]; more: boolean }> {
  return ctx.tx({ tenantId }, async (em) => {
    const [{ today }] = (await em.execute<{ today: string }[]>(TODAY_SQL, [o.now.toISOString(), tenantId])) as [{ today: string }];
    const claimed = await em.execute<Claimed[]>(
      `select r.id::text as id, r.frequency, r.start_date::text as start_date, r.end_date::text as end_date, r.next_period,
              r.auto_send, coalesce(c.deleted, true) as customer_deleted
         from billing.recurring_invoices r
         left join billing.customers c on c.tenant_id = r.tenant_id and c.id = r.customer_id
        where r.tenant_id = ? and r.is_active and r.next_invoice_date <= ?::date ${o.scheduleId ? 'and r.id = ?' : ''}
        order by r.next_invoice_date, r.id limit ? for update of r ${o.scheduleId ? '' : 'skip locked'}`,
      [tenantId, today, ...(o.scheduleId ? [o.scheduleId] : []), o.batchSize],
    );
    if (claimed.length === 0) return { generated: [], more: false };

    const src: { rid: number; period: number; issue_date: string; due_date: string; token: string; ord: number }[] = [];
    const advance: { id: number; next_period: number; next_date: string | null; last_date: string | null; n: number; active: boolean }[] =
      [];
    const autoSend = new Set<number>();
    let more = claimed.length === o.batchSize;
    for (const s of claimed) {
      const rid = Number(s.id);
      const schedule = { startDate: s.start_date, frequency: s.frequency, endDate: s.end_date };
      if (s.customer_deleted) {
        advance.push({ id: rid, next_period: s.next_period, next_date: null, last_date: null, n: 0, active: false });
        continue;
      }
      const due = duePeriods(schedule, s.next_period, today, PERIODS_PER_CLAIM);
      if (due.length === PERIODS_PER_CLAIM) more = true;
      for (const p of due) {
        src.push({
          rid,
          period: p.period,
          issue_date: p.date,
          due_date: addDays(p.date, PAYMENT_TERMS_DAYS),
          token: randomBytes(32).toString('base64url'),
          ord: src.length,
        });
      }
      if (s.auto_send) autoSend.add(rid);
      const next = s.next_period + due.length;
      const nextDate = periodDate(s.start_date, s.frequency, next);
      const ended = s.end_date != null && nextDate > s.end_date;
      advance.push({
        id: rid,
        next_period: next,
        next_date: ended ? null : nextDate,
        last_date: due.at(-1)?.date ?? null,
        n: due.length,
        active: !ended,
      });
    }

    const rows = src.length ? await insertInvoices(em, tenantId, src) : [];
    const generated = rows.map((row) => {
      const invoice = toInvoice(row);
      addEvent(em, { subject: InvoiceEvents.Created, tenantId, actorId: null, data: eventData(invoice) });
      return {
        id: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
        issueDate: invoice.issueDate,
        recurringInvoiceId: invoice.recurringInvoiceId!,
      };
    });
    const toSend = generated.filter((g) => autoSend.has(g.recurringInvoiceId)).map((g) => g.id);
    if (toSend.length) {
      await em.execute(
        `insert into billing.deliveries (tenant_id, invoice_id, kind, key)
         select ?::uuid, x::bigint, 'invoice', 'auto' from jsonb_array_elements_text(?::jsonb) x`,
        [tenantId, JSON.stringify(toSend)],
      );
    }
    await em.execute(
      `update billing.recurring_invoices r set next_period = v.next_period, next_invoice_date = v.next_date,
         last_invoice_date = coalesce(v.last_date, r.last_invoice_date), total_invoices_generated = r.total_invoices_generated + v.n,
         is_active = v.active, updated_at = now()
       from jsonb_to_recordset(?::jsonb) as v (id bigint, next_period int, next_date date, last_date date, n int, active boolean)
       where r.id = v.id and r.tenant_id = ?`,
      [JSON.stringify(advance), tenantId],
    );
    const stopped = advance.filter((a) => !a.active).map((a) => a.id);
    if (stopped.length) await announceStopped(em, tenantId, stopped);
    await o.beforeCommit?.(em);
    return { generated, more };
  });
}

/**
 * The invoices of a batch in one statement: drafts, each with the tenant's next draft reference (in batch order; the
 * legal number comes when it is issued, e.g. by its auto-send delivery), the schedule's
 * customer, currency and notes; its lines are the schedule's items with their tax snapshot (percentage, rate id, name,
 * type), each line's tax computed as the tax engine does (SCHEDULE_LINE_TAX_CTES), and its subtotal, tax and total summed
 * from those lines — the figures of an invoice made by hand with the same lines (no discount or shipping). Its exchange
 * rate is the organization's rate in force on its issue date (1 in the base currency; 1 too while no rate of its
 * currency is known — the draft's rate can be edited). Deliberately no ON CONFLICT: a period produced twice is a bug the unique index must surface (rolling the
 * batch back), never paper over.
 */
async function insertInvoices(em: EntityManager, tenantId: string, src: unknown[]): Promise<InvoiceRow[]> {
  return em.execute<InvoiceRow[]>(
    `with s as (
       select * from jsonb_to_recordset(?::jsonb) as s (rid bigint, period int, issue_date date, due_date date, token text, ord int)
     ), ${SCHEDULE_LINE_TAX_CTES('(select distinct rid from s)')}, inv as (
       insert into billing.invoices (tenant_id, user_id, customer_id, invoice_number, ${NEW_DRAFT_STATE_COLUMNS}, issue_date, due_date, currency,
         exchange_rate, subtotal, tax_amount, total, total_in_base_currency, notes, recurring_invoice_id, recurring_period, public_token)
       select r.tenant_id, r.user_id, r.customer_id, ${draftReferenceSql('r.tenant_id')}, ${NEW_DRAFT_STATE_VALUES}, s.issue_date,
              s.due_date, r.currency, x.rate, f.subtotal, f.tax, f.subtotal + f.tax, round((f.subtotal + f.tax) * x.rate, 2), r.notes,
              r.id, s.period, s.token
         from s join billing.recurring_invoices r on r.id = s.rid and r.tenant_id = ?::uuid
         cross join lateral (
           select coalesce(sum(t.amount), 0) as subtotal, coalesce(sum(t.tax), 0) as tax from taxed t where t.rid = r.id) f
         cross join lateral (
           select coalesce((select greatest(round(e.rate, 6), 0.000001) from billing.exchange_rates e
                     where e.tenant_id = r.tenant_id and e.currency = r.currency and e.day <= s.issue_date
                       and r.currency <> coalesce((select o.default_currency from billing.organizations o where o.tenant_id = r.tenant_id), 'USD')
                     order by e.day desc limit 1), 1) as rate) x
        order by s.ord
       returning *
     ), lines as (
       insert into billing.invoice_items (tenant_id, invoice_id, position, product_id, description, quantity, rate, amount,
         tax_rate, tax_amount, tax_rate_id, tax_rate_name, tax_type)
       select inv.tenant_id, inv.id, it.position, it.product_id, it.description, it.quantity, it.unit_price, it.amount,
              coalesce(it.tax_rate, 0), it.tax, it.tax_rate_id, it.tax_rate_name, it.tax_type
         from inv join taxed it on it.rid = inv.recurring_invoice_id
       returning *
     )
     select ${INVOICE_COLUMNS}, ${itemsJson('lines')} as items from inv i ${CUSTOMER_JOIN} order by i.id`,
    [JSON.stringify(src), tenantId],
  );
}

/** subscription.cancelled for schedules that just ended (end date passed, customer deleted). */
async function announceStopped(em: EntityManager, tenantId: string, ids: number[]) {
  const rows = await em.execute<RecurringRow[]>(
    `select ${RECURRING_COLUMNS} from billing.recurring_invoices r ${RECURRING_CUSTOMER_JOIN}
      where r.tenant_id = ? and r.id in (select x::bigint from jsonb_array_elements_text(?::jsonb) x)`,
    [tenantId, JSON.stringify(ids)],
  );
  for (const row of rows) {
    addEvent(em, { subject: RecurringEvents.Cancelled, tenantId, actorId: null, data: recurringEventData(toRecurring(row)) });
  }
}
