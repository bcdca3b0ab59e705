import { z } from 'zod';
import { CurrencyCode } from './common.ts';
import { IsoDate } from './invoice.ts';

/**
 * The tax service's financial reports (the Tax management screen, financial_reports, status colours,
 * report periods) and the tax summary, all computed from the ledger. Money travels as exact decimal strings.
 */

export const ReportTypes = [
  'profit_loss',
  'balance_sheet',
  'cash_flow',
  'tax_summary',
  'sales_tax',
  'vat_return',
  'quarterly_tax',
  'annual_tax',
] as const;
/** The types the screen offers and the service generates. */
export const GeneratedReportTypes = ['profit_loss', 'sales_tax', 'vat_return', 'tax_summary'] as const;
export const ReportStatuses = ['draft', 'generated', 'filed', 'archived'] as const;
/** The report periods; current-quarter is the default, labelled like 2026-Q4. */
export const ReportPeriods = ['current-month', 'current-quarter', 'current-year'] as const;
export type ReportPeriod = (typeof ReportPeriods)[number];

/** POST /api/financial-reports/generate. Dates yyyy-mm-dd; endDate on or after startDate; at most 5 years. */
export const GenerateReportBody = z
  .strictObject({
    type: z.enum(GeneratedReportTypes, { error: `Type must be one of ${GeneratedReportTypes.join(', ')}` }),
    period: z.enum(ReportPeriods, { error: `Period must be one of ${ReportPeriods.join(', ')}` }).default('current-quarter'),
    startDate: IsoDate('Start date is required'),
    endDate: IsoDate('End date is required'),
    /**
     * The one currency whose figures are reported, unconverted. Without it: the organization's base currency, every
     * currency of the period converted into it (ReportData.byCurrency).
     */
    currency: CurrencyCode.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.endDate < b.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date must be on or after the start date' });
  });
export type GenerateReportBody = z.input<typeof GenerateReportBody>;

/** One figure line of a report: a label, an account code where it comes from one, and an exact amount. */
export const ReportLine = z.object({ label: z.string(), accountCode: z.string().nullable(), amount: z.string() });
export const ReportSection = z.object({ title: z.string(), lines: z.array(ReportLine), total: z.string() });
export const ReportData = z.object({
  currency: z.string(),
  sections: z.array(ReportSection),
  /** The bottom line's label and amount (net profit, tax payable, VAT due …). */
  summary: z.object({ label: z.string(), amount: z.string() }),
  /** How many ledger lines it was computed from. */
  ledgerLines: z.number().int(),
  /**
   * Generated without a currency: `currency` is the organization's base currency and the figures add up
   * every currency of the period in it, each day's figures at billing's rate of that day. Here each currency's own
   * bottom line and what it came to in the base (`inBase` null when a day of the period has no rate: named, left out
   * of the figures, never counted as 0). Absent on a report of one currency asked for, and on reports made before.
   */
  byCurrency: z
    .array(z.object({ currency: z.string(), amount: z.string(), inBase: z.string().nullable(), ledgerLines: z.number().int() }))
    .optional(),
  /**
   * The currencies with figures in the period that are left out of this base-currency report for want of an exchange
   * rate on one of its days (each also in `byCurrency` with `inBase` null): every figure above is without them.
   * Absent where nothing is converted, and on reports made before.
   */
  excludedCurrencies: z.array(z.string()).optional(),
});
export type ReportData = z.infer<typeof ReportData>;

/** What a screen or a download says under totals that leave currencies out: "Not included: CHF (no exchange rate)". */
export const excludedCurrenciesNote = (currencies: readonly string[] | undefined): string | null =>
  currencies?.length ? `Not included: ${currencies.join(', ')} (no exchange rate)` : null;

export const FinancialReport = z.object({
  id: z.number().int(),
  type: z.enum(ReportTypes),
  title: z.string(),
  /** Label of the period: 2026-Q4, 2026-11, 2026. */
  period: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.enum(ReportStatuses),
  reportData: ReportData,
  generatedAt: z.string().nullable(),
  filedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type FinancialReport = z.infer<typeof FinancialReport>;
/** GET /api/financial-reports (`reports[]`), newest first. CSV: GET …/{id}/csv; PDF: GET …/{id}/pdf. */
export const FinancialReportList = z.object({ reports: z.array(FinancialReport) });

/** The statuses a user sets on a stored report: filed once the return is submitted, archived to set it aside. */
export const SettableReportStatuses = ['generated', 'filed', 'archived'] as const;
/**
 * PATCH /api/financial-reports/{id}: `filed` stamps `filedAt` (kept when filed again), `generated` undoes a filing
 * (clears `filedAt`), `archived` keeps `filedAt`. A report's figures never change: generate a new one instead.
 */
export const UpdateReportBody = z.strictObject({
  status: z.enum(SettableReportStatuses, { error: `Status must be one of ${SettableReportStatuses.join(', ')}` }),
});
export type UpdateReportBody = z.infer<typeof UpdateReportBody>;

export const FinancialReportEvents = {
  Generated: 'evt.tax.financial-report.generated',
  Updated: 'evt.tax.financial-report.updated',
} as const;
/** A report event carries the report without its figures (the audit log and consumers need its identity and status). */
export const FinancialReportEventData = FinancialReport.omit({ reportData: true }).extend({
  summary: z.object({ label: z.string(), amount: z.string() }),
  currency: z.string(),
});
export type FinancialReportEventData = z.infer<typeof FinancialReportEventData>;

/** GET /api/tax-summary: the current quarter (in the organization's time zone), from the ledger, one currency. */
export const TaxSummary = z.object({
  currency: z.string(),
  period: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** Output tax on invoices issued in the period, less the tax of credit notes issued in it. */
  totalCollected: z.string(),
  /** Output tax minus reclaimable input tax on expenses: what is owed for the period. */
  totalPayable: z.string(),
  /** Net sales (before tax) of invoices issued in the period, less credit notes issued in it. */
  taxableSales: z.string(),
  /** Every currency the ledger has figures in, so the screen can offer the others. */
  currencies: z.array(z.string()),
  /**
   * Without `?currency=`: `currency` is the organization's base currency and the three totals add up every
   * currency of the period in it, each day's figures at the rate in force that day. Here each currency's own figures,
   * and `inBase` what they came to (null when a day of the period has no rate: left out of the totals, never as 0).
   * With `?currency=`: that currency alone, nothing converted.
   */
  /**
   * The currencies with figures in the period left out of the three totals (no rate for a day of it; `inBase` null in
   * `byCurrency`): the totals are without them, so the screen names them. Empty with `?currency=`.
   */
  excludedCurrencies: z.array(z.string()),
  byCurrency: z.array(
    z.object({
      currency: z.string(),
      totalCollected: z.string(),
      totalPayable: z.string(),
      taxableSales: z.string(),
      inBase: z.object({ totalCollected: z.string(), totalPayable: z.string(), taxableSales: z.string() }).nullable(),
    }),
  ),
});
export type TaxSummary = z.infer<typeof TaxSummary>;

/** GET /api/tax-summary?currency=: the currency whose figures are summed (default: the organization's). */
export const TaxSummaryQuery = z.object({ currency: CurrencyCode.optional() });
export type TaxSummaryQuery = z.infer<typeof TaxSummaryQuery>;

/** The label of the period containing `date` (yyyy-mm-dd): 2026-Q4, 2026-11 or 2026. */
export function reportPeriodLabel(period: ReportPeriod, date: string): string {
  const [y, m] = date.split('-');
  if (period === 'current-month') return `${y}-${m}`;
  if (period === 'current-year') return `${y}`;
  return `${y}-Q${Math.floor((Number(m) - 1) / 3) + 1}`;
}

/** The first and last day (yyyy-mm-dd) of the period containing `date`. */
export function reportPeriodRange(period: ReportPeriod, date: string): { startDate: string; endDate: string } {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const [from, to] =
    period === 'current-month'
      ? [m, m]
      : period === 'current-year'
        ? [1, 12]
        : [Math.floor((m - 1) / 3) * 3 + 1, Math.floor((m - 1) / 3) * 3 + 3];
  const last = new Date(Date.UTC(y, to, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return { startDate: `${y}-${pad(from)}-01`, endDate: `${y}-${pad(to)}-${pad(last)}` };
}

/** Toasts of the report actions (the spec is silent: ours, in its style). */
export const ReportMessages = {
  filed: 'Report Marked as Filed',
  unfiled: 'Filing Undone',
  archived: 'Report Archived',
  updateFailed: 'Failed to update report',
} as const;
