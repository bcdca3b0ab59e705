import { vatDueDate, vatPeriod, vatPeriodLabel, type FinancialReport, type VatFilingFrequency } from '@billpoint/proto';

/** Upcoming: the period has not ended, so its return is not due yet (it may be filed early). */
export type DeadlineStatus = 'Filed' | 'Pending' | 'Overdue' | 'Upcoming';
export type Deadline = {
  /** 2026-11, 2026-Q3 or 2026 */
  period: string;
  title: string;
  startDate: string;
  endDate: string;
  /** yyyy-mm-dd */
  dueDate: string;
  status: DeadlineStatus;
  /** The report marked filed for it, else the latest return report covering it (ready to be filed), if any. */
  report: FinancialReport | null;
};

/** How the organization files VAT (its settings): what periods its returns cover and when each is due. */
export interface VatFiling {
  /** The seller's country (the billing address), ISO alpha-2; null: the general rule. */
  country: string | null;
  frequency: VatFilingFrequency;
  extension: boolean;
}

/** The reports that count as the return of a period. */
const RETURN_TYPES: readonly FinancialReport['type'][] = ['sales_tax', 'vat_return', 'tax_summary', 'quarterly_tax'];

/**
 * The Tax Compliance tab's deadlines, from the organization's real periods rather than fixed dates: the returns of
 * the two periods (months, quarters or years, as the organization files) before the current one and of the current
 * one — but none before the period the organization was created in (`since`), which owes no return for the time
 * before it existed. Each is due on the date vatDueDate gives for the seller's country, the frequency and Germany's
 * extension: the same date the AI insight names. A period is Filed when a tax report (sales tax, VAT return, tax
 * summary) covering exactly that period was marked filed (it stays so when archived after); otherwise its return is
 * due only once the period has ended: Upcoming while it runs, then Pending until its due date, then Overdue.
 * Generating the report alone does not file the return.
 *
 * `today` is the day in the organization's time zone, `since` the day the organization was created (null: no bound).
 */
export function complianceDeadlines({
  today,
  since,
  reports,
  vat,
}: {
  today: string;
  since: string | null;
  reports: readonly FinancialReport[];
  vat: VatFiling;
}): Deadline[] {
  const first = since ? vatPeriod(vat.frequency, since).startDate : null;
  const offsets = [-2, -1, 0].filter((offset) => first === null || vatPeriod(vat.frequency, today, offset).startDate >= first);
  return offsets.map((offset) => {
    const range = vatPeriod(vat.frequency, today, offset);
    const { startDate, endDate } = range;
    const period = vatPeriodLabel(vat.frequency, range);
    const dueDate = vatDueDate({ ...vat, period: range });
    const covering = reports.filter(
      (r) => RETURN_TYPES.includes(r.type) && r.startDate.slice(0, 10) === startDate && r.endDate.slice(0, 10) === endDate,
    );
    const filed = covering.find((r) => r.filedAt !== null && (r.status === 'filed' || r.status === 'archived')) ?? null;
    const ready = covering.find((r) => r.status === 'generated') ?? null;
    const status: DeadlineStatus = filed ? 'Filed' : today <= endDate ? 'Upcoming' : today > dueDate ? 'Overdue' : 'Pending';
    return { period, title: `${period} tax return`, startDate, endDate, dueDate, status, report: filed ?? ready };
  });
}
