import { reportPeriodLabel, reportPeriodRange, type FinancialReport } from '@billpoint/proto';

/** Upcoming: the quarter has not ended, so its return is not due yet (it may be filed early). */
export type DeadlineStatus = 'Filed' | 'Pending' | 'Overdue' | 'Upcoming';
export type Deadline = {
  /** 2026-Q3 */
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

/** The reports that count as the return of a quarter. */
const RETURN_TYPES: readonly FinancialReport['type'][] = ['sales_tax', 'vat_return', 'tax_summary', 'quarterly_tax'];

const pad = (n: number) => String(n).padStart(2, '0');

/** The first day (yyyy-mm-dd) of the quarter `offset` quarters from the one containing `date`. */
function quarterStart(date: string, offset: number): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const index = y * 4 + Math.floor((m - 1) / 3) + offset;
  return `${Math.floor(index / 4)}-${pad((index % 4) * 3 + 1)}-01`;
}

/** A quarter's return is due on the last day of the month after the quarter ends (Q3 → October 31). */
export function quarterDueDate(endDate: string): string {
  const [y, m] = endDate.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m + 1, 0));
  return `${last.getUTCFullYear()}-${pad(last.getUTCMonth() + 1)}-${pad(last.getUTCDate())}`;
}

/**
 * The Tax Compliance tab's deadlines, from the organization's real quarters rather than fixed dates: the returns of
 * the two quarters before the current one and of the current quarter — but none before the quarter the organization
 * was created in (`since`), which owes no return for the time before it existed. A quarter is Filed when a tax report
 * (sales tax, VAT return, tax summary) covering exactly that quarter was marked filed (it stays so when archived
 * after); otherwise its return is due only once the quarter has ended: Upcoming while it runs, then Pending until its
 * due date, then Overdue. Generating the report alone does not file the return.
 *
 * `current` is a date inside the current quarter (the tax summary's start, in the organization's time zone), `today`
 * the date to compare with, `since` the day the organization was created (null: no bound).
 */
export function complianceDeadlines({
  current,
  today,
  since,
  reports,
}: {
  current: string;
  today: string;
  since: string | null;
  reports: readonly FinancialReport[];
}): Deadline[] {
  const first = since ? quarterStart(since, 0) : null;
  const offsets = [-2, -1, 0].filter((offset) => first === null || quarterStart(current, offset) >= first);
  return offsets.map((offset) => {
    const start = quarterStart(current, offset);
    const { startDate, endDate } = reportPeriodRange('current-quarter', start);
    const period = reportPeriodLabel('current-quarter', start);
    const dueDate = quarterDueDate(endDate);
    const covering = reports.filter(
      (r) => RETURN_TYPES.includes(r.type) && r.startDate.slice(0, 10) === startDate && r.endDate.slice(0, 10) === endDate,
    );
    const filed = covering.find((r) => r.filedAt !== null && (r.status === 'filed' || r.status === 'archived')) ?? null;
    const ready = covering.find((r) => r.status === 'generated') ?? null;
    const status: DeadlineStatus = filed ? 'Filed' : today <= endDate ? 'Upcoming' : today > dueDate ? 'Overdue' : 'Pending';
    return { period, title: `${period} tax return`, startDate, endDate, dueDate, status, report: filed ?? ready };
  });
}
