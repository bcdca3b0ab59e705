import type { EntityManager, Logger } from '@billpoint/kit';

/** The parameters, bound once: tenant, old base, new base. */
const P = `p as (select ?::uuid as t, ?::text as o, ?::text as n)`;
const T = `(select t from p)`;
const NEW = `(select n from p)`;

/**
 * The rate of the new base in the old base in force on a day (`d`, an SQL date expression), from the rates as they
 * are before the change; the earliest one known when none is dated on or before it.
 */
const newBaseIn = (d: string) => `coalesce(
    (select nb.rate from billing.exchange_rates nb where nb.tenant_id = ${T} and nb.currency = ${NEW} and nb.day <= ${d} order by nb.day desc limit 1),
    (select nb.rate from billing.exchange_rates nb where nb.tenant_id = ${T} and nb.currency = ${NEW} order by nb.day limit 1))`;

/**
 * The base currency changed from `from` to `to`: every figure is recomputed, none silently
 * drops to 0. In the transaction of the settings event, from the rates as they were (old base units per unit):
 *
 * - every invoice's rate becomes new-base units per unit of its currency — its own rate ÷ R, where R is the new base's
 *   rate in the old one on its issue date (1 for an invoice in the new base) — and its total in base currency follows
 *   (total × rate, half-up to cents). The analytics rollups follow through their triggers. Quotes the same way (on
 *   their issue date); credit notes take their invoice's restated rate.
 * - billing's copies of payments: their base amount ÷ R on the payment date (the amount itself in the new base).
 * - the rates table is restated in the new base (C ÷ R of the same day; the old base becomes a currency at 1 ÷ R), a
 *   manual rate staying manual; rates of days before any rate of the new base are dropped (they cannot be restated).
 *
 * Invoices (and quotes) in a third currency while no rate of the new base is known at all keep their figures and are logged.
 * Answers how many invoices were restated.
 */
export async function rebase(em: EntityManager, log: Logger, tenantId: string, from: string, to: string): Promise<number> {
  const p = [tenantId, from, to];
  const [inv] = await em.execute<{ n: string }[]>(
    `with ${P}, r as (
       select i.id, case when i.currency = ${NEW} then 1::numeric else round(i.exchange_rate / ${newBaseIn('i.issue_date')}, 6) end as rate
         from billing.invoices i where i.tenant_id = ${T}
     ), u as (
       update billing.invoices i set exchange_rate = r.rate, total_in_base_currency = round(i.total * r.rate, 2)
         from r where i.tenant_id = ${T} and i.id = r.id and r.rate > 0 and round(i.total * r.rate, 2) < 10000000000000
       returning 1
     ) select count(*)::text as n from u`,
    p,
  );
  const [quotes] = await em.execute<{ n: string }[]>(
    `with ${P}, r as (
       select q.id, case when q.currency = ${NEW} then 1::numeric else round(q.exchange_rate / ${newBaseIn('q.issue_date')}, 6) end as rate
         from billing.quotes q where q.tenant_id = ${T}
     ), u as (
       update billing.quotes q set exchange_rate = r.rate, total_in_base_currency = round(q.total * r.rate, 2)
         from r where q.tenant_id = ${T} and q.id = r.id and r.rate > 0 and round(q.total * r.rate, 2) < 10000000000000
       returning 1
     ) select count(*)::text as n from u`,
    p,
  );
  // A credit note keeps its invoice's rate (it corrects the invoice as counted): the invoice's restated one.
  const [notes] = await em.execute<{ n: string }[]>(
    `with u as (
       update billing.credit_notes n set exchange_rate = i.exchange_rate, total_in_base_currency = round(n.total * i.exchange_rate, 2)
         from billing.invoices i where n.tenant_id = ? and i.tenant_id = n.tenant_id and i.id = n.invoice_id
       returning 1
     ) select count(*)::text as n from u`,
    [tenantId],
  );
  await em.execute(
    `with ${P}, r as (
       select x.payment_id, case when x.currency = ${NEW} then x.amount else round(x.amount_base / ${newBaseIn('x.payment_date')}, 2) end as base
         from billing.invoice_payments x where x.tenant_id = ${T}
     )
     update billing.invoice_payments y set amount_base = r.base from r
      where y.tenant_id = ${T} and y.payment_id = r.payment_id and r.base is not null`,
    p,
  );
  const restated = await em.execute<{ day: string; currency: string; rate: string; source: string }[]>(
    `with ${P}, r as (
       select e.day, e.currency, e.rate, e.source,
         (select x.rate from billing.exchange_rates x where x.tenant_id = ${T} and x.currency = ${NEW} and x.day <= e.day
           order by x.day desc limit 1) as nb
         from billing.exchange_rates e where e.tenant_id = ${T}
     )
     select to_char(day, 'YYYY-MM-DD') as day, case when currency = ${NEW} then (select o from p) else currency end as currency,
       greatest(case when currency = ${NEW} then round(1 / rate, 10) else round(rate / nb, 10) end, 0.0000000001)::text as rate, source
       from r where nb is not null`,
    p,
  );
  await em.execute(`delete from billing.exchange_rates where tenant_id = ?`, [tenantId]);
  if (restated.length)
    await em.execute(
      `insert into billing.exchange_rates (tenant_id, day, currency, rate, source)
       select ?::uuid, r.day::date, r.currency, r.rate::numeric, r.source
         from jsonb_to_recordset(?::jsonb) as r (day text, currency text, rate text, source text) order by r.currency, r.day`,
      [tenantId, JSON.stringify(restated)],
    );
  const n = Number(inv!.n);
  log.info(
    { tenantId, from, to, invoices: n, quotes: Number(quotes!.n), creditNotes: Number(notes!.n), rates: restated.length },
    'base currency changed: figures restated',
  );
  const [left] = await em.execute<{ n: string }[]>(
    `select count(*)::text as n from billing.invoices where tenant_id = ? and currency <> ? and exchange_rate = 1 and currency <> ?`,
    [tenantId, to, from],
  );
  if (Number(left!.n) > 0) log.warn({ tenantId, from, to, invoices: Number(left!.n) }, 'some invoices have no rate to the base currency');
  return n;
}
