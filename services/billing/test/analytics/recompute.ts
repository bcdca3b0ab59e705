import { divRound, monthlyRecurring, type DashboardStats, type DashboardStatsQuery, type Frequency, toScaled } from '@billpoint/proto';
import type { TestDatabase } from '@billpoint/kit/testing';
import { windows } from '../../src/modules/dashboard/dashboard.service.ts';

/** The reference counts in cents, independently of the code's mills. */
const toCents = (v: string | number) => toScaled(v, 2);

/**
 * The oracle of the analytics tests: every figure of GET /api/dashboard/stats recomputed from the tenant's raw rows
 * (invoices, billing's payment copies, schedules, customers) by a full scan, with the definitions written on
 * `DashboardStats` — nothing shared with the rollups but those definitions. Churn needs history the rows do not keep
 * (when a schedule stopped): the test's own record of the starts and stops it made is passed in.
 */
export interface Raw {
  invoices: {
    id: number;
    customer_id: number;
    status: string;
    issue_date: string;
    due_date: string;
    currency: string;
    total: string;
    base: string;
    paid_day: string | null;
    recurring: boolean;
    created_at: string;
  }[];
  payments: { currency: string; method: string; status: string; amount: string; refunded: string; base: string; day: string }[];
  schedules: { currency: string; frequency: Frequency; total: string; is_active: boolean }[];
  customers: { id: number; name: string; company: string | null; deleted: boolean; created_ms: number | null }[];
  /** The organization's base currency (USD until its settings say otherwise). */
  base: string;
}

export async function loadRaw(db: TestDatabase, tenantId: string): Promise<Raw> {
  const q = async <T>(sql: string) => (await db.query(sql, [tenantId])).rows as T[];
  return {
    // Every amount of an invoice net of its credit notes: total − credited, base − credited at its rate.
    invoices: await q(`select id::float8 as id, customer_id::float8 as customer_id, status, issue_date::text, due_date::text, currency,
        (total - credited_amount)::text as total,
        (total_in_base_currency - round(credited_amount * exchange_rate, 2))::text as base, to_char(paid_at at time zone 'UTC', 'YYYY-MM-DD') as paid_day,
        recurring_invoice_id is not null as recurring, to_char(created_at, 'YYYY-MM-DD"T"HH24:MI:SS.US') as created_at
      from billing.invoices where tenant_id = $1`),
    payments: await q(`select currency, method, status, amount::text, refunded_amount::text as refunded, amount_base::text as base,
        payment_date::text as day from billing.invoice_payments where tenant_id = $1`),
    schedules: await q(`select currency, frequency, total::text, is_active from billing.recurring_invoices where tenant_id = $1`),
    customers: await q(
      `select id::float8 as id, name, company, deleted, (extract(epoch from created_at) * 1000)::float8 as created_ms from billing.customers where tenant_id = $1`,
    ),
    base: (
      await q<{ base: string }>(`select coalesce((select default_currency from billing.organizations where tenant_id = $1), 'USD') as base`)
    )[0]!.base.trim(),
  };
}

const money = (c: bigint) => Number(c) / 100;
const sum = (xs: bigint[]) => xs.reduce((a, b) => a + b, 0n);
const pct = (n: bigint, d: bigint) => (d === 0n ? null : Number(divRound(n * 1000n, d)) / 10);
function months(from: string, now: Date): string[] {
  const out: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const end = now.toISOString().slice(0, 7);
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`;
    out.push(key);
    if (key >= end) return out;
    if (++m > 12) [y, m] = [y + 1, 1];
  }
}

/** Everything but the 5 recent invoices' bodies (compared by id) and the schedule history figures. */
export function recompute(
  raw: Raw,
  q: DashboardStatsQuery,
  now: Date,
  churn: { started: { day: string; currency: string }[]; stopped: { day: string; currency: string }[] },
) {
  const w = windows(q.period, now);
  const C = q.currency ?? null;
  const start = w.periodStart;
  const today = now.toISOString().slice(0, 10);
  const inCur = (c: string) => !C || c === C;
  const val = (i: { total: string; base: string }) => toCents(C ? i.total : i.base);
  const issued = raw.invoices.filter((i) => !start || i.issue_date >= start);
  const mine = issued.filter((i) => inCur(i.currency));
  const paidAll = raw.invoices.filter((i) => i.status === 'paid' && inCur(i.currency));
  const paidIn = paidAll.filter((i) => i.paid_day && (!start || i.paid_day >= start));
  const open = (i: { status: string }) => ['sent', 'viewed', 'overdue'].includes(i.status);
  const total = BigInt(mine.length);
  const paidCount = BigInt(mine.filter((i) => i.status === 'paid').length);

  const byMonth = new Map<string, bigint>();
  for (const i of paidIn) byMonth.set(i.paid_day!.slice(0, 7), (byMonth.get(i.paid_day!.slice(0, 7)) ?? 0n) + val(i));
  let monthList: string[];
  if (start) monthList = months(start.slice(0, 7), now);
  else {
    const twelve = months(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1)).toISOString().slice(0, 7), now);
    const first = [...byMonth.keys()].sort()[0];
    monthList = first && first < twelve[0]! ? months(first, now) : twelve;
  }

  const perCurrency = new Map<string, bigint>();
  for (const i of issued) perCurrency.set(i.currency, (perCurrency.get(i.currency) ?? 0n) + toCents(i.total));

  // The money cards per currency (every currency, whatever `currency` says): revenue, outstanding, overdue.
  const cards = new Map<string, bigint[]>();
  const card = (i: { currency: string; total: string; base: string }, k: number) => {
    const v = cards.get(i.currency) ?? [0n, 0n, 0n, 0n, 0n, 0n];
    v[k] = v[k]! + toCents(i.total);
    v[k + 1] = v[k + 1]! + toCents(i.base);
    cards.set(i.currency, v);
  };
  for (const i of raw.invoices.filter((x) => x.status === 'paid' && (!start || (x.paid_day && x.paid_day >= start)))) card(i, 0);
  for (const i of issued.filter(open)) card(i, 2);
  for (const i of issued.filter((x) => x.status === 'overdue')) card(i, 4);

  const perCustomer = new Map<number, { n: number; paid: bigint }>();
  for (const i of raw.invoices.filter((x) => inCur(x.currency))) {
    const c = perCustomer.get(i.customer_id) ?? { n: 0, paid: 0n };
    c.n++;
    if (i.status === 'paid') c.paid += val(i);
    perCustomer.set(i.customer_id, c);
  }
  const invoiced = [...perCustomer.values()].filter((c) => c.n > 0);
  const names = new Map(raw.customers.map((c) => [c.id, c]));

  const methods = new Map<string, { amount: bigint; count: number }>();
  for (const p of raw.payments.filter((x) => inCur(x.currency) && (!start || x.day >= start))) {
    if (p.status !== 'completed' && p.status !== 'refunded') continue;
    const net = toCents(p.amount) - toCents(p.refunded);
    const amount = C ? net : divRound(toCents(p.base) * net, toCents(p.amount));
    const m = methods.get(p.method) ?? { amount: 0n, count: 0 };
    methods.set(p.method, { amount: m.amount + amount, count: m.count + 1 });
  }

  const paidDays = paidIn.map((i) => BigInt((Date.parse(i.paid_day!) - Date.parse(i.issue_date)) / 86_400_000));
  const current = sum(paidAll.filter((i) => i.paid_day && i.paid_day >= w.compareStart).map(val));
  const previous = sum(paidAll.filter((i) => i.paid_day && i.paid_day >= w.previousStart && i.paid_day < w.compareStart).map(val));
  const schedules = raw.schedules.filter((s) => s.is_active && inCur(s.currency));
  const started = BigInt(churn.started.filter((e) => e.day >= w.compareStart && inCur(e.currency)).length);
  const stopped = BigInt(churn.stopped.filter((e) => e.day >= w.compareStart && inCur(e.currency)).length);
  const atStart = BigInt(schedules.length) - started + stopped;
  // Active in the period: at its start, or started in it (a schedule started and stopped within it counts).
  const inPeriod = atStart + started;
  const in7 = new Date(Date.parse(today) + 7 * 86_400_000).toISOString().slice(0, 10);

  const expected: Omit<DashboardStats, 'recentInvoices'> & { recentIds: number[] } = {
    period: q.period ?? null,
    periodStart: start,
    currency: C,
    totalRevenue: money(sum((start ? paidIn : paidAll).map(val))),
    outstanding: money(sum(mine.filter(open).map(val))),
    overdue: money(sum(mine.filter((i) => i.status === 'overdue').map(val))),
    totalCustomers: raw.customers.filter((c) => !c.deleted).length,
    newCustomersThisMonth: raw.customers.filter(
      (c) => !c.deleted && c.created_ms !== null && c.created_ms >= Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1),
    ).length,
    totalInvoices: mine.length,
    paidInvoices: Number(paidCount),
    overdueInvoices: mine.filter((i) => i.status === 'overdue').length,
    pendingInvoices: mine.filter((i) => i.status === 'sent' || i.status === 'viewed').length,
    averageInvoiceValue: total ? money(divRound(sum(mine.map(val)), total)) : 0,
    dueSoonInvoices: raw.invoices.filter(
      (i) => inCur(i.currency) && (i.status === 'sent' || i.status === 'viewed') && i.due_date >= today && i.due_date <= in7,
    ).length,
    // Over the invoices issued to be paid: a draft is not an unpaid invoice.
    paymentSuccessRate: pct(paidCount, paidCount + BigInt(mine.filter(open).length)) ?? 0,
    revenueByMonth: monthList.map((month) => ({ month, revenue: money(byMonth.get(month) ?? 0n) })),
    currencyBreakdown: [...perCurrency]
      .filter(([, t]) => t !== 0n)
      .sort(([ac, a], [bc, b]) => (a === b ? ac.localeCompare(bc) : a > b ? -1 : 1))
      .map(([currency, t]) => ({ currency, total: money(t) })),
    baseCurrency: raw.base,
    byCurrency: [...cards]
      .filter(([, v]) => v.some((x) => x !== 0n))
      .sort(([ac, a], [bc, b]) => (a[1] === b[1] ? ac.localeCompare(bc) : a[1]! > b[1]! ? -1 : 1))
      .map(([currency, v]) => ({
        currency,
        revenue: money(v[0]!),
        revenueInBase: money(v[1]!),
        outstanding: money(v[2]!),
        outstandingInBase: money(v[3]!),
        overdue: money(v[4]!),
        overdueInBase: money(v[5]!),
      })),
    topCustomers: [...perCustomer]
      .filter(([, c]) => c.paid > 0n)
      .sort(([ai, a], [bi, b]) => (a.paid === b.paid ? ai - bi : a.paid > b.paid ? -1 : 1))
      .slice(0, 5)
      .map(([id, c]) => ({ id, name: names.get(id)!.name, company: names.get(id)!.company, totalSpent: money(c.paid) })),
    monthlyRecurringRevenue: monthlyRecurring(schedules.map((s) => ({ ...s, count: 1 }))).monthly,
    paymentMethodStats: [...methods]
      .map(([method, m]) => ({ method, amount: money(m.amount), count: m.count }))
      .filter((m) => m.count !== 0 || m.amount !== 0)
      .sort((a, b) => b.amount - a.amount || b.count - a.count || a.method.localeCompare(b.method)),
    revenueGrowth: pct(current - previous, previous),
    previousRevenue: money(previous),
    averageDaysToPayment: paidDays.length ? Number(divRound(sum(paidDays) * 10n, BigInt(paidDays.length))) / 10 : null,
    customerRetentionRate: pct(BigInt(invoiced.filter((c) => c.n > 1).length), BigInt(invoiced.length)),
    automationRate: pct(BigInt(mine.filter((i) => i.recurring).length), total),
    customerLifetimeValue: invoiced.length ? money(divRound(sum(invoiced.map((c) => c.paid)), BigInt(invoiced.length))) : null,
    churnRate: inPeriod > 0n ? pct(stopped, inPeriod) : null,
    customerAcquisitionCost: null,
    recentIds: (start ? mine : raw.invoices.filter((i) => inCur(i.currency)))
      .slice()
      .sort((a, b) =>
        start && a.issue_date !== b.issue_date
          ? b.issue_date.localeCompare(a.issue_date)
          : a.created_at !== b.created_at
            ? b.created_at.localeCompare(a.created_at)
            : b.id - a.id,
      )
      .slice(0, 5)
      .map((i) => i.id),
  };
  return expected;
}
