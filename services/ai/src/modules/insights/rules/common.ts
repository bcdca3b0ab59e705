import { sqlList } from '@billpoint/kit';
/** What the insight rules (rules.ts and its families here) share: their shapes and helpers (texts are written with `Formats`). */
import { divRound, fromMills, toMills, type AiInsight, OpenInvoiceStatuses } from '@billpoint/proto';
import type { Formats } from '../format.ts';
export type { Formats } from '../format.ts';

/** An insight as a rule makes it (the store adds id and createdAt). */
export type DraftInsight = Omit<AiInsight, 'id' | 'createdAt'>;

/**
 * Runs one tenant-scoped statement ($1 = tenant id, $2 = today as YYYY-MM-DD); `invoices` is the invoice facts as the
 * rules read them (invoiceFacts): in the base currency.
 */
export type Query = (<R>(sql: string) => Promise<R[]>) & { invoices: string };

/**
 * The invoice facts in the organization's base currency, as a table expression named invoice_facts:
 * `currency` is the base and the money columns are converted at the invoice's own rate (half-up to the cent), an
 * invoice in the base at 1; `own_currency`, `own_total` keep what it was issued in. Facts without a rate in the base
 * are not in it (the insights name their currencies: WITHOUT_RATE_SQL). With a null base (benchmarks, tools): every
 * invoice in its own currency.
 */
export function invoiceFacts(base: string | null): string {
  if (base !== null && !/^[A-Z]{3}$/.test(base)) throw new Error(`not a currency code: ${base}`);
  const rate = base ? `case when f.currency = '${base}' then 1 else f.exchange_rate end` : '1';
  return `(select f.tenant_id, f.id, f.customer_id, f.customer_name, f.status, f.issue_date, f.due_date, f.paid_at, f.deleted,
      ${base ? `'${base}'::text` : 'f.currency'} as currency, round(f.total * r.rate, 2) as total,
      round(f.balance_due * r.rate, 2) as balance_due, round(f.tax_amount * r.rate, 2) as tax_amount,
      f.currency as own_currency, f.total as own_total, f.tax_amount as own_tax_amount
    from ai.invoice_facts f cross join lateral (select ${rate} as rate) r
   where r.rate is not null) as invoice_facts`;
}

/** Currencies of the tenant's live invoice facts that have no rate in the base (named by the insights, never 0). */
export const WITHOUT_RATE_SQL = (base: string) =>
  `select distinct currency from ai.invoice_facts where tenant_id = $1 and not deleted and exchange_rate is null
     and currency <> '${base}' order by currency`;

/** "EUR €100.00 = $110.00; USD $100.00": each currency's part of a base-currency figure (nothing when only the base). */
export interface Part {
  currency: string;
  own: string;
  inBase: string;
}
export function parts(f: Formats, base: string, list: Part[]): string {
  if (list.every((p) => p.currency === base)) return '';
  return ` (${list
    .map((p) =>
      p.currency === base
        ? f.money(toMills(p.own), p.currency)
        : `${f.money(toMills(p.own), p.currency)} = ${f.money(toMills(p.inBase), base)}`,
    )
    .join('; ')})`;
}

/** Open invoices: issued, not settled. */
export const OPEN = `status in (${sqlList(OpenInvoiceStatuses)}) and balance_due > 0`;
/** An estimated value: cents as a decimal amount, in a currency. */
export const money = (c: bigint, currency: string) => ({ amount: fromMills(c), currency });
/** a / b as a whole percent (display only; the decisions compare cents). */
export const pct = (a: bigint, b: bigint) => (b === 0n ? 0 : Number(divRound(a * 100n, b)));
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
export const names = (list: string[]) => (list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`);
