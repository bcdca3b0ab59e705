import { fromMills, toMills, type ReportData } from '@billpoint/proto';
import { Accounts } from '../ledger/accounts.ts';

export type GeneratedType = 'profit_loss' | 'sales_tax' | 'vat_return' | 'tax_summary';

export const REPORT_TITLES: Record<GeneratedType, string> = {
  profit_loss: 'Profit & Loss',
  sales_tax: 'Sales Tax',
  vat_return: 'VAT Return',
  tax_summary: 'Tax Summary',
};

/** One group of a period's ledger lines: per account and (for tax lines) per tax rate. */
export interface LedgerGroup {
  code: string;
  name: string;
  type: string;
  tax_rate_id: string | null;
  tax_rate_name: string | null;
  tax_type: string | null;
  tax_rate: string | null;
  debit: string;
  credit: string;
  taxable: string | null;
  lines: number;
}

/**
 * The period's ledger figures of one currency, summed per account and tax rate, from the day totals of the lines
 * (`tax.ledger_daily`, kept by a trigger in the transaction of every posting): one index range of at most one row
 * per day and group; every figure exact (numeric sums as text).
 */
export const LEDGER_GROUPS_SQL = `select a.code, a.name, a.type, d.tax_rate_id::text as tax_rate_id, max(d.tax_rate_name) as tax_rate_name,
    max(d.tax_type) as tax_type, d.tax_rate::text as tax_rate, sum(d.debit)::text as debit, sum(d.credit)::text as credit,
    sum(d.taxable)::text as taxable, sum(d.lines)::int as lines
  from tax.ledger_daily d
  join tax.chart_of_accounts a on a.tenant_id = d.tenant_id and a.id = d.account_id
  where d.tenant_id = $1 and d.currency = $2 and d.entry_date between $3::date and $4::date
  group by a.code, a.name, a.type, d.tax_rate_id, d.tax_rate_name, d.tax_type, d.tax_rate
  order by a.code, max(d.tax_rate_name) nulls last, d.tax_rate nulls last`;

const c = (v: string | null) => toMills(v ?? '0');
/** Net sales: revenue accounts, discounts negative — not the realised exchange gains and losses, which are no sales. */
const FX_ACCOUNTS: ReadonlySet<string> = new Set([Accounts.exchangeGains, Accounts.exchangeLosses]);
const isSales = (g: LedgerGroup) => (g.type === 'revenue' || g.type === 'contra_revenue') && !FX_ACCOUNTS.has(g.code);
const credit = (g: LedgerGroup) => c(g.credit) - c(g.debit);
const debit = (g: LedgerGroup) => c(g.debit) - c(g.credit);
const line = (label: string, accountCode: string | null, cents: bigint) => ({ label, accountCode, amount: fromMills(cents) });
const sum = (xs: readonly bigint[]) => xs.reduce((a, b) => a + b, 0n);

/** Sums groups by a key, keeping first-seen order. */
function byKey<T>(
  groups: LedgerGroup[],
  key: (g: LedgerGroup) => string,
  init: (g: LedgerGroup) => T,
  add: (acc: T, g: LedgerGroup) => void,
) {
  const m = new Map<string, T>();
  for (const g of groups) {
    const k = key(g);
    if (!m.has(k)) m.set(k, init(g));
    add(m.get(k)!, g);
  }
  return [...m.values()];
}

interface RateFigures {
  label: string;
  type: string | null;
  tax: bigint;
  taxable: bigint;
}

/** Output tax per rate: the lines of Sales Tax Payable (credits − debits), with the net amounts the tax was computed on. */
function outputRates(groups: LedgerGroup[]): RateFigures[] {
  return byKey<RateFigures>(
    groups.filter((g) => g.code === Accounts.salesTaxPayable),
    (g) => `${g.tax_rate_id}|${g.tax_rate_name}|${g.tax_type}|${g.tax_rate}`,
    (g) => ({
      label: g.tax_rate == null ? (g.tax_rate_name ?? 'Tax (no rate given)') : `${g.tax_rate_name ?? 'Tax'} (${g.tax_rate}%)`,
      type: g.tax_type,
      tax: 0n,
      taxable: 0n,
    }),
    (acc, g) => {
      acc.tax += credit(g);
      acc.taxable += c(g.taxable);
    },
  ).filter((r) => r.tax !== 0n || r.taxable !== 0n);
}

const accountLines = (groups: LedgerGroup[], pick: (g: LedgerGroup) => boolean, amount: (g: LedgerGroup) => bigint) =>
  byKey(
    groups.filter(pick),
    (g) => g.code,
    (g) => ({ code: g.code, name: g.name, cents: 0n }),
    (acc, g) => {
      acc.cents += amount(g);
    },
  );

/** ReportData of a type from the period's ledger groups. Each section's title says how its figures are defined. */
export function buildReport(type: GeneratedType, currency: string, groups: LedgerGroup[]): ReportData {
  const ledgerLines = groups.reduce((n, g) => n + g.lines, 0);
  const inputTax = sum(groups.filter((g) => g.code === Accounts.inputTax).map(debit));
  const collected = sum(groups.filter((g) => g.code === Accounts.salesTaxPayable).map(credit));
  const netSales = sum(groups.filter(isSales).map(credit));

  if (type === 'profit_loss') {
    const revenue = accountLines(groups, (g) => g.type === 'revenue' || g.type === 'contra_revenue', credit);
    const expenses = accountLines(groups, (g) => g.type === 'expense', debit);
    const rTotal = sum(revenue.map((r) => r.cents));
    const eTotal = sum(expenses.map((r) => r.cents));
    return {
      currency,
      sections: [
        {
          title: 'Revenue (credits − debits of revenue accounts; discounts negative)',
          lines: revenue.map((r) => line(r.name, r.code, r.cents)),
          total: fromMills(rTotal),
        },
        {
          title: 'Expenses (debits − credits of expense accounts, per category; net of input tax)',
          lines: expenses.map((r) => line(r.name, r.code, r.cents)),
          total: fromMills(eTotal),
        },
      ],
      summary: { label: 'Net profit (revenue − expenses)', amount: fromMills(rTotal - eTotal) },
      ledgerLines,
    };
  }
  if (type === 'sales_tax') {
    const rates = outputRates(groups);
    return {
      currency,
      sections: [
        {
          title:
            'Taxable sales per rate (net amounts tax was charged on, from invoices issued in the period, less credit notes issued in it)',
          lines: rates.map((r) => line(r.label, Accounts.salesTaxPayable, r.taxable)),
          total: fromMills(sum(rates.map((r) => r.taxable))),
        },
        {
          title: 'Sales tax collected per rate (credits − debits of 2100 Sales Tax Payable)',
          lines: rates.map((r) => line(r.label, Accounts.salesTaxPayable, r.tax)),
          total: fromMills(collected),
        },
      ],
      summary: { label: 'Total sales tax collected', amount: fromMills(collected) },
      ledgerLines,
    };
  }
  if (type === 'vat_return') {
    const vat = outputRates(groups).filter((r) => r.type === 'vat' || r.type === 'gst');
    const output = sum(vat.map((r) => r.tax));
    return {
      currency,
      sections: [
        {
          title: 'Output VAT per rate (tax collected at rates of type vat or gst)',
          lines: vat.map((r) => line(r.label, Accounts.salesTaxPayable, r.tax)),
          total: fromMills(output),
        },
        {
          title: 'Input tax recoverable (debits − credits of 1200 Input Tax Recoverable, from expenses)',
          lines: [line('Input tax on expenses', Accounts.inputTax, inputTax)],
          total: fromMills(inputTax),
        },
      ],
      summary: { label: 'Net VAT due (output VAT − input tax)', amount: fromMills(output - inputTax) },
      ledgerLines,
    };
  }
  return {
    currency,
    sections: [
      {
        title: 'Tax collected (output tax: credits − debits of 2100 Sales Tax Payable)',
        lines: [line('Tax collected', Accounts.salesTaxPayable, collected)],
        total: fromMills(collected),
      },
      {
        title: 'Input tax recoverable (debits − credits of 1200 Input Tax Recoverable)',
        lines: [line('Input tax on expenses', Accounts.inputTax, inputTax)],
        total: fromMills(inputTax),
      },
      {
        title: 'Taxable sales (net sales: credits − debits of revenue accounts 4000–4900)',
        lines: [line('Net sales', null, netSales)],
        total: fromMills(netSales),
      },
    ],
    summary: { label: 'Tax payable (collected − input tax)', amount: fromMills(collected - inputTax) },
    ledgerLines,
  };
}

/** The tax summary's figures from the same groups. */
export function taxFigures(groups: LedgerGroup[]) {
  const collected = sum(groups.filter((g) => g.code === Accounts.salesTaxPayable).map(credit));
  const input = sum(groups.filter((g) => g.code === Accounts.inputTax).map(debit));
  const netSales = sum(groups.filter(isSales).map(credit));
  return { totalCollected: fromMills(collected), totalPayable: fromMills(collected - input), taxableSales: fromMills(netSales) };
}
