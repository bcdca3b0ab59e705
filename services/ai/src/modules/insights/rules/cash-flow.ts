import { sqlList } from '@billpoint/kit';
/** Cash-flow rules: overdue money held by a few customers, money expected in the next 30 days, sales tax to set aside. */
import {
  periodDate,
  toMills,
  vatDueDate,
  vatPeriod,
  type Frequency,
  type VatFilingFrequency,
  IssuedInvoiceStatuses,
} from '@billpoint/proto';
import { addDays, money, names, OPEN, parts, pct, type DraftInsight, type Formats, type Part, type Query } from './common.ts';

/** Overdue money (open invoices past due) held by a few customers: 2+ overdue invoices, the top 3 customers hold ≥ 80 %. */
export async function overdueConcentration(q: Query, f: Formats): Promise<DraftInsight[]> {
  const rows = await q<{ currency: string; customers: { name: string | null; amount: string; n: number }[] }>(
    `with o as (
       select currency, customer_id, max(customer_name) as name, sum(balance_due) as amount, count(*)::int as n
         from ${q.invoices}
        where tenant_id = $1 and not deleted and ${OPEN} and (status = 'overdue' or due_date < $2::date)
        group by currency, customer_id)
     select currency, json_agg(json_build_object('name', name, 'amount', amount::text, 'n', n) order by amount desc, customer_id) as customers
       from o group by currency order by currency`,
  );
  return rows.flatMap((r) => {
    const invoices = r.customers.reduce((s, c) => s + c.n, 0);
    const total = r.customers.reduce((s, c) => s + toMills(c.amount), 0n);
    const top = r.customers.slice(0, 3);
    const topSum = top.reduce((s, c) => s + toMills(c.amount), 0n);
    if (invoices < 2 || total <= 0n || topSum * 100n < total * 80n) return [];
    const who = names(top.map((c) => c.name ?? 'a customer'));
    return [
      {
        rule: 'overdue_concentration' as const,
        type: 'warning' as const,
        title: `${f.percent(pct(topSum, total))} of overdue ${r.currency} is owed by ${top.length === 1 ? 'one customer' : `${top.length} customers`}`,
        description: `${invoices} overdue invoices total ${f.money(total, r.currency)}; ${who} owe ${f.money(topSum, r.currency)} of it.`,
        impact: 'high' as const,
        category: 'cash_flow' as const,
        priority: 8,
        confidence: 90,
        timeframe: 'Now',
        estimatedValue: money(topSum, r.currency),
        recommendation: `Call ${who} this week for a payment date, and ask for a deposit or shorter terms on their next invoices.`,
        actionable: true,
      },
    ];
  });
}

/** Money expected in the next 30 days: open invoices due then, and the runs of active schedules (per currency). */
export async function cashFlowForecast(q: Query, today: string, f: Formats): Promise<DraftInsight[]> {
  const end = addDays(today, 30);
  const due = await q<{ currency: string; amount: string; n: number }>(
    `select currency, sum(balance_due)::text as amount, count(*)::int as n from ${q.invoices}
      where tenant_id = $1 and not deleted and ${OPEN} and due_date >= $2::date and due_date <= $2::date + 30
      group by currency`,
  );
  const schedules = await q<{ currency: string; total: string; frequency: Frequency; next: string }>(
    `select currency, total::text as total, frequency, to_char(next_invoice_date, 'YYYY-MM-DD') as next from ai.schedule_facts
      where tenant_id = $1 and not deleted and cancelled_at is null and is_active and next_invoice_date <= $2::date + 30`,
  );
  const by = new Map<string, { invoices: bigint; n: number; runs: bigint; r: number }>();
  const of = (c: string) => by.get(c) ?? (by.set(c, { invoices: 0n, n: 0, runs: 0n, r: 0 }), by.get(c)!);
  for (const d of due) Object.assign(of(d.currency), { invoices: toMills(d.amount), n: d.n });
  for (const s of schedules) {
    const e = of(s.currency);
    // Each run from the next date (or today, if a run is late) to 30 days from now.
    for (let k = 0, day = s.next; day <= end && k < 60; k++, day = periodDate(s.next, s.frequency, k)) {
      if (day < today) continue;
      e.runs += toMills(s.total);
      e.r += 1;
    }
  }
  return [...by.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([currency, e]) => {
      const total = e.invoices + e.runs;
      if (total <= 0n) return [];
      return [
        {
          rule: 'cash_flow_forecast' as const,
          type: 'trend' as const,
          title: `${f.money(total, currency)} expected in the next 30 days`,
          // Only the parts there are: never "0 scheduled invoices ($0.00)".
          description: `${[
            e.n ? `${e.n} open invoice${e.n === 1 ? '' : 's'} due by ${f.date(end)} (${f.money(e.invoices, currency)})` : '',
            e.r ? `${e.r} scheduled invoice${e.r === 1 ? '' : 's'} (${f.money(e.runs, currency)})` : '',
          ]
            .filter(Boolean)
            .join(' and ')}.`,
          impact: 'medium' as const,
          category: 'cash_flow' as const,
          priority: 5,
          // Scheduled runs are surer than open invoices' payment on the due date.
          confidence: e.runs >= e.invoices ? 80 : 70,
          timeframe: 'Next 30 days',
          estimatedValue: money(total, currency),
          recommendation: 'Send reminders a few days before these due dates, and plan larger spending after the money arrives.',
          actionable: true,
        },
      ];
    });
}

/** How the organization files VAT: what dates its return (the same rule as the tax compliance tab). */
export interface VatFiling {
  country: string | null;
  frequency: VatFilingFrequency;
  extension: boolean;
}
export const MONTHLY_VAT: VatFiling = { country: null, frequency: 'monthly', extension: false };

const PERIOD_WORD: Record<VatFilingFrequency, string> = { monthly: 'month', quarterly: 'quarter', annual: 'year' };

/**
 * Sales tax on the invoices of the current VAT period (issued, not drafts or cancelled; monthly, quarterly or annual
 * as the organization files), due when its return is (vatDueDate: the seller's country, the frequency, Germany's
 * extension): the tax service has no summary over the bus, so the invoices' own tax is used.
 */
export async function taxDue(q: Query, today: string, f: Formats, vat: VatFiling = MONTHLY_VAT): Promise<DraftInsight[]> {
  const period = vatPeriod(vat.frequency, today);
  const dueDate = vatDueDate({ ...vat, period });
  const days = Math.round((Date.parse(dueDate) - Date.parse(today)) / 86_400_000);
  const rows = await q<{ currency: string; tax: string; parts: Part[] }>(
    `with x as (
       select currency, own_currency, sum(tax_amount) as tax, sum(own_tax_amount) as own from ${q.invoices}
        where tenant_id = $1 and not deleted and status in (${sqlList(IssuedInvoiceStatuses)}) and issue_date >= '${period.startDate}'::date and issue_date <= $2::date
        group by currency, own_currency)
     select currency, sum(tax)::text as tax,
            json_agg(json_build_object('currency', own_currency, 'own', own::text, 'inBase', tax::text) order by own_currency) as parts
       from x group by currency having sum(tax) > 0 order by currency`,
  );
  return rows.map((r) => ({
    rule: 'tax_due' as const,
    type: 'recommendation' as const,
    title: `Set aside ${f.money(toMills(r.tax), r.currency)} for sales tax`,
    description: `Tax on this ${PERIOD_WORD[vat.frequency]}’s invoices so far${parts(
      f,
      r.currency,
      r.parts.filter((p) => toMills(p.own) !== 0n),
    )}; it is due by ${f.date(dueDate)} (${days} days).`,
    impact: days <= 30 ? ('high' as const) : ('medium' as const),
    category: 'cash_flow' as const,
    priority: days <= 30 ? 8 : days <= 60 ? 6 : 4,
    confidence: 85,
    timeframe: `Due ${f.date(dueDate)}`,
    estimatedValue: money(toMills(r.tax), r.currency),
    recommendation: `Move ${f.money(toMills(r.tax), r.currency)} to a tax reserve now and check the Tax summary before filing.`,
    actionable: true,
  }));
}
