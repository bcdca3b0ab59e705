import fc from 'fast-check';
import { Frequencies, InvoiceStatuses, PaymentMethods } from '@billpoint/proto';
import type { TestDatabase } from '@billpoint/kit/testing';

/**
 * Random histories of a tenant's rows, written with SQL statements of several rows each as the service's own statements
 * are (bulk inserts, the overdue job's bulk update, edits, deletes, payment copies moving forward, schedules paused,
 * resumed, re-priced in another currency, deleted), so that the statement-level triggers see every shape of
 * transition table. Dates spread from 2 years ago to a few days ahead.
 */
const CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
const RATES: Record<string, string> = { USD: '1', EUR: '1.08', GBP: '1.27' };
const cents = fc.integer({ min: 0, max: 5_000_000 }).map((c) => (c / 100).toFixed(2));
const invoiceSpec = fc.record({
  customer: fc.integer({ min: 1, max: 6 }),
  status: fc.constantFrom(...InvoiceStatuses),
  issueAgo: fc.integer({ min: -5, max: 800 }),
  dueIn: fc.integer({ min: -10, max: 40 }),
  paidAfter: fc.option(fc.integer({ min: 0, max: 90 }), { nil: null }),
  currency: fc.constantFrom(...CURRENCIES),
  total: cents,
  recurring: fc.boolean(),
});
export const op = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('insert' as const), rows: fc.array(invoiceSpec, { minLength: 1, maxLength: 8 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      pick: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
      status: fc.constantFrom(...InvoiceStatuses),
      paidAfter: fc.integer({ min: 0, max: 60 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('edit' as const),
      pick: fc.nat(),
      total: cents,
      currency: fc.constantFrom(...CURRENCIES),
      issueAgo: fc.integer({ min: -5, max: 800 }),
      customer: fc.integer({ min: 1, max: 6 }),
    }),
  },
  // Credit notes: the share of its total the invoice's credit notes come to (`credited_amount`).
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('credit' as const), pick: fc.nat(), share: fc.integer({ min: 0, max: 100 }) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), pick: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('payment' as const),
      pick: fc.nat(),
      method: fc.constantFrom(...PaymentMethods),
      status: fc.constantFrom('pending', 'completed', 'failed'),
      amount: fc.integer({ min: 1, max: 900_000 }).map((c) => (c / 100).toFixed(2)),
      dayAgo: fc.integer({ min: 0, max: 800 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('payment-move' as const),
      pick: fc.nat(),
      status: fc.constantFrom('completed', 'failed', 'refunded'),
      refundShare: fc.integer({ min: 0, max: 100 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('schedule' as const),
      currency: fc.constantFrom(...CURRENCIES),
      frequency: fc.constantFrom(...Frequencies),
      total: cents,
      active: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('schedule-change' as const),
      pick: fc.nat(),
      change: fc.constantFrom('toggle', 'delete', 'currency'),
      currency: fc.constantFrom(...CURRENCIES),
    }),
  },
);
export type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

export interface History {
  started: { day: string; currency: string }[];
  stopped: { day: string; currency: string }[];
}

const ids = async (db: TestDatabase, sql: string, tenantId: string) =>
  (await db.query<{ id: string }>(sql, [tenantId])).rows.map((r) => Number(r.id));
const pickFrom = <T>(xs: T[], n: number) => (xs.length ? xs[n % xs.length] : undefined);

/** Applies `ops` to the tenant's rows (customers 1–6 must exist); records the schedules' starts and stops. */
export async function applyOps(db: TestDatabase, tenantId: string, ops: Op[], history: History, seq: { n: number }): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  for (const o of ops) {
    const invoiceIds = await ids(db, `select id from billing.invoices where tenant_id = $1 order by id`, tenantId);
    if (o.kind === 'insert') {
      // Rows carry their own numbers as issued ones (`legal_number`): none claims from the tenant's counter, so the
      // tenant has no numbering row and the overdue job of a stack starting meanwhile leaves its statuses alone.
      const values = o.rows.map((r) => {
        const n = ++seq.n;
        const paid = r.status === 'paid' && r.paidAfter !== null;
        return `($1::uuid, ${r.customer}, 'R-${n}', '${r.status}', current_date - ${r.issueAgo}, current_date - ${r.issueAgo} + ${r.dueIn},
          '${r.currency}', ${RATES[r.currency]}, ${r.total}, round(${r.total} * ${RATES[r.currency]}, 2),
          ${paid ? `(current_date - ${r.issueAgo} + ${r.paidAfter})::timestamp + interval '13 hours'` : 'null'},
          ${r.recurring ? n : 'null'}, ${r.recurring ? n : 'null'}, md5($1::text || ${n}), true)`;
      });
      await db.query(
        `insert into billing.invoices (tenant_id, customer_id, invoice_number, status, issue_date, due_date, currency, exchange_rate,
           total, total_in_base_currency, paid_at, recurring_invoice_id, recurring_period, public_token, legal_number)
         values ${values.join(', ')}`,
        [tenantId],
      );
    } else if (o.kind === 'status') {
      const pick = [...new Set(o.pick.map((p) => pickFrom(invoiceIds, p)).filter((x) => x !== undefined))];
      if (!pick.length) continue;
      await db.query(
        `update billing.invoices set status = $2::text,
           paid_at = case when $2::text = 'paid' then (issue_date + $3::int)::timestamp + interval '9 hours' else null end
         where tenant_id = $1 and id = any($4::bigint[])`,
        [tenantId, o.status, o.paidAfter, pick],
      );
    } else if (o.kind === 'edit') {
      const id = pickFrom(invoiceIds, o.pick);
      if (id === undefined) continue;
      await db.query(
        `update billing.invoices set total = $2::numeric, currency = $3, exchange_rate = $4::numeric,
           total_in_base_currency = round($2::numeric * $4::numeric, 2),
           issue_date = current_date - $5::int, customer_id = $6 where tenant_id = $1 and id = $7`,
        [tenantId, o.total, o.currency, RATES[o.currency], o.issueAgo, o.customer, id],
      );
    } else if (o.kind === 'credit') {
      const id = pickFrom(invoiceIds, o.pick);
      if (id === undefined) continue;
      await db.query(`update billing.invoices set credited_amount = round(total * $2::numeric / 100, 2) where tenant_id = $1 and id = $3`, [
        tenantId,
        o.share,
        id,
      ]);
    } else if (o.kind === 'delete') {
      const pick = o.pick.map((p) => pickFrom(invoiceIds, p)).filter((x) => x !== undefined);
      await db.query(`delete from billing.invoices where tenant_id = $1 and id = any($2::bigint[])`, [tenantId, pick]);
    } else if (o.kind === 'payment') {
      const invoice = pickFrom(invoiceIds, o.pick);
      if (invoice === undefined) continue;
      await db.query(
        `insert into billing.invoice_payments (tenant_id, payment_id, invoice_id, amount, status, method, currency, amount_base, payment_date)
         select $1, $2, id, $3::numeric, $4::text, $5::text, currency, round($3::numeric * exchange_rate, 2), current_date - $6::int
           from billing.invoices where tenant_id = $1 and id = $7`,
        [tenantId, ++seq.n, o.amount, o.status, o.method, o.dayAgo, invoice],
      );
    } else if (o.kind === 'payment-move') {
      const payments = await ids(db, `select payment_id as id from billing.invoice_payments where tenant_id = $1 order by 1`, tenantId);
      const id = pickFrom(payments, o.pick);
      if (id === undefined) continue;
      await db.query(
        `update billing.invoice_payments set status = $2::text,
           refunded_amount = case when $2::text = 'refunded' then round(amount * $3::numeric / 100, 2) else refunded_amount end
         where tenant_id = $1 and payment_id = $4`,
        [tenantId, o.status, o.refundShare, id],
      );
    } else if (o.kind === 'schedule') {
      await db.query(
        `insert into billing.recurring_invoices (tenant_id, customer_id, name, frequency, start_date, currency, total, is_active)
         values ($1, 1, 'Plan', $2, current_date, $3, $4, $5)`,
        [tenantId, o.frequency, o.currency, o.total, o.active],
      );
      if (o.active) history.started.push({ day: today, currency: o.currency });
    } else {
      const all = (
        await db.query<{ id: string; is_active: boolean; currency: string }>(
          `select id, is_active, currency from billing.recurring_invoices where tenant_id = $1 order by id`,
          [tenantId],
        )
      ).rows;
      const s = pickFrom(all, o.pick);
      if (!s) continue;
      if (o.change === 'toggle') {
        await db.query(`update billing.recurring_invoices set is_active = not is_active where id = $1`, [s.id]);
        (s.is_active ? history.stopped : history.started).push({ day: today, currency: s.currency });
      } else if (o.change === 'delete') {
        await db.query(`delete from billing.recurring_invoices where id = $1`, [s.id]);
        if (s.is_active) history.stopped.push({ day: today, currency: s.currency });
      } else {
        await db.query(`update billing.recurring_invoices set currency = $2 where id = $1`, [s.id, o.currency]);
        if (s.is_active && s.currency !== o.currency) {
          history.stopped.push({ day: today, currency: s.currency });
          history.started.push({ day: today, currency: o.currency });
        }
      }
    }
  }
}
