import { monthlyRecurring, toCents, type DashboardStats, type Frequency, type Invoice } from '@billpoint/proto';
import type { Identity, ServiceContext } from '@billpoint/kit';
import { CUSTOMER_JOIN, INVOICE_COLUMNS, toInvoice, type InvoiceRow } from '../invoice/invoice.sql.ts';

/**
 * One statement, one round trip: the tenant's summary rows (kept by triggers in the transaction of every invoice
 * change), the customer count, the invoices due within 7 days (a range on a partial index), the top customers and
 * the 5 most recent invoices. Nothing here grows with the number of invoices.
 */
const STATS_SQL = `select
  (select coalesce(json_agg(json_build_object('status', status, 'currency', currency, 'count', invoice_count,
      'total', total::text, 'base', total_base::text)), '[]'::json)
     from billing.stats_status where tenant_id = $1) as by_status,
  (select coalesce(json_agg(json_build_object('month', to_char(month, 'YYYY-MM'), 'revenue', revenue_base::text) order by month), '[]'::json)
     from billing.stats_month where tenant_id = $1 and paid_count <> 0) as by_month,
  (select count(*) from billing.customers where tenant_id = $1 and not deleted)::int as customers,
  (select count(*) from billing.invoices where tenant_id = $1 and status in ('sent', 'viewed')
      and due_date between (now() at time zone 'UTC')::date and (now() at time zone 'UTC')::date + 7)::int as due_soon,
  (select coalesce(json_agg(t), '[]'::json) from (
     select s.customer_id as id, c.name, c.company, s.paid_base::text as "totalSpent"
       from billing.stats_customer s join billing.customers c on c.tenant_id = s.tenant_id and c.id = s.customer_id
      where s.tenant_id = $1 and s.paid_base > 0 order by s.paid_base desc, s.customer_id limit 5) t) as top_customers,
  (select coalesce(json_agg(json_build_object('currency', currency, 'frequency', frequency, 'total', total::text, 'count', n)), '[]'::json)
     from (select currency, frequency, sum(total) as total, count(*)::int as n from billing.recurring_invoices
            where tenant_id = $1 and is_active group by currency, frequency) m) as recurring,
  (select coalesce(json_agg(r), '[]'::json) from (
     select ${INVOICE_COLUMNS} from billing.invoices i ${CUSTOMER_JOIN}
      where i.tenant_id = $1 order by i.created_at desc, i.id desc limit 5) r) as recent`;

interface StatsRow {
  by_status: { status: string; currency: string; count: number; total: string; base: string }[];
  by_month: { month: string; revenue: string }[];
  customers: number;
  due_soon: number;
  top_customers: { id: number; name: string; company: string | null; totalSpent: string }[];
  recent: InvoiceRow[];
  recurring: { currency: string; frequency: Frequency; total: string; count: number }[];
}

/** Sums decimal strings exactly (cents as BigInt), answered as a number for the JSON shape. */
const sum = (values: string[]) => Number(values.reduce((acc, v) => acc + toCents(v), 0n)) / 100;
const OPEN = new Set(['sent', 'viewed', 'overdue']);

/** The last `n` months up to this one, as YYYY-MM (UTC). */
function monthsBack(n: number, now = new Date()): string[] {
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    out.push(d.toISOString().slice(0, 7));
  }
  return out;
}

export class DashboardService {
  readonly #ctx: ServiceContext;
  constructor(ctx: ServiceContext) {
    this.#ctx = ctx;
  }

  /**
   * Figures in the base currency (total × exchange rate): revenue = paid; outstanding = sent, viewed and overdue;
   * pending = sent and viewed; average = over all invoices; currencies = invoiced totals in each invoice currency;
   * top customers = by paid revenue; revenue by month = by month paid, every month from the first (at least the
   * last 12) so that the 6M / 1Y / All views need no gap filling.
   */
  async stats(id: Pick<Identity, 'tenantId'>): Promise<DashboardStats> {
    const [row] = await this.#ctx.reader.query<StatsRow & { [k: string]: unknown }>(id.tenantId, STATS_SQL, [id.tenantId]);
    const r = row!;
    const byStatus = r.by_status;
    const base = (pred: (s: string) => boolean) => sum(byStatus.filter((s) => pred(s.status)).map((s) => s.base));
    const count = (pred: (s: string) => boolean) => byStatus.filter((s) => pred(s.status)).reduce((a, s) => a + Number(s.count), 0);
    const totalInvoices = count(() => true);
    const allBase = base(() => true);

    const revenue = new Map(r.by_month.map((m) => [m.month, m.revenue]));
    const first = r.by_month[0]?.month;
    const recentMonths = monthsBack(12);
    let months = recentMonths;
    if (first && first < recentMonths[0]!) {
      const [y, m] = first.split('-').map(Number) as [number, number];
      const now = new Date();
      const span = (now.getUTCFullYear() - y) * 12 + (now.getUTCMonth() + 1 - m) + 1;
      months = monthsBack(span);
    }
    const currencies = new Map<string, string[]>();
    for (const s of byStatus) currencies.set(s.currency, [...(currencies.get(s.currency) ?? []), s.total]);

    const recentInvoices: Invoice[] = r.recent.map(toInvoice);
    return {
      totalRevenue: base((s) => s === 'paid'),
      outstanding: base((s) => OPEN.has(s)),
      overdue: base((s) => s === 'overdue'),
      totalCustomers: r.customers,
      totalInvoices,
      paidInvoices: count((s) => s === 'paid'),
      overdueInvoices: count((s) => s === 'overdue'),
      pendingInvoices: count((s) => s === 'sent' || s === 'viewed'),
      averageInvoiceValue: totalInvoices ? Math.round((allBase / totalInvoices) * 100) / 100 : 0,
      dueSoonInvoices: r.due_soon,
      revenueByMonth: months.map((month) => ({ month, revenue: sum([revenue.get(month) ?? '0.00']) })),
      currencyBreakdown: [...currencies]
        .map(([currency, totals]) => ({ currency, total: sum(totals) }))
        .filter((c) => c.total !== 0)
        .sort((a, b) => b.total - a.total || a.currency.localeCompare(b.currency)),
      topCustomers: r.top_customers.map((c) => ({
        id: Number(c.id),
        name: c.name,
        company: c.company ?? null,
        totalSpent: sum([c.totalSpent]),
      })),
      recentInvoices,
      monthlyRecurringRevenue: monthlyRecurring(r.recurring).monthly,
    };
  }
}
